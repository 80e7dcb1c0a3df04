#!/usr/bin/env python3
"""Mechanical mutants for Tests/Scripts/mutation.sh, drawn at random:

    Tests/Scripts/generate-mutants.py COUNT SEED [FOLDER_OR_FILE...] > .build/generated.mutations
    MUTATION_FILES=.build/generated.mutations Tests/Scripts/mutation.sh

Each mutant is one of: a comparison flipped (< and <=, > and >=, == and !=), a `!`
dropped, `&&` and `||` swapped, a ternary's branches swapped, or a range bound moved
by one (`..<` and `...`), on one line of Swift under the folders given (default
Sources/, without Generated/, the benchmark and the fuzz targets). A line must occur
once in its file, so that `find:` names it. Comments and lines inside string literals
are skipped.
"""
import os
import random
import re
import sys

OPERATORS = [
    ("comparison", re.compile(r" (<=|>=|==|!=|<|>) "),
     lambda m: " " + {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}[m.group(1)] + " "),
    ("negation", re.compile(r"(?<![\w)\]])!(?=[\w(])"), lambda m: ""),
    ("logic", re.compile(r" (&&|\|\|) "), lambda m: " || " if m.group(1) == "&&" else " && "),
    ("ternary", re.compile(r" \? ([\w.\"]+) : ([\w.\"]+)"), lambda m: f" ? {m.group(2)} : {m.group(1)}"),
    ("range", re.compile(r"(?<=[\w)\]])(\.\.<|\.\.\.)(?=[\w(])"),
     lambda m: "..." if m.group(1) == "..<" else "..<"),
]
SKIP = ("/Generated/", "/Benchmark/", "/chk-bench/", "/FuzzChecks/", "/chk-fuzz/", "/CSupport/")


def files(paths):
    for path in paths:
        if path.endswith(".swift"):
            if not any(s in "/" + path for s in SKIP):
                yield path
            continue
        for folder, _, names in os.walk(path):
            for name in sorted(names):
                full = os.path.join(folder, name)
                if name.endswith(".swift") and not any(s in full + "/" for s in SKIP):
                    yield full


def candidates(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    in_string = False
    for number, line in enumerate(lines, 1):
        if line.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        stripped = line.strip()
        if in_string or stripped.startswith("//") or stripped.startswith("#") or not stripped:
            continue
        code = line.split("//")[0]
        if text.count(line) != 1 or "\\(" in code:
            continue
        for kind, pattern, replace in OPERATORS:
            for match in pattern.finditer(code):
                if code[:match.start()].count('"') % 2 == 1:
                    continue  # inside a string literal
                mutated = code[:match.start()] + replace(match) + code[match.end():]
                if mutated == code:
                    continue  # a ternary with the same value on both sides
                yield number, kind, line, mutated + line[len(code):]


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    pool = []
    for path in files(sys.argv[3:] or ["Sources"]):
        pool.extend((path, *candidate) for candidate in candidates(path))
    chosen = random.Random(seed).sample(pool, min(count, len(pool)))
    print(f"# {len(chosen)} mutants drawn from {len(pool)} candidates (seed {seed})")
    seen = {}
    for path, number, kind, line, mutated in sorted(chosen):
        stem = os.path.splitext(os.path.basename(path))[0]
        name = f"gen-{stem}-{number}-{kind}"
        seen[name] = seen.get(name, 0) + 1
        print()
        print(f"id: {name}" + (f"-{seen[name]}" if seen[name] > 1 else ""))
        print(f"file: {path}")
        print(f"intent: generated: {kind} on line {number}")
        print(f"find: {line}")
        print(f"replace: {mutated}")


if __name__ == "__main__":
    main()
