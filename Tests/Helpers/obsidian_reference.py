#!/usr/bin/env python3
"""A reference for the Obsidian Tasks plugin's task lines, written from the plugin's own
regular expressions and documented algorithm, not from chk's Swift: the expressions are
those of the inline snapshot in tests/TaskSerializer/DefaultTaskSerializer.test.ts
("regular expressions should have expected source") and src/Task/TaskRegularExpressions.ts
(obsidian-tasks-group/obsidian-tasks at cc0fce3, MIT), run by Python's `re` instead of
chk's hand-written scanner; the loop is DefaultTaskSerializer.deserialize's (fields
taken off the end in a fixed order, passes while one matches, at most 21), the writing
is DefaultTaskSerializer.serialize's order (src/Layout/TaskLayoutOptions.ts).

With "format": "dataview", the fields are the Dataview format's inline fields
(src/TaskSerializer/DataviewTaskSerializer.ts: the same loop, each field's expression
wrapped by toInlineFieldRegex, each written as two blanks and [key:: value]).

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


def inline(inner):
    """DataviewTaskSerializer.toInlineFieldRegex: [key:: value] or (key:: value) at the end."""
    return re.compile(r"(?:(?=[^\]]+\])\[|(?=[^)]+\))\() *" + inner + r" *[)\]](?: *,)?\Z")


# src/TaskSerializer/DataviewTaskSerializer.ts (DATAVIEW_SYMBOLS), same order as FIELDS.
DATAVIEW_PRIORITY = inline(r"priority:: *(highest|high|medium|low|lowest)")
DATAVIEW_FIELDS = [
    ("done", inline(r"completion:: *" + DATE)),
    ("cancelled", inline(r"cancelled:: *" + DATE)),
    ("due", inline(r"due:: *" + DATE)),
    ("scheduled", inline(r"scheduled:: *" + DATE)),
    ("start", inline(r"start:: *" + DATE)),
    ("created", inline(r"created:: *" + DATE)),
    ("recurrence", inline(r"repeat:: *([a-zA-Z0-9, !]+)")),
    ("onCompletion", inline(r"onCompletion:: *([a-zA-Z]+)")),
    ("tag", re.compile(r"(^|\s)#[^ !@#$%^&*(),.?\":{}|<>]+\Z")),
    ("id", inline(r"id:: *([a-zA-Z0-9-_]+)")),
    ("dependsOn", inline(r"dependsOn:: *([a-zA-Z0-9-_]+( *, *[a-zA-Z0-9-_]+ *)*)")),
]
DATAVIEW_KEYS = {"id": "id", "dependsOn": "dependsOn", "recurrence": "repeat",
                 "onCompletion": "onCompletion", "created": "created", "start": "start",
                 "scheduled": "scheduled", "due": "due", "cancelled": "cancelled",
                 "done": "completion"}
ORDER = [("id", "🆔"), ("dependsOn", "⛔"), ("priority", None), ("recurrence", "🔁"),
         ("onCompletion", "🏁"), ("created", "➕"), ("start", "🛫"), ("scheduled", "⏳"),
         ("due", "📅"), ("cancelled", "❌"), ("done", "✅")]


def trim(text):
    """JavaScript's trim(), for the blanks the tests use."""
    return text.strip(" \t\u00a0\u3000")


def read(line, dataview=False):
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
        found = (DATAVIEW_PRIORITY if dataview else PRIORITY).search(body)
        if found:
            task["priority"] = found.group(1) if dataview else PRIORITIES[found.group(1)]
            body = trim(body[:found.start()])
            matched = True
        for name, pattern in DATAVIEW_FIELDS if dataview else FIELDS:
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
                task[name] = found.group(1).strip(" ")
            body = trim(body[:found.start()])
            matched = True
        runs += 1
    if tags:
        body += (" " if body else "") + " ".join(tags)
    task["description"] = body
    text = body
    for name, signifier in ORDER:
        if dataview:
            # componentToString: two blanks and [key:: value] for each field.
            if name == "priority":
                text += f"  [priority:: {task['priority']}]" if task["priority"] != "normal" else ""
            elif name == "dependsOn":
                text += "  [dependsOn:: " + ",".join(task[name]) + "]" if task[name] else ""
            elif task[name]:
                text += f"  [{DATAVIEW_KEYS[name]}:: {task[name]}]"
            continue
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
    dataview = request.get("format") == "dataview"
    json.dump({"tasks": [read(line, dataview) for line in request["lines"]]}, sys.stdout,
              ensure_ascii=False)


if __name__ == "__main__":
    main()
