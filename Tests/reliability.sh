#!/usr/bin/env bash
# Everything the reliability work proves, in one command:
#
#   Tests/reliability.sh [FUZZ_SECONDS]
#
# 1. the test suite, which includes the fault tests (killed edits, full disk and I/O
#    errors through an LD_PRELOAD shim, permissions as an unprivileged user, metadata,
#    concurrent writers, bad input) and replays the fuzz seeds and regressions;
# 2. the test suite under ThreadSanitizer, then AddressSanitizer with LeakSanitizer
#    (Tests/lsan.supp suppresses the test runner's own allocations, which live to
#    exit, and two toolchain leaks the tests' helpers reach);
# 3. the fuzzer, for FUZZ_SECONDS (default 600), from the committed seeds.
#
# .ci/run runs step 1 only (the fast part).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds="${1:-600}"

swift test
swift test --sanitize=thread
LSAN_OPTIONS=suppressions="$PWD/Tests/lsan.supp" swift test --sanitize=address
Tests/Fuzz/run-fuzzer.sh "$fuzz_seconds"
