#!/usr/bin/env bash
# Everything the reliability work proves, in one command:
#
#   Tests/Scripts/reliability.sh [FUZZ_SECONDS]
#
# 1. the test suite, which includes the fault tests (killed edits, full disk and I/O
#    errors through an LD_PRELOAD shim, permissions as an unprivileged user, metadata,
#    concurrent writers, bad input) and replays the fuzz seeds and regressions, with
#    1,000 trials of concurrent edits and undo (CI runs 60);
# 2. the test suite under ThreadSanitizer, then AddressSanitizer with LeakSanitizer
#    (Tests/Scripts/lsan.supp suppresses the test runner's own allocations, which live to
#    exit, and two toolchain leaks the tests' helpers reach);
# 3. each fuzz target (documents, undo records, directory walks), for FUZZ_SECONDS
#    (default 600) each, from the committed seeds.
#
# .ci/run runs step 1 only (the fast part).
set -euo pipefail
cd "$(dirname "$0")/../.."
fuzz_seconds="${1:-600}"

CHK_RELIABILITY_TRIALS=1000 swift test
swift test --sanitize=thread
LSAN_OPTIONS=suppressions="$PWD/Tests/Scripts/lsan.supp" swift test --sanitize=address
for target in document undo walk; do
  Tests/Scripts/run-fuzzer.sh "$target" "$fuzz_seconds"
done
