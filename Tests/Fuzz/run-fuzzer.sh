#!/usr/bin/env bash
# Builds chk-fuzz with libFuzzer and AddressSanitizer and fuzzes for SECONDS (default
# 60). New interesting inputs go to a scratch corpus (default .build/fuzz-corpus, kept
# between runs); crashes go to .build/fuzz-crashes. Copy a crash into
# Tests/Fuzz/regressions/ once fixed: the tests replay every file there.
#
#   Tests/Fuzz/run-fuzzer.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
corpus=".build/fuzz-corpus"
crashes=".build/fuzz-crashes"
mkdir -p "$corpus" "$crashes"

# Passing --sanitize twice drops coverage; this is the combination that works.
swift build -c release --product chk-fuzz --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCHK_FUZZ

export SWIFT_BACKTRACE=enable=no
exec .build/release/chk-fuzz "$corpus" Tests/Fuzz/seeds Tests/Fuzz/regressions \
  -dict=Tests/Fuzz/chk.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" "$@"
