#!/usr/bin/env python3
"""The keys of `chk tui` against the edit model (edit_model.py): each key is mapped to
the command chk(1)'s key table says it stands for, applied to the model's own tree (no
session code), and the model is compared with the file after every key.

Reads {"today": DAY, "runs": [{"initial": TEXT, "steps": [STEP, ...]}, ...]}, where a
STEP is {"key": KEY, "item": ID or "list": NAME (what the cursor was on), "text": what
was typed at the key's prompt, "asked": true when Space asked whether to remove the next
one, "answer": "y" or "n", "file": TEXT after}. Writes {"failures": [TEXT, ...]}, at
most one per run.

chk(1), tui: Space and x are `chk toggle` (@done is today, a recurring item comes
back; unchecking one whose next one its tick made is still below it, unchecked, with
the same name, repeat and next due day, asks whether to remove that one too); dd is `rm`; J and K `mv --after` and `--before` a
sibling; > indents under the item above and < outdents after the parent (`mv --under`,
`mv --after`); a adds below at the same level (at the top of the list on its heading;
on a title, at the top of the list under it), O above; e, n, D, R and ! are `edit --name`, `--note`, `--due` (empty clears it, except
on an item that repeats), `--every` (an item without a due day gets today's; empty
removes the repeat) and `--remind` (empty removes it); A is `archive`; u and Ctrl-r
walk the undo history.
"""
import copy
import json
import os
import sys

from edit_model import Refused, apply, compare, find, model_of, next_due

MOVES = {"j", "k", "g", "G", "Tab"}
# CHK_MODEL_DEBUG=1: a failure shows the files around it.
DEBUG = "CHK_MODEL_DEBUG" in os.environ


def new_item(name):
    return {"id": None, "name": name, "checked": False, "done": None, "due": None,
            "every": None, "remind": None, "note": None, "children": []}


def untouched_next(item, following):
    """Whether `following` is the next one checking `item` made, as it left it (chk(1):
    still below it, unchecked, with the same name and repeat and the next due day)."""
    if not (item["every"] and item["due"] and item["done"] and following):
        return False
    day = next_due(item, item["done"]).isoformat() + item["due"][10:]
    return (not following["checked"] and following["due"] == day
            and following["name"] == item["name"] and following["every"] == item["every"])


def parent_of(model, item_id):
    """(the parent's siblings, the parent's index), or None for a top-level item."""
    def search(items, parent):
        for index, item in enumerate(items):
            if item["id"] == item_id:
                return parent
            found = search(item["children"], (items, index))
            if found is not False:
                return found
        return False
    for entry in model:
        found = search(entry["items"], None)
        if found is not False:
            return found
    raise KeyError(item_id)


def press(model, step, today):
    """Applies a key to the model; returns a failure text when the session did something
    chk(1) does not say (a question asked or not)."""
    key, text, item_id = step["key"], step.get("text"), step.get("item")
    if key in MOVES:
        return None
    if key == "A":
        apply(model, ["archive"], today)
        return None
    if item_id is None:  # on a list's heading: only a adds, at the top of the list
        if key == "a" and text:
            names = [entry["name"] for entry in model]
            index = names.index(step["list"])
            # On a title, the list under it (chk(1), tui).
            if model[index].get("title"):
                index += 1
            model[index]["items"].insert(0, new_item(text))
        return None
    siblings, index = find(model, item_id)
    item = siblings[index]
    if key in ("Space", "x"):
        following = siblings[index + 1] if index + 1 < len(siblings) else None
        asks = item["checked"] and untouched_next(item, following)
        apply(model, ["toggle", item_id], today)
        if asks != bool(step.get("asked")):
            return (f"{'no ' if asks else ''}question asked: chk(1) says {'one' if asks else 'none'}"
                    f" (the item {item}, below it {following})")
        if step.get("answer") == "y":
            del siblings[index + 1]
    elif key == "dd":
        apply(model, ["rm", item_id], today)
    elif key == "J" and index + 1 < len(siblings):
        siblings.insert(index + 1, siblings.pop(index))
    elif key == "K" and index > 0:
        siblings.insert(index - 1, siblings.pop(index))
    elif key == ">" and index > 0:
        siblings[index - 1]["children"].append(siblings.pop(index))
    elif key == "<":
        parent = parent_of(model, item_id)
        if parent:
            moved = siblings.pop(index)
            parent[0].insert(parent[1] + 1, moved)
    elif key in ("a", "O") and text:
        siblings.insert(index + (1 if key == "a" else 0), new_item(text))
    elif key == "e" and text:
        item["name"] = text
    elif key == "n" and text is not None:
        item["note"] = text or None
    elif key == "D" and text is not None:
        if text == "" and item["every"]:
            raise Refused("an item that repeats needs a due day")
        item["due"] = text or None
    elif key == "R" and text is not None:
        if text:
            item["every"] = text.lower()
            item["due"] = item["due"] or today
        else:
            item["every"] = None
    elif key == "!" and text is not None:
        item["remind"] = text or None
    return None


def main():
    request = json.load(sys.stdin)
    today = request["today"]
    failures = []
    for number, run in enumerate(request["runs"]):
        model = model_of(run["initial"])
        undo, redo = [], []
        for index, step in enumerate(run["steps"]):
            where = (f"run {number} step {index} ({step['key']} on "
                     f"{step.get('item') or step.get('list')}, {step.get('text')!r})")
            if step["key"] == "u":
                if undo:
                    redo.append(model)
                    model = undo.pop()
            elif step["key"] == "C-r":
                if redo:
                    undo.append(model)
                    model = redo.pop()
            else:
                before = copy.deepcopy(model)
                try:
                    problem = press(model, step, today)
                except Refused:
                    model, problem = before, None
                if problem:
                    if DEBUG:  # the keys before it, each with the file after it
                        problem += "".join(
                            f"\n{s['key']} {s.get('item')} {s.get('text')!r}\n{s['file']}"
                            for s in run["steps"][max(0, index - 3):index + 1])
                    failures.append(f"{where}: {problem}")
                    break
                if model != before:
                    # A toggle answered "y" is two edits, each undone on its own.
                    if step.get("answer") == "y":
                        half = copy.deepcopy(before)
                        apply(half, ["toggle", step["item"]], today)
                        undo.extend([before, half])
                    else:
                        undo.append(before)
                    redo = []
            problem = compare(model, model_of(step["file"]), where)
            if problem:
                if DEBUG:
                    problem += "".join(
                        f"\n{s['key']} {s.get('item')} {s.get('text')!r} {s.get('answer')}"
                        for s in run["steps"][:index + 1])
                failures.append(problem)
                break
    json.dump({"failures": failures}, sys.stdout)


if __name__ == "__main__":
    main()
