#!/usr/bin/env python3
"""A model of a checklist file and of chk's editing commands, written from chk(1) and
checklist(5), not from the Swift code: the lists and items of a file as GitHub's
renderer (cmark-gfm) nests them, with each item's name, state, @done, @due, @every and
note read as checklist(5) says (the splitting is lint_reference.py's); and each command
applied to that model as chk(1) describes it.

Reads {"today": DAY, "runs": [{"initial": TEXT, "steps": [{"args": [...], "status": N,
"text": TEXT}, ...]}, ...]} on standard input: the file before each run, and for each
command chk ran, its exit status and the file after it. Replays each command on the
model (a refused one, status not 0, must leave the file's model as it was) and compares
the model with the file after every step. New items' IDs are not predicted: a new item
takes the ID chk gave it. Writes {"failures": [TEXT, ...]}, at most one per run.
"""
import copy
import datetime
import json
import re
import sys
from lint_reference import BOX, parse, split

UNESCAPE = re.compile(r"\\([#@\[\]\\])")


def item_of(raw):
    match = BOX.match(raw)
    name, tags, note = split(match.group(2) or "")
    values = dict((key, value) for key, value in reversed(tags))
    due = values.get("due")
    return {
        "id": values.get("id"), "name": UNESCAPE.sub(r"\1", name),
        "checked": match.group(1) in "xX", "done": values.get("done"),
        # checklist(5): 2024-06-01T09:30 is read as 2024-06-01 09:30.
        "due": due.replace("T", " ") if due else None, "every": values.get("every"),
        "remind": values.get("remind"), "note": note, "children": [],
    }


def model_of(text):
    tree = parse(text)
    lines = text.split("\n")
    lists = []
    starts = sorted(tree.headings)
    by_line = {}
    for line, parent in tree.items:
        item = item_of(lines[line - 1])
        by_line[line] = item
        if parent in by_line:
            by_line[parent]["children"].append(item)
            continue
        heading = max([h for h in starts if h < line], default=None)
        if not lists or lists[-1]["line"] != heading:
            lists.append({"line": heading, "items": []})
        lists[-1]["items"].append(item)
    names = {}
    for heading in starts:
        title = re.sub(r"^ {0,3}#{1,6}(?:[ \t]+|$)", "", lines[heading - 1])
        names[heading] = split(re.sub(r"[ \t]+#+[ \t]*$", "", title))[0]
    levels = {h: len(re.match(r" {0,3}(#{1,6})", lines[h - 1]).group(1)) for h in starts}
    # Every heading is a list, even one without items.
    result = [{"name": names[h], "items": [], "level": levels[h]} for h in starts]
    unnamed = [l for l in lists if l["line"] is None]
    if unnamed:
        result.insert(0, {"name": None, "items": unnamed[0]["items"]})
    for entry in lists:
        if entry["line"] is not None:
            result[starts.index(entry["line"]) + (1 if unnamed else 0)]["items"] = entry["items"]
    # chk(1), lists: a title is a heading with no items of its own whose next heading is
    # a deeper one.
    for entry, following in zip(result, result[1:]):
        entry["title"] = (not entry["items"] and "level" in entry and "level" in following
                          and following["level"] > entry["level"])
    return result


def walk(items):
    for item in items:
        yield item
        yield from walk(item["children"])


def find(model, item_id):
    """(siblings list, index) of the item with this ID."""
    def search(items):
        for index, item in enumerate(items):
            if item["id"] == item_id:
                return items, index
            found = search(item["children"])
            if found:
                return found
        return None
    for entry in model:
        found = search(entry["items"])
        if found:
            return found
    raise KeyError(item_id)


def list_named(model, name):
    return next(entry for entry in model if entry["name"] == name)


def add_step(day, every):
    words = every.lower().split()
    if words[-2:] == ["from", "done"]:
        words = words[:-2]
    count, unit = (1, words[0]) if len(words) == 1 else (int(words[0]), words[1].rstrip("s"))
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    if unit in names or unit == "weekday":  # the next such day after this one
        day += datetime.timedelta(days=1)
        while (unit == "weekday" and day.weekday() > 4) or (
                unit in names and day.weekday() != names.index(unit)):
            day += datetime.timedelta(days=1)
        return day
    if unit in ("day", "week"):
        return day + datetime.timedelta(days=count * (7 if unit == "week" else 1))
    months = count * (12 if unit == "year" else 1)
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return datetime.date(year, month, min(day.day, last))
        except ValueError:
            continue


class Refused(Exception):
    """chk(1) says the command is refused (exit status not 0, the file as it was)."""


def next_due(item, done):
    """The first day of the series after both the due day and the day done (chk(1), check)."""
    due = datetime.date.fromisoformat(item["due"][:10])
    done = datetime.date.fromisoformat(done)
    if item["every"].lower().endswith("from done"):
        return add_step(done, item["every"])
    day = add_step(due, item["every"])
    while day <= max(due, done):
        day = add_step(day, item["every"])
    return day


def moved(due, days):
    """A due value (a day, or a day and a time) moved by a number of days, time kept."""
    day = datetime.date.fromisoformat(due[:10]) + datetime.timedelta(days=days)
    return day.isoformat() + due[10:]


def open_copies(children, days):
    """chk(1), check: copies of the open sub-items, with new IDs and their due days moved
    by as many days as the item's; a checked sub-item is left out with its sub-items."""
    return [dict(child, id=None, done=None, due=moved(child["due"], days) if child["due"] else None,
                 children=open_copies(child["children"], days))
            for child in children if not child["checked"]]


def check(model, item_id, today, date=None, no_date=False, no_repeat=False):
    siblings, index = find(model, item_id)
    item = siblings[index]
    if item["checked"]:  # keeps its date unless --date; an item already checked adds nothing
        if date:
            item["done"] = date
        return
    item["checked"] = True
    item["done"] = None if no_date else (date or today)
    if item["every"] and item["due"] and not no_repeat:
        following = siblings[index + 1] if index + 1 < len(siblings) else None
        day = next_due(item, date or today)
        due = day.isoformat() + item["due"][10:]
        if following and following["name"] == item["name"] and following["due"] == due:
            return
        days = (day - datetime.date.fromisoformat(item["due"][:10])).days
        copied = dict(item, id=None, checked=False, done=None, due=due,
                      children=open_copies(item["children"], days))
        siblings.insert(index + 1, copied)


def apply(model, args, today):
    command, rest = args[0], args[1:]
    option = lambda name: rest[rest.index(name) + 1] if name in rest else None
    if command in ("check", "toggle"):
        siblings, index = find(model, rest[0])
        if command == "toggle" and siblings[index]["checked"]:
            siblings[index].update(checked=False, done=None)
        else:
            check(model, rest[0], today, option("--date"), "--no-date" in rest,
                  "--no-repeat" in rest)
    elif command == "uncheck":
        siblings, index = find(model, rest[0])
        siblings[index].update(checked=False, done=None)
    elif command == "edit":
        siblings, index = find(model, rest[0])
        item = dict(siblings[index])
        if "--name" in rest:
            item["name"] = option("--name")
        if "--note" in rest:
            item["note"] = option("--note")
        if "--no-note" in rest:
            item["note"] = None
        if "--due" in rest:
            item["due"] = option("--due")
        if "--no-due" in rest:
            if item["every"] and "--no-every" not in rest:
                raise Refused("--no-due on an item that repeats, without --no-every")
            item["due"] = None
        if "--every" in rest:
            if not item["due"]:
                raise Refused("--every needs a due day, given or already there")
            item["every"] = option("--every").lower()  # "written as @every writes it"
        if "--no-every" in rest:
            item["every"] = None
        if "--remind" in rest:
            item["remind"] = option("--remind")
        if "--no-remind" in rest:
            item["remind"] = None
        if "--done" in rest:
            item["done"] = option("--done")
        if "--no-done" in rest:
            item["done"] = None
        siblings[index] = item
    elif command == "rm":
        siblings, index = find(model, rest[0])
        del siblings[index]
    elif command == "add":
        items = list_named(model, option("--list"))["items"]
        items.append({"id": None, "name": rest[0], "checked": False, "done": None, "due": None,
                      "every": None, "remind": None, "note": None, "children": []})
    elif command == "mv":
        siblings, index = find(model, rest[0])
        item = siblings.pop(index)
        if "--after" in rest:
            target, at = find(model, option("--after"))
            target.insert(at + 1, item)
        elif "--top" in rest:  # top-level items only: the top or bottom of their list
            siblings.insert(0, item)
        else:
            siblings.append(item)
    elif command == "reset":
        lists = [list_named(model, option("--list"))] if "--list" in rest else model
        for entry in lists:
            for item in walk(entry["items"]):
                item.update(checked=False, done=None)
    elif command == "list-copy":
        items = copy.deepcopy(list_named(model, rest[0])["items"])
        for item in walk(items):
            item.update(id=None, checked=False, done=None)
        model.append({"name": rest[1], "items": items})
    elif command == "archive":
        archive = next((e for e in model if e["name"] == "Archive"), None)
        moved = []

        def take(items):
            kept = []
            for item in items:
                if item["checked"]:
                    moved.append(item)
                else:
                    item["children"] = take(item["children"])
                    kept.append(item)
            return kept
        for entry in model:
            if entry is not archive:
                entry["items"] = take(entry["items"])
        # Created only when there is something to move ("nothing to archive" otherwise).
        if moved and archive is None:
            archive = {"name": "Archive", "items": []}
            model.append(archive)
        if moved:
            archive["items"].extend(moved)


def compare(model, actual, where):
    """None, or what differs; a model item without an ID takes the actual one."""
    if [e["name"] for e in model] != [e["name"] for e in actual]:
        return f"{where}: lists {[e['name'] for e in model]} != {[e['name'] for e in actual]}"

    def same(expected, found, path):
        if len(expected) != len(found):
            return f"{where}: {path}: {len(expected)} items, chk has {len(found)}"
        for left, right in zip(expected, found):
            if left["id"] is None:
                left["id"] = right["id"]
            for key in ("id", "name", "checked", "done", "due", "every", "remind", "note"):
                if left[key] != right[key]:
                    return f"{where}: {path}/{left['id']}: {key} {left[key]!r}, chk {right[key]!r}"
            problem = same(left["children"], right["children"], path + "/" + str(left["id"]))
            if problem:
                return problem
        return None
    for left, right in zip(model, actual):
        problem = same(left["items"], right["items"], str(left["name"]))
        if problem:
            return problem
    return None


def main():
    request = json.load(sys.stdin)
    today = request["today"]
    failures = []
    for number, run in enumerate(request["runs"]):
        model = model_of(run["initial"])
        for step, entry in enumerate(run["steps"]):
            where = f"run {number} step {step} ({' '.join(entry['args'])})"
            before = copy.deepcopy(model)
            try:
                apply(model, entry["args"], today)
                refused = None
            except Refused as reason:
                model, refused = before, str(reason)
            except (KeyError, StopIteration, ValueError) as error:
                if entry["status"] == 0:
                    failures.append(f"{where}: the model cannot apply it ({error!r}); chk did")
                    break
                model, refused = before, "not applicable"
            if refused and entry["status"] == 0:
                failures.append(f"{where}: chk(1) says it is refused ({refused}); chk did it")
                break
            if not refused and entry["status"] != 0:
                if entry["args"][0] in ("check", "uncheck", "toggle", "edit"):
                    failures.append(f"{where}: chk refused it (status {entry['status']})")
                    break
                model = before
            problem = compare(model, model_of(entry["text"]), where)
            if problem:
                failures.append(problem)
                break
    json.dump({"failures": failures}, sys.stdout)


if __name__ == "__main__":
    main()
