#!/usr/bin/env bash
# Builds chk-fuzz with libFuzzer and AddressSanitizer and fuzzes one target for SECONDS
# (default 60):
#
#   Tests/Scripts/run-fuzzer.sh [TARGET] [SECONDS] [extra libFuzzer flags...]
#
# TARGET is `document` (the default: parse, serialize, fmt, lint, edits, merge, JSON),
# `undo` (undo records), `walk` (directory walks over generated trees with symbolic
# links), `lsp` (the language server's message reader and dispatch), `config`
# (the .chk.json lookup over generated trees and paths, and file URIs) or `tui` (the
# terminal UI's session: keys, resizes and other writers' changes), `export` (the
# calendar feed of any checklist, read as a strict client reads it) or `remind` (the
# reminders of any checklist at any moment, each once). Seeds are in
# Tests/Fuzz/seeds and Tests/Fuzz/TARGET-seeds.
# New interesting inputs go to a scratch corpus (.build/fuzz-corpus-TARGET, kept between
# runs); crashes go to .build/fuzz-crashes-TARGET. Copy a crash into the target's
# regressions folder (Tests/Fuzz/regressions, TARGET-regressions) once
# fixed: the tests replay every file there.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=document
case "${1:-}" in
  document | undo | walk | lsp | config | tui | export | remind) target="$1"; shift ;;
esac
seconds="${1:-60}"
shift || true
case "$target" in
  document) seeds=Tests/Fuzz/seeds regressions=Tests/Fuzz/regressions ;;
  *) seeds="Tests/Fuzz/$target-seeds" regressions="Tests/Fuzz/$target-regressions" ;;
esac
corpus=".build/fuzz-corpus-$target"
crashes=".build/fuzz-crashes-$target"
mkdir -p "$corpus" "$crashes" "$regressions"

# Passing --sanitize twice drops coverage; this is the combination that works.
swift build -c release --product chk-fuzz --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCHK_FUZZ

export SWIFT_BACKTRACE=enable=no
# The same leak suppressions as the sanitized tests (one-time tables).
export LSAN_OPTIONS="suppressions=$PWD/Tests/Scripts/lsan.supp"
export CHK_FUZZ_TARGET="$target"
exec .build/release/chk-fuzz "$corpus" "$seeds" "$regressions" \
  -dict=Tests/Fuzz/chk.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" "$@"
