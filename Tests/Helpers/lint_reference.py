#!/usr/bin/env python3
"""A reference for chk's lint rules, written from chk(1)'s LINT RULES and checklist(5),
not from the Swift code: which lines are items is GitHub's answer (cmark-gfm, with
source positions), less what checklist(5) says chk does not count (task items inside
block quotes, a box after a second list marker on the same line); each item's text is
split into name, tags and note as checklist(5) says, and each rule is its sentence in
chk(1).

Reads {"files": {NAME: TEXT}, "today": "YYYY-MM-DD"} on standard input; writes
{"findings": {NAME: [[LINE, RULE], ...]}} for the rules it knows (RULES).
"""
import datetime
import json
import re
import sys
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

RULES = [
    "empty-name", "duplicate-id", "invalid-id", "invalid-every", "invalid-remind",
    "invalid-date", "duplicate-tag", "done-unchecked", "tag-in-name", "checkbox-in-text",
    "missing-id", "overdue", "open-item",
]
KNOWN = {"id", "done", "due", "icon", "every", "remind"}
TAG = r"@[a-z][a-z0-9_-]*(?:\((?:[^()\\]|\\.)*\))?"
BOX = re.compile(r"^[ \t]*(?:[-*+]|[0-9]{1,9}[.)])[ \t]{1,4}\[([ xX])\](?:[ \t](.*))?$")
UNITS = {"day", "week", "month", "year"}
WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


class Items(HTMLParser):
    """Task items as (line, line of the task item it is inside, or None), in document
    order, and heading lines, from cmark-gfm's HTML with source positions. Left out, as
    checklist(5) says: task items inside block quotes, and a box after a second list
    marker on the same line."""

    def __init__(self):
        super().__init__()
        self.stack = []  # (tag, start line); a task item's <li> is ("task", line)
        self.items = []
        self.headings = []
        self.pending = None  # an <li> whose first content is still to come

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = int(attrs["data-sourcepos"].split(":")[0]) if "data-sourcepos" in attrs else None
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and line:
            self.headings.append(line)
        if tag == "input" and attrs.get("type") == "checkbox" and self.pending is not None:
            li, quoted, parent, same_line = self.pending
            if not quoted and not same_line:
                self.items.append((li, parent))
                for index in range(len(self.stack) - 1, -1, -1):
                    if self.stack[index] == ("li", li):
                        self.stack[index] = ("task", li)
                        break
        if tag == "li":
            quoted = any(t == "blockquote" for t, _ in self.stack)
            lists = [l for t, l in self.stack if t in ("li", "task")]
            tasks = [l for t, l in self.stack if t == "task"]
            self.pending = (line, quoted, tasks[-1] if tasks else None,
                            bool(lists) and lists[-1] == line)
        elif tag not in ("p", "input"):
            self.pending = None
        if tag not in ("input", "br", "hr", "img"):
            self.stack.append((tag, line))

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag or (tag == "li" and self.stack[index][0] == "task"):
                del self.stack[index:]
                break

    def handle_data(self, data):
        if data.strip():
            self.pending = None


def parse(text):
    """The Items of a Markdown text."""
    html = cmarkgfm.github_flavored_markdown_to_html(
        text, options=Options.CMARK_OPT_SOURCEPOS | Options.CMARK_OPT_UNSAFE)
    items = Items()
    items.feed(html)
    return items


def split(text):
    """(name, [(key, value or None)], note or None) as checklist(5) splits an item's text."""
    note = None
    match = re.search(r"[ \t]{2,}#(?=[ \t]|$)", text)
    if match:
        note = text[match.end():].strip()
        text = text[: match.start()]
    run = rf"{TAG}(?:[ \t]+{TAG})*[ \t]*$"
    tags_text = None
    if re.fullmatch(rf"[ \t]*{run}", text):
        name, tags_text = "", text
    else:
        for start in range(len(text)):
            if re.match(rf"[ \t]{{2,}}{run}", text[start:]) and (start == 0 or text[start - 1] not in " \t"):
                name, tags_text = text[:start], text[start:]
                break
        else:
            name = text
    tags = []
    for tag in re.findall(TAG, tags_text or ""):
        key = re.match(r"@([a-z][a-z0-9_-]*)", tag).group(1)
        value = tag[len(key) + 2 : -1] if tag.endswith(")") and "(" in tag else None
        tags.append((key, value))
    return name.strip(), tags, note


def real_day(text):
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text or ""):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def real_due(text):
    match = re.fullmatch(r"([0-9-]{10})(?:[ T]([0-9]{2}):([0-9]{2}))?", text or "")
    if not match or not real_day(match.group(1)):
        return False
    return match.group(2) is None or (int(match.group(2)) < 24 and int(match.group(3)) < 60)


def recurrence(text):
    words = (text or "").lower().split()
    if words[-2:] == ["from", "done"]:
        words = words[:-2]
    if len(words) == 1:
        return words[0] in UNITS or words[0] == "weekday" or words[0] in WEEKDAYS
    if len(words) == 2 and re.fullmatch(r"[0-9]+", words[0]):
        return 1 <= int(words[0]) <= 999 and words[1].rstrip("s") in UNITS
    return False


def reminder(text):
    text = text or ""
    if text == "off":
        return True
    if re.fullmatch(r"[0-9]{2}:[0-9]{2}", text):
        return int(text[:2]) < 24 and int(text[3:]) < 60
    match = re.fullmatch(r"([0-9]+) (minute|hour|day)s? before", text)
    return bool(match) and 1 <= int(match.group(1)) <= 999


def lint(text, today):
    parser = parse(text)
    lines = text.split("\n")
    findings = []
    seen_ids = set()
    # Headings first in line order with the items: IDs are one namespace.
    entries = [(line, True) for line in parser.headings] + [(l, False) for l, _ in parser.items]
    for line, is_heading in sorted(entries):
        raw = lines[line - 1]
        if is_heading:  # its title and tags
            title = re.sub(r"^ {0,3}#{1,6}(?:[ \t]+|$)", "", raw)
            title = re.sub(r"[ \t]+#+[ \t]*$", "", title)
            name, tags, _ = split(title)
            if not name:
                findings.append((line, "empty-name"))
            for key, value in tags:
                if key == "id" and value is not None:
                    if value in seen_ids:
                        findings.append((line, "duplicate-id"))
                    seen_ids.add(value)
                    break
            continue
        match = BOX.match(raw)
        if not match:
            continue
        # The state is the box's (checklist(5)), not the rendering's: cmark-gfm renders
        # "- [ ] see [x]" checked, which is what checkbox-in-text is about.
        checked = match.group(1) in "xX"
        name, tags, note = split(match.group(2) or "")
        keys = [key for key, _ in tags]
        values = dict((key, value) for key, value in reversed(tags))
        if not name and (tags or note is not None):
            findings.append((line, "empty-name"))
        if "id" in values and values["id"] is not None:
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", values["id"]):
                findings.append((line, "invalid-id"))
            elif values["id"] in seen_ids:
                findings.append((line, "duplicate-id"))
            seen_ids.add(values["id"])
        if "every" in values and ("due" not in values or not recurrence(values["every"])):
            findings.append((line, "invalid-every"))
        if "remind" in values and ("due" not in values or not reminder(values["remind"])):
            findings.append((line, "invalid-remind"))
        if ("done" in values and not real_day(values["done"])) or (
                "due" in values and not real_due(values["due"])):
            findings.append((line, "invalid-date"))
        if any(keys.count(key) > 1 for key in KNOWN):
            findings.append((line, "duplicate-tag"))
        if "done" in values and not checked:
            findings.append((line, "done-unchecked"))
        if re.search(rf"(?<![ \t])[ \t]@(?:{'|'.join(KNOWN)})(?![a-z0-9_-])", name):
            findings.append((line, "tag-in-name"))
        if not checked and re.search(r"\[[xX]\]", match.group(2) or ""):
            findings.append((line, "checkbox-in-text"))
        if "id" not in values:
            findings.append((line, "missing-id"))
        if not checked:
            findings.append((line, "open-item"))
            due = real_day((values.get("due") or "")[:10]) if "due" in values else None
            if due and real_due(values["due"]) and due < today:
                findings.append((line, "overdue"))
    return findings


def main():
    request = json.load(sys.stdin)
    today = datetime.date.fromisoformat(request["today"])
    answer = {name: lint(text, today) for name, text in request["files"].items()}
    json.dump({"rules": RULES, "findings": answer}, sys.stdout)


if __name__ == "__main__":
    main()
