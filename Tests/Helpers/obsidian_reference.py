#!/usr/bin/env python3
"""A reference for the Obsidian Tasks plugin's task lines, written from the plugin's own
regular expressions and documented algorithm, not from chk's Swift: the expressions are
those of the inline snapshot in tests/TaskSerializer/DefaultTaskSerializer.test.ts
("regular expressions should have expected source") and src/Task/TaskRegularExpressions.ts
(obsidian-tasks-group/obsidian-tasks at cc0fce3, MIT), run by Python's `re` instead of
chk's hand-written scanner; the loop is DefaultTaskSerializer.deserialize's (fields
taken off the end in a fixed order, passes while one matches, at most 21), the writing
is DefaultTaskSerializer.serialize's order (src/Layout/TaskLayoutOptions.ts).

Reads {"lines": [TEXT, ...]}; writes {"tasks": [null or {"description", "status",
"priority", "start", "created", "scheduled", "due", "done", "cancelled", "recurrence",
"onCompletion", "id", "dependsOn", "blockLink", "line"}, ...]}, "line" being the line
as the plugin writes it back (the recurrence as written: rrule's rewording is not
modelled here).
"""
import json
import re
import sys

TASK = re.compile(r"^([\s\t>]*)([-*+]|[0-9]+[.)]) +\[(.)\] *(.*)")
BLOCK_LINK = re.compile(r" \^[a-zA-Z0-9-]+\Z")
VS16 = "\ufe0f"
DATE = r"(\d{4}-\d{2}-\d{2})"
PRIORITY = re.compile("(🔺|⏫|🔼|🔽|⏬)" + VS16 + r"?\Z")
PRIORITIES = {"🔺": "highest", "⏫": "high", "🔼": "medium", "🔽": "low", "⏬": "lowest"}
FIELDS = [  # (name, regex), in the order deserialize tries them
    ("done", re.compile("✅" + VS16 + "? *" + DATE + r"\Z")),
    ("cancelled", re.compile("❌" + VS16 + "? *" + DATE + r"\Z")),
    ("due", re.compile("(?:📅|📆|🗓)" + VS16 + "? *" + DATE + r"\Z")),
    ("scheduled", re.compile("(?:⏳|⌛)" + VS16 + "? *" + DATE + r"\Z")),
    ("start", re.compile("🛫" + VS16 + "? *" + DATE + r"\Z")),
    ("created", re.compile("➕" + VS16 + "? *" + DATE + r"\Z")),
    ("recurrence", re.compile("🔁" + VS16 + r"? *([a-zA-Z0-9, !]+)\Z")),
    ("onCompletion", re.compile("🏁" + VS16 + r"? *([a-zA-Z]+)\Z")),
    ("tag", re.compile(r"(^|\s)#[^ !@#$%^&*(),.?\":{}|<>]+\Z")),
    ("id", re.compile("🆔" + VS16 + r"? *([a-zA-Z0-9-_]+)\Z")),
    ("dependsOn", re.compile(
        "⛔" + VS16 + r"? *([a-zA-Z0-9-_]+( *, *[a-zA-Z0-9-_]+ *)*)\Z")),
]
ORDER = [("id", "🆔"), ("dependsOn", "⛔"), ("priority", None), ("recurrence", "🔁"),
         ("onCompletion", "🏁"), ("created", "➕"), ("start", "🛫"), ("scheduled", "⏳"),
         ("due", "📅"), ("cancelled", "❌"), ("done", "✅")]


def trim(text):
    """JavaScript's trim(), for the blanks the tests use."""
    return text.strip(" \t\u00a0\u3000")


def read(line):
    match = TASK.match(line)
    if not match:
        return None
    indentation, marker, status, rest = match.groups()
    # ListItem.getMarkdownHardBreak: two or more blanks at the end of the whole line.
    trailing = len(line) - len(line.rstrip(" "))
    body = trim(rest)
    task = {"status": status, "priority": "normal", "id": "", "dependsOn": [], "blockLink": "",
            "onCompletion": None}
    for name in ("start", "created", "scheduled", "due", "done", "cancelled", "recurrence"):
        task[name] = None
    link = BLOCK_LINK.search(body)
    if link:
        task["blockLink"] = link.group(0)
        body = trim(body[:link.start()])
    tags = []
    runs = 0
    matched = True
    while matched and runs <= 20:
        matched = False
        found = PRIORITY.search(body)
        if found:
            task["priority"] = PRIORITIES[found.group(1)]
            body = trim(body[:found.start()])
            matched = True
        for name, pattern in FIELDS:
            found = pattern.search(body)
            if not found:
                continue
            if name == "tag":
                tags.insert(0, trim(found.group(0)))
            elif name == "onCompletion":
                value = found.group(1).lower()
                task[name] = value if value in ("keep", "delete") else None
            elif name == "dependsOn":
                task[name] = [p for p in found.group(1).replace(" ", "").split(",") if p]
            else:
                task[name] = found.group(1)
            body = trim(body[:found.start()])
            matched = True
        runs += 1
    if tags:
        body += (" " if body else "") + " ".join(tags)
    task["description"] = body
    text = body
    for name, signifier in ORDER:
        if name == "priority":
            symbol = {v: k for k, v in PRIORITIES.items()}.get(task["priority"])
            text += " " + symbol if symbol else ""
        elif name == "dependsOn":
            text += " ⛔ " + ",".join(task[name]) if task[name] else ""
        elif task[name]:
            text += " " + signifier + " " + task[name]
    hard_break = " " * trailing if trailing >= 2 else ""
    task["line"] = f"{indentation}{marker} [{status}] {text}{task['blockLink']}{hard_break}"
    return task


def main():
    request = json.load(sys.stdin)
    json.dump({"tasks": [read(line) for line in request["lines"]]}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
