#!/usr/bin/env bash
# Everything the reliability work proves, in one command:
#
#   Tests/reliability.sh [FUZZ_SECONDS]
#
# 1. the test suite, which includes the fault tests (killed edits, full disk and I/O
#    errors through an LD_PRELOAD shim, permissions as an unprivileged user, metadata,
#    concurrent writers, bad input) and replays the fuzz seeds and regressions;
# 2. the test suite under ThreadSanitizer, then AddressSanitizer (leak checking off:
#    the test runner's own allocations live to exit);
# 3. the fuzzer, for FUZZ_SECONDS (default 600), from the committed seeds.
#
# .ci/run runs step 1 only (the fast part).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds="${1:-600}"

swift test
swift test --sanitize=thread
ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address
Tests/Fuzz/run-fuzzer.sh "$fuzz_seconds"
