#!/usr/bin/env python3
"""Rendering oracle: does a change keep what GitHub's renderer (cmark-gfm) shows?

The tests send one JSON request on standard input and read one JSON answer:

    {"cases": [{"before": MARKDOWN, "after": MARKDOWN,
                "before_mask": [LINE...], "after_mask": [LINE...],
                "before_drop": [LINE...], "after_drop": [LINE...]}, ...]}

Each side is rendered with the PyPI package `cmarkgfm` (cmark-gfm with GitHub's
extensions and source positions) and normalized:

- a list item or heading that starts on a `*_mask` line keeps its place (and an item
  its children), but its own content (checkbox, text, tags) becomes a placeholder: the
  target of an edit may change, nothing else may;
- a block other than a list that starts on a `*_drop` line (a list item, heading,
  paragraph, table, code block...) is removed with everything in it (an item or list that was added, removed
  or moved), and a list left empty goes too;
- source positions are dropped and runs of white space in text collapse to one space
  (a browser shows them so), except inside <pre>;
- with "loose": true (for removing and moving items: taking an item out of a list
  can make the list tight, as blank lines separated it from its neighbours, and taking
  out the first item of an ordered list makes it start at the next number), a
  paragraph directly in a list item is unwrapped and an ordered list's start dropped,
  on both sides;
- an ATX heading on a `before_drop_sections` line is removed with everything after it
  up to the next ATX heading (a deleted list: raw HTML and tables have no source position,
  so they cannot be dropped by line);

The answer is {"results": [{"same": BOOL, "before": HTML, "after": HTML}]}, the
normalized HTML only where the two differ. With --facts, each case is
{"text": MARKDOWN} and the answer lists, per document, the lines cmark-gfm starts a
list item on, the first item line of every list (with whether the list is loose), and
the lines that end in a hard line break.

    python3 -m venv .build/oracle && .build/oracle/bin/pip install cmarkgfm
    CHK_ORACLE_PYTHON=.build/oracle/bin/python swift test
"""
import json
import re
import sys
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"input", "br", "hr", "img", "meta", "link", "area", "base", "col", "embed", "source",
        "track", "wbr", "param"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children = []

    def line(self):
        position = self.attrs.get("data-sourcepos")
        return int(position.split(":")[0]) if position else None


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)

    def handle_entityref(self, name):
        self.current.children.append("&" + name + ";")

    def handle_charref(self, name):
        self.current.children.append("&#" + name + ";")

    def handle_comment(self, data):
        self.current.children.append("<!--" + data + "-->")


def render(markdown):
    return cmarkgfm.github_flavored_markdown_to_html(
        markdown, options=Options.CMARK_OPT_SOURCEPOS | Options.CMARK_OPT_UNSAFE)


def tree(markdown):
    builder = TreeBuilder()
    builder.feed(render(markdown))
    builder.close()
    return builder.root


def transform(node, mask, drop):
    """Applies mask and drop to the list items below node; returns node's new children."""
    kept = []
    for child in node.children:
        if isinstance(child, str):
            kept.append(child)
            continue
        # A list goes when its items do (it starts on its first item's line).
        if child.tag not in ("ul", "ol") and child.line() in drop:
            continue
        if child.tag in HEADINGS and child.line() in mask:
            child.children = ["\u00a7"]
        if child.tag == "li" and child.line() in mask:
            nested = [c for c in child.children if not isinstance(c, str) and c.tag in ("ul", "ol")]
            child.children = ["\u00a7"] + nested
        child.children = transform(child, mask, drop)
        if child.tag in ("ul", "ol") and not any(
                not isinstance(c, str) and c.tag == "li" for c in child.children):
            continue
        kept.append(child)
    return kept


def serialize(node, out, preformatted=False):
    # The parser may hand one run of text over in pieces: join them before collapsing.
    children = []
    for child in node.children:
        if isinstance(child, str) and children and isinstance(children[-1], str):
            children[-1] += child
        else:
            children.append(child)
    for child in children:
        if isinstance(child, str):
            out.append(child if preformatted else re.sub(r"\s+", " ", child))
            continue
        attrs = "".join(
            f' {k}="{v if v is not None else ""}"' for k, v in sorted(child.attrs.items())
            if k != "data-sourcepos")
        out.append(f"<{child.tag}{attrs}>")
        if child.tag not in VOID:
            serialize(child, out, preformatted or child.tag == "pre")
            out.append(f"</{child.tag}>")


def unwrap(node):
    """Unwraps every paragraph directly in a list item: tight and loose lists alike."""
    for child in node.children:
        if isinstance(child, str):
            continue
        unwrap(child)
        if child.tag == "ol":
            child.attrs.pop("start", None)
        if child.tag == "li":
            flat = []
            for grandchild in child.children:
                if not isinstance(grandchild, str) and grandchild.tag == "p":
                    flat += [" "] + grandchild.children + [" "]
                else:
                    flat.append(grandchild)
            child.children = flat


def raw(node):
    """Whether an element is raw HTML from the source (cmark's own blocks carry a
    source position)."""
    return not isinstance(node, str) and "data-sourcepos" not in node.attrs


def atx(node):
    """Whether an element is an ATX heading (`## Title`, one line): chk's lists start only
    there, not at a setext heading (text underlined with `===`), which spans two lines."""
    if isinstance(node, str) or node.tag not in HEADINGS:
        return False
    position = node.attrs.get("data-sourcepos", "")
    lines = [part.split(":")[0] for part in position.split("-")]
    return len(lines) == 2 and lines[0] == lines[1]


def contains_heading(node):
    return any(atx(c) or (raw(c) and contains_heading(c)) for c in node.children)


def drop_sections(node, headings, state):
    """Walks in document order; from a dropped heading to the next heading, removes
    everything except raw HTML (such as <details>) that holds a later heading, which
    is walked into. Headings inside list items do not count: chk reads them as text."""
    kept = []
    for child in node.children:
        if atx(child):
            state["dropping"] = child.line() in headings
        if raw(child) and contains_heading(child):
            drop_sections(child, headings, state)
            kept.append(child)
        elif not state["dropping"]:
            kept.append(child)
    node.children = kept


def normalized(markdown, mask, drop, loose=False, sections=()):
    root = tree(markdown)
    if sections:
        drop_sections(root, set(sections), {"dropping": False})
    root.children = transform(root, set(mask), set(drop))
    if loose:
        unwrap(root)
    out = []
    serialize(root, out)
    text = "".join(out)
    # White space next to a tag is not shown; a space inside text is.
    text = re.sub(r"\s*(<[^>]+>)\s*", r"\1", text)
    return text.strip()


def compare(case):
    loose = case.get("loose", False)
    before = normalized(
        case["before"], case.get("before_mask", []), case.get("before_drop", []), loose,
        case.get("before_drop_sections", []))
    after = normalized(
        case["after"], case.get("after_mask", []), case.get("after_drop", []), loose)
    if before == after:
        return {"same": True}
    return {"same": False, "before": before, "after": after}


def facts(case):
    root = tree(case["text"])
    items, lists, breaks = [], [], []

    def walk(node):
        for child in node.children:
            if isinstance(child, str):
                continue
            if child.tag in ("ul", "ol"):
                lis = [c for c in child.children if not isinstance(c, str) and c.tag == "li"]
                if lis:
                    loose = any(not isinstance(g, str) and g.tag == "p"
                                for li in lis for g in li.children)
                    lists.append([lis[0].line(), 1 if loose else 0])
            if child.tag == "li":
                items.append(child.line())
            if child.tag == "p" and child.line():
                line = child.line()
                for grandchild in child.children:
                    if isinstance(grandchild, str):
                        line += grandchild.count("\n")
                    elif grandchild.tag == "br":
                        breaks.append(line)
                    else:
                        line += text_of(grandchild).count("\n")
            walk(child)

    def text_of(node):
        return "".join(c if isinstance(c, str) else text_of(c) for c in node.children)

    walk(root)
    return {"items": sorted(items), "lists": sorted(lists), "breaks": sorted(set(breaks))}


def main():
    request = json.load(sys.stdin)
    handler = facts if "--facts" in sys.argv else compare
    json.dump({"results": [handler(case) for case in request["cases"]]}, sys.stdout)


if __name__ == "__main__":
    main()
