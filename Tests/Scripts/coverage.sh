#!/usr/bin/env bash
# Line and branch coverage of Sources by the test suite, per target and per file, with
# the uncovered lines of the files named:
#
#   Tests/Scripts/coverage.sh                      the tables
#   Tests/Scripts/coverage.sh Sources/X/Y.swift    ... and Y.swift's uncovered lines
#   COVERAGE_ONLY=1 Tests/Scripts/coverage.sh      report the last run again, no tests
#
# Builds and runs `swift test --enable-code-coverage` in its own scratch directory
# (.build/coverage, so the usual build is untouched; about 10 minutes here), with the
# oracles when CHK_ORACLE_PYTHON is set. Coverage counts the test binary and the `chk`
# binary the end-to-end tests run (both instrumented). Generated code
# (Sources/ChkCommands/Generated), the benchmark (Benchmark, chk-bench) and the fuzz
# targets (FuzzChecks, chk-fuzz) are left out: they are not the product. Files under
# 75% of their lines are marked with '<'.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build/coverage
if [ -z "${COVERAGE_ONLY:-}" ]; then
  swift test --enable-code-coverage --scratch-path "$scratch" >"$scratch.log" 2>&1 ||
    echo "note: some tests failed (see $scratch.log); coverage is of the run as it went"
fi
profdata=$(find "$scratch" -name default.profdata -path '*codecov*' | head -1)
tests=$(find "$scratch/debug/" -maxdepth 1 -name '*.xctest' | head -1)
[ -n "$profdata" ] && [ -n "$tests" ] || { echo "no coverage data under $scratch" >&2; exit 1; }
objects=("$tests")
[ -x "$scratch/debug/chk" ] && objects+=(-object "$scratch/debug/chk")
ignore='(/\.build/|/Tests/|/Generated/|/Benchmark/|/chk-bench/|/FuzzChecks/|/chk-fuzz/)'
llvm-cov export -summary-only -instr-profile "$profdata" -ignore-filename-regex "$ignore" \
  "${objects[@]}" >"$scratch.json"
python3 - "$scratch.json" "$PWD/" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
root = sys.argv[2]
files = []
for entry in data["data"][0]["files"]:
    name = entry["filename"].replace(root, "")
    summary = entry["summary"]
    files.append((name, summary["lines"], summary["branches"]))
targets = {}
for name, lines, branches in files:
    target = name.split("/")[1] if name.startswith("Sources/") else name
    total = targets.setdefault(target, [0, 0, 0, 0])
    total[0] += lines["covered"]; total[1] += lines["count"]
    total[2] += branches["covered"]; total[3] += branches["count"]
def percent(covered, count):
    return 100.0 * covered / count if count else 100.0
print(f"{'target':<22} {'lines':>8} {'branches':>9}")
all_lines = [0, 0, 0, 0]
for target, (lc, ln, bc, bn) in sorted(targets.items()):
    print(f"{target:<22} {percent(lc, ln):7.1f}% {percent(bc, bn):8.1f}%")
    all_lines = [a + b for a, b in zip(all_lines, (lc, ln, bc, bn))]
print(f"{'all':<22} {percent(all_lines[0], all_lines[1]):7.1f}% {percent(all_lines[2], all_lines[3]):8.1f}%")
print()
print(f"{'file':<70} {'lines':>8} {'branches':>9}")
for name, lines, branches in sorted(files):
    mark = " <" if percent(lines["covered"], lines["count"]) < 75 else ""
    print(f"{name:<70} {percent(lines['covered'], lines['count']):7.1f}% "
          f"{percent(branches['covered'], branches['count']):8.1f}%{mark}")
EOF
for file in "$@"; do
  echo
  echo "== uncovered lines of $file"
  llvm-cov show -instr-profile "$profdata" "${objects[@]}" "$PWD/$file" \
    -show-line-counts-or-regions | awk -F'|' '$2 ~ /^ *0$/ { print }'
done
