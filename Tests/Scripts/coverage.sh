#!/usr/bin/env bash
# Line and region coverage of Sources by the test suite, per target and per file, with
# the uncovered lines of the files named:
#
#   Tests/Scripts/coverage.sh                      the tables
#   Tests/Scripts/coverage.sh Sources/X/Y.swift    ... and Y.swift's uncovered lines
#   COVERAGE_ONLY=1 Tests/Scripts/coverage.sh      report the last run again, no tests
#
# Builds and runs `swift test --enable-code-coverage` in its own scratch directory
# (.build/coverage, so the usual build is untouched; about 10 minutes here), with the
# oracles when CHK_ORACLE_PYTHON is set. Coverage counts the test binary and the `chk`
# binary the end-to-end tests run (both instrumented). Some end-to-end tests fail
# under coverage, and that is expected: the tests that give `chk` an environment of
# their own (an unprivileged user, a bare PATH) drop LLVM_PROFILE_FILE, so the
# instrumented binary writes `default.profraw` where they list files or cannot write;
# their runs are missing from the figures. Generated code
# (Sources/ChkCommands/Generated), the benchmark (Benchmark, chk-bench) and the fuzz
# targets (FuzzChecks, chk-fuzz) are left out: they are not the product. Files under
# 75% of their lines are marked with '<'. Swift's coverage records no branches; regions
# (a branch's body is one) are the nearest figure.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build/coverage
# The toolchain's own LLVM tools: another llvm-profdata on PATH may not read its profiles.
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
if [ -z "${COVERAGE_ONLY:-}" ]; then
  swift test --enable-code-coverage --scratch-path "$scratch" >"$scratch.log" 2>&1 ||
    echo "note: some tests failed (see $scratch.log); coverage is of the run as it went"
fi
# SwiftPM merges the profiles only when every test passed; merge them here either way.
profdata=$scratch/coverage.profdata
find "$scratch" -path '*codecov*' -name '*.profraw' -print0 |
  xargs -0 "$toolchain/llvm-profdata" merge -sparse -failure-mode=all -o "$profdata" 2>/dev/null
tests=$(find "$scratch/debug/" -maxdepth 1 -name '*.xctest' | head -1)
[ -s "$profdata" ] && [ -n "$tests" ] || { echo "no coverage data under $scratch" >&2; exit 1; }
objects=("$tests")
[ -x "$scratch/debug/chk" ] && objects+=(-object "$scratch/debug/chk")
ignore='(/\.build/|/Tests/|/Generated/|/Benchmark/|/chk-bench/|/FuzzChecks/|/chk-fuzz/)'
"$toolchain/llvm-cov" export -summary-only -instr-profile "$profdata" -ignore-filename-regex "$ignore" \
  "${objects[@]}" >"$scratch.json"
python3 - "$scratch.json" "$PWD/" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
root = sys.argv[2]
# Swift's coverage has no branch records; regions (each branch's body is one) stand in.
files = []
for entry in data["data"][0]["files"]:
    summary = entry["summary"]
    files.append((entry["filename"].replace(root, ""), summary["lines"], summary["regions"]))
def percent(covered, count):
    return f"{100.0 * covered / count:7.1f}%" if count else "      -"
targets = {}
for name, lines, regions in files:
    target = name.split("/")[1] if name.startswith("Sources/") else name
    total = targets.setdefault(target, [0, 0, 0, 0])
    for index, value in enumerate((lines["covered"], lines["count"], regions["covered"], regions["count"])):
        total[index] += value
print(f"{'target':<22} {'lines':>8} {'regions':>8}")
whole = [0, 0, 0, 0]
for target, total in sorted(targets.items()):
    print(f"{target:<22} {percent(total[0], total[1])} {percent(total[2], total[3])}")
    whole = [a + b for a, b in zip(whole, total)]
print(f"{'all':<22} {percent(whole[0], whole[1])} {percent(whole[2], whole[3])}")
print()
print(f"{'file':<70} {'lines':>8} {'regions':>8}")
for name, lines, regions in sorted(files):
    low = lines["count"] and lines["covered"] < 0.75 * lines["count"]
    print(f"{name:<70} {percent(lines['covered'], lines['count'])} "
          f"{percent(regions['covered'], regions['count'])}{' <' if low else ''}")
EOF
for file in "$@"; do
  echo
  echo "== uncovered lines of $file"
  "$toolchain/llvm-cov" show -instr-profile "$profdata" "${objects[@]}" "$PWD/$file" \
    -show-line-counts-or-regions | awk -F'|' '$2 ~ /^ *0$/ { print }'
done
