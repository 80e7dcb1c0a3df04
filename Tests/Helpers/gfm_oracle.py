#!/usr/bin/env python3
"""Differential oracle: which lines GitHub's renderer (cmark-gfm) makes task items.

Generates random Markdown documents from a seeded generator, renders them with the
PyPI package `cmarkgfm` (cmark-gfm with source positions), and records for every task
list item its line, the line of the nearest enclosing task item (0 for none) and its
checked state.

    pip install cmarkgfm
    python3 Tests/Helpers/gfm_oracle.py record 1500 42 \
        Tests/ChecklistKitTests/Fixtures/gfm-oracle.json

`OracleTests` parses every recorded document and expects exactly these items.

The generator avoids the documented differences between chk and GitHub (FORMAT.md,
"Known differences"): empty `- [ ]` items, front matter, BOMs, headings indented into
items, and task items inside block quotes or after a second list marker.
"""
import json
import random
import re
import sys
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

WORDS = ["milk", "eggs", "C#", "#12", "see", "[x]", "@home", "x.org/#frag", "héllo", "日本",
         "`code`", "*em*", "a\\#b", "@id(k3f9)", "@done(2024-01-02)", "#", "<b>", "done)"]


def text(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))


def indent(rng):
    return rng.choice(["", "", "", " ", "  ", "   ", "    ", "      ", "\t", "  \t", "        "])


def line(rng):
    kind = rng.random()
    if kind < 0.40:
        bullet = rng.choice(["-", "-", "-", "*", "+", "1.", "2.", "1)", "10.", "0."])
        gap = rng.choice([" ", " ", " ", "  ", "\t", "    ", "     "])
        box = rng.choice(["[ ]", "[ ]", "[x]", "[X]", "[-]", "[]", "[ x]", "[x ]"])
        sep = rng.choice([" ", " ", "\t", "  "])
        return indent(rng) + bullet + gap + box + sep + text(rng)
    if kind < 0.50:
        return indent(rng) + rng.choice(["-", "*", "1.", "2)"]) + " " + text(rng)
    if kind < 0.62:
        return indent(rng) + text(rng)
    if kind < 0.72:
        return ""
    if kind < 0.77:
        return indent(rng) + rng.choice(["```", "~~~", "````", "``` swift", "~~~~"])
    if kind < 0.80:
        return rng.choice(["# Heading", "## List", "###### Deep", "####### no", "#no"])
    if kind < 0.84:
        return indent(rng) + rng.choice(["***", "---", "- - -", "___", "===", "--"])
    if kind < 0.90:
        return indent(rng) + rng.choice(["<div>", "</div>", "<!-- c", "-->", "<!-- x -->",
                                         "<span>", "<pre>", "</pre>", "<details>", "<a href='x'>"])
    if kind < 0.95:
        return rng.choice(["> quote", "> - [ ] quoted", ">", "> ```"])
    return "    " + text(rng)


def nested_item(rng, columns):
    """An item indented near one of the content columns seen so far, so it may nest."""
    base = rng.choice(columns)
    pad = max(0, base + rng.choice([-2, -1, 0, 0, 0, 1, 2, 3, 4]))
    bullet = rng.choice(["-", "-", "*", "1.", "2)"])
    gap = rng.choice([" ", " ", "  ", "\t"])
    box = rng.choice(["[ ]", "[x]", "[ ]", "[-]"])
    prefix = " " * pad + bullet + gap
    columns.append(len(prefix.expandtabs(4)))
    return prefix + box + " " + text(rng)


def document(rng):
    lines = []
    columns = [0]
    for _ in range(rng.randint(1, 14)):
        roll = rng.random()
        if roll < 0.35:
            lines.append(nested_item(rng, columns))
        elif roll < 0.45:
            lines.append(" " * rng.choice(columns) + rng.choice(["", "```", "~~~", "<div>", "    code", "text"]))
        else:
            lines.append(line(rng))
    return rng.choice(["\n", "\n", "\r\n"]).join(lines) + rng.choice(["\n", ""])


class TaskItems(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []  # [line, is_task, seen_content]
        self.items = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "li":
            line = int(attrs["data-sourcepos"].split(":")[0])
            self.stack.append([line, False, False])
        elif tag == "input" and attrs.get("type") == "checkbox" and self.stack:
            top = self.stack[-1]
            if not top[2]:
                top[1] = True
                parent = next((s[0] for s in reversed(self.stack[:-1]) if s[1]), 0)
                self.items.append((top[0], parent, 1 if "checked" in attrs else 0))
            top[2] = True
        elif tag != "p" and self.stack:
            self.stack[-1][2] = True

    def handle_endtag(self, tag):
        if tag == "li" and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if data.strip() and self.stack:
            self.stack[-1][2] = True


def expected_items(doc):
    html = cmarkgfm.github_flavored_markdown_to_html(doc, options=Options.CMARK_OPT_SOURCEPOS)
    parser = TaskItems()
    parser.feed(html)
    source = doc.replace("\r\n", "\n").split("\n")
    items = []
    for line, parent, checked in parser.items:
        before = source[line - 1].split("[", 1)[0]
        if ">" in before:
            continue  # a task item inside a block quote: text for chk
        if len(before.split()) > 1:
            continue  # a task item after a second list marker: text for chk
        after = source[line - 1].split("[", 1)[1]
        if "[x]" in after[2:] or "[X]" in after[2:]:
            checked = 0 if after.startswith(" ") else 1  # GitHub checks on any [x]; chk reads the box
        items.append([line, parent, checked])
    return items


def documents(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        doc = document(rng)
        lines = doc.replace("\r\n", "\n").split("\n")
        if any(l.rstrip(" \t").endswith(("[ ]", "[x]", "[X]")) for l in lines):
            continue  # empty items differ on purpose
        if any(re.match(r"[ \t]+#{1,6}([ \t]|$)", l) for l in lines):
            continue  # a heading indented into an item starts a new list for chk
        yield doc


def main():
    mode = sys.argv[1]
    if mode == "record":
        count, seed, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        cases = [{"text": d, "items": expected_items(d)} for d in documents(count, seed)]
        with open(out, "w") as handle:
            json.dump({"seed": seed, "cases": cases}, handle, ensure_ascii=False, indent=0)
        print(f"recorded {len(cases)} documents")
    else:
        sys.exit("usage: gfm_oracle.py record COUNT SEED OUT.json")

if __name__ == "__main__":
    main()
