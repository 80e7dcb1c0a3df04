#!/usr/bin/env bash
# Mutation testing: applies each mutation of Tests/Scripts/Mutations/*.mutations to a copy of
# the tree, runs the test suite against it, and reports which mutants the tests killed
# (and by which tests) and which survived.
#
#   Tests/Scripts/mutation.sh                   every mutation (about 40 s each here, after one build)
#   Tests/Scripts/mutation.sh ID...             only these
#   MUTATION_FILTER=Lint Tests/Scripts/mutation.sh   run only the tests matching a filter
#   MUTATION_FILES=.build/generated.mutations Tests/Scripts/mutation.sh
#                                               other mutation files (such as mechanical
#                                               ones from Tests/Scripts/generate-mutants.py)
#   Tests/Scripts/mutation.sh --draw 10 SEED [PATH...]
#                                               a change's teeth in minutes: 10 mechanical
#                                               mutants drawn from PATH (default: the Swift
#                                               files of Sources changed since origin/main,
#                                               else since HEAD~1), each run against only
#                                               the test targets that depend on its module
#                                               (Package.swift), end-to-end tests (chkTests)
#                                               only for Sources/chk; a lower bound of the
#                                               whole suite's kill rate
#   MUTATION_SCOPE=targets                      that choice of targets for any mutation file
#
# The summary gives the kill rate per folder of Sources.
#
# The source tree is never changed: the mutants live in a git worktree of HEAD (commit
# what is to be measured; the mutation list and uncommitted test changes are taken
# from the working tree) under
# .build/mutation-tree (rebuilt incrementally between mutants), each file restored
# with `git checkout` after its run and the worktree removed on exit, even when
# interrupted. A mutation is a block in a .mutations file:
#
#   id: open-children-counts-checked
#   file: Sources/ChecklistKit/Linting/Rules/OpenChildren.swift
#   intent: a checked sub-item is counted as open
#   find: open[parent].checked, !record.isChecked {
#   replace: open[parent].checked {
#
# `find` must occur exactly once in the file (else the mutation is reported as
# invalid). Blocks are separated by blank lines; lines starting with # are comments.
# The results go to .build/mutation-results.tsv (id, result, killing tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
if [ "${1:-}" = "--draw" ]; then
  count=${2:?--draw COUNT [SEED] [PATH...]}
  seed=${3:-$RANDOM}
  shift $(($# < 3 ? $# : 3))
  paths=("$@")
  if [ ${#paths[@]} -eq 0 ]; then
    base=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD~1)
    [ "$base" = "$(git rev-parse HEAD)" ] && base=$(git rev-parse HEAD~1)
    mapfile -t paths < <(git diff --name-only --diff-filter=AM "$base" HEAD -- 'Sources/*.swift')
  fi
  [ ${#paths[@]} -gt 0 ] || { echo "no Swift files to draw mutants from" >&2; exit 64; }
  mkdir -p .build
  python3 Tests/Scripts/generate-mutants.py "$count" "$seed" "${paths[@]}" >.build/drawn.mutations
  echo "drew $(grep -c '^id: ' .build/drawn.mutations) mutants (seed $seed) into .build/drawn.mutations"
  export MUTATION_FILES=.build/drawn.mutations MUTATION_SCOPE=targets
  set --
fi
tree=$root/.build/mutation-tree
# The mutants' build products, kept between runs of this script (the first run
# builds everything once).
scratch=$root/.build/mutation-scratch
results=$root/.build/mutation-results.tsv
filter=${MUTATION_FILTER:-}

cleanup() {
  git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
  git -C "$root" worktree prune >/dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM
cleanup
git -C "$root" worktree add --detach "$tree" HEAD >/dev/null
# Uncommitted changes to the tests are part of what is measured.
git -C "$root" diff HEAD -- Tests | git -C "$tree" apply --allow-empty 2>/dev/null || true

python3 - "$tree" "$results" "$filter" "$scratch" "$root" "$@" <<'PYTHON'
import os, re, subprocess, sys, time

tree, results, test_filter, scratch, root, wanted = (
    sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:])
mutations = []
# The list as it is in the working tree; the sources as committed (HEAD).
directory = os.path.join(root, "Tests", "Scripts", "Mutations")
paths = [os.path.join(directory, name) for name in sorted(os.listdir(directory))
         if name.endswith(".mutations")]
if os.environ.get("MUTATION_FILES"):
    paths = [os.path.join(root, name) for name in os.environ["MUTATION_FILES"].split()]
for path in paths:
    block = {}
    for raw in open(path, encoding="utf-8").read().split("\n") + [""]:
        if raw.startswith("#"):
            continue
        if not raw.strip():
            if block:
                mutations.append(block)
            block = {}
            continue
        key, _, value = raw.partition(": ")
        block[key.strip()] = value.replace("\\n", "\n")
for mutation in mutations:
    for key in ("id", "file", "intent", "find", "replace"):
        if key not in mutation:
            sys.exit("mutation %r lacks %r" % (mutation.get("id"), key))
if wanted:
    mutations = [m for m in mutations if m["id"] in wanted]

def run(arguments, timeout):
    try:
        done = subprocess.run(arguments, cwd=tree, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as expired:
        return -1, str(expired.stdout or "") + "\n(timed out)"

# A mutant that sends the tests into an endless loop is killed once its test run takes
# three times the unchanged tree's (and at least two minutes).
test_timeout = 1800
test_seconds = 0.0

# MUTATION_SCOPE=targets: each mutant runs the test targets that depend on its module
# in Package.swift; chkTests (end to end, minutes) only for the executable's own sources.
scoped = os.environ.get("MUTATION_SCOPE") == "targets"
package = open(os.path.join(tree, "Package.swift"), encoding="utf-8").read()
dependents = {}
for name, dependencies in re.findall(
        r'\.testTarget\(\s*name: "(\w+)",[^\]]*?dependencies: \[([^\]]*)\]', package):
    for module in re.findall(r'"([\w-]+)"', dependencies):
        dependents.setdefault(module, []).append(name)

def targets(file):
    module = file.split("/")[1]
    names = [t for t in dependents.get(module, []) if t != "chkTests" or module == "chk"]
    return names or ["chkTests"]

def test(filter_=None):
    global test_seconds
    build, output = run(["swift", "build", "--build-tests", "--scratch-path", scratch], 3600)
    if build != 0:
        return "killed", ["(does not compile)"]
    arguments = ["swift", "test", "--skip-build", "--scratch-path", scratch]
    filter_ = filter_ or test_filter
    if filter_:
        arguments += ["--filter", filter_]
    began = time.time()
    status, output = run(arguments, test_timeout)
    test_seconds = time.time() - began
    if status == -1:
        return "killed", ["(timed out)"]
    failed = sorted(set(re.findall(r"✘ Test (\S+?)\(", output)))
    failed += sorted(set(re.findall(r"error: -\[\S+ (\S+)\] :", output)))
    if status == 0:
        return "survived", []
    return "killed", failed or ["(the run failed)"]

def scope(mutation):
    return "|".join(targets(mutation["file"])) if scoped else None

print("baseline: building and testing the unchanged tree...", flush=True)
wanted_targets = sorted({t for m in mutations for t in targets(m["file"])}) if scoped else []
baseline, failing = test("|".join(wanted_targets) or None)
test_timeout = max(120, 3 * test_seconds)
if baseline != "survived":
    sys.exit("the unchanged tree does not pass its tests; fix that first: " + ", ".join(failing))

rows = []
for mutation in mutations:
    path = os.path.join(tree, mutation["file"])
    original = open(path, encoding="utf-8").read()
    if original.count(mutation["find"]) != 1:
        rows.append((mutation["id"], "invalid", "find occurs %d times" % original.count(mutation["find"])))
        print("%-40s invalid" % mutation["id"], flush=True)
        continue
    start = time.time()
    open(path, "w", encoding="utf-8").write(original.replace(mutation["find"], mutation["replace"]))
    try:
        result, tests = test(scope(mutation))
    finally:
        subprocess.run(["git", "checkout", "--", mutation["file"]], cwd=tree, check=True)
    rows.append((mutation["id"], result, ", ".join(tests[:5]) + (" ..." if len(tests) > 5 else "")))
    print("%-40s %-8s %4.0f s  %s" % (mutation["id"], result, time.time() - start, rows[-1][2]), flush=True)

with open(results, "w", encoding="utf-8") as out:
    for row in rows:
        out.write("\t".join(row) + "\n")
valid = [row for row in rows if row[1] != "invalid"]
killed = [row for row in valid if row[1] == "killed"]
print()
print("killed %d of %d mutants (%.0f%%); %d invalid" % (
    len(killed), len(valid), 100.0 * len(killed) / max(1, len(valid)), len(rows) - len(valid)))
folders = {}
for row in valid:
    mutation = next(m for m in mutations if m["id"] == row[0])
    folder = os.path.dirname(mutation["file"])
    total = folders.setdefault(folder, [0, 0])
    total[0] += row[1] == "killed"
    total[1] += 1
for folder, (dead, count) in sorted(folders.items()):
    print("  %-50s %3d of %3d killed" % (folder, dead, count))
for row in valid:
    if row[1] == "survived":
        mutation = next(m for m in mutations if m["id"] == row[0])
        print("survived: %s (%s): %s" % (row[0], mutation["file"], mutation["intent"]))
print("results: %s" % results)
PYTHON
