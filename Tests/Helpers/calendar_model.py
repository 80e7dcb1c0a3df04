#!/usr/bin/env python3
"""`chk export` and `chk remind` against the model of a checklist file (edit_model.py),
with what each must show worked out from chk(1) and checklist(5), not from the Swift
code: the feed is read by icalendar and its series expanded by recurring-ical-events
(ics_check.py's reading); the reminders are computed here.

Reads {"runs": [{"text": TEXT, "config": {"time": "HH:MM", "enabled": BOOL} or null,
"feed": the feed's text, "as": "todos" or "events", "include_done": BOOL,
"reminders": [{"now": "YYYY-MM-DD HH:MM", "window": MINUTES, "output": TEXT}, ...]}]}
and writes {"failures": [TEXT, ...]}, at most one per run and part.

The rules, from the man pages:
- export (chk(1)): the items with a @due day, open ones (checked ones too with
  --include-done); SUMMARY the name (an event of a checked item: "✓ " before it),
  DESCRIPTION the note, CATEGORIES the list's name; a to-do's DUE, an event's DTSTART,
  the due day or time; STATUS NEEDS-ACTION, or COMPLETED for a checked to-do, whose
  COMPLETED is noon of its @done day in local time; an open item's reminder is an
  alarm at the moment below. @every is a series counted from the due day, one
  occurrence per time the item is checked on its due day, except with "from done" and
  for months or years from the 29th to the 31st, which appear once.
- reminders (checklist(5) @remind, chk(1) Configuration file): "off" none; "HH:MM" at
  that time on the due day; "N minutes|hours|days before" before the due time, or
  before the configured time (09:00 unless set) of a due day alone; without @remind,
  at the due time, or at the configured time of a due day alone, unless reminders are
  not enabled.
- remind (chk(1)): the open items whose reminder falls in the window ending at --now,
  (now - window, now], in time order; each line "TIME  FILE:ID  NAME  (due DUE)", the
  time with its day when that is not --now's day.
"""
import datetime
import json
import re
import sys

import icalendar

from edit_model import add_step, model_of, walk
from ics_check import read_components
from lint_reference import real_due


def due_moment(item):
    """(day, "HH:MM" or None) of a valid @due, else None."""
    if not item["due"] or not real_due(item["due"]):
        return None
    return datetime.date.fromisoformat(item["due"][:10]), item["due"][11:16] or None


def at(day, clock):
    return datetime.datetime.combine(day, datetime.time(int(clock[:2]), int(clock[3:5])))


def remind_at(item, config):
    due = due_moment(item)
    if due is None or item["remind"] == "off":
        return None
    day, clock = due
    base = at(day, clock or config.get("time", "09:00"))
    remind = item["remind"]
    if remind is None:
        return base if config.get("enabled", True) else None
    if re.fullmatch(r"[0-9]{2}:[0-9]{2}", remind):
        return at(day, remind)
    count, unit = re.fullmatch(r"([0-9]+) (minute|hour|day)s? before", remind).groups()
    return base - datetime.timedelta(**{unit + "s": int(count)})


def shown(day, clock):
    return day.isoformat() + ("T" + clock if clock else "")


def occurrences(item, years):
    day, clock = due_moment(item)
    every = (item["every"] or "").lower()
    words = every.split()
    unit = words[-1].rstrip("s") if words else ""
    if not every or every.endswith("from done") or (unit in ("month", "year") and day.day > 28):
        return [shown(day, clock)]
    try:
        last = day.replace(year=day.year + years)
    except ValueError:
        last = day.replace(year=day.year + years, day=28)
    found = []
    while day < last:
        found.append(shown(day, clock))
        day = add_step(day, every)
    return found


def expected_component(entry, item, kind, years, config):
    name = item["name"]
    day, clock = due_moment(item)
    result = {
        "summary": ("✓ " + name) if item["checked"] and kind == "VEVENT" else name,
        "description": item["note"], "categories": [entry["name"]] if entry["name"] else [],
        "due": shown(day, clock) if kind == "VTODO" else None,
        "dtstart": shown(day, clock) if kind == "VEVENT" else None,
    }
    if kind == "VTODO":
        result["status"] = "COMPLETED" if item["checked"] else "NEEDS-ACTION"
        if item["checked"] and item["done"]:
            noon = at(datetime.date.fromisoformat(item["done"]), "12:00")
            result["completed"] = noon.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
    if not item["checked"]:
        moment = remind_at(item, config)
        result["alarms"] = [moment.strftime("%Y-%m-%dT%H:%M")] if moment else []
        result["occurrences"] = occurrences(item, years)
    return result


def check_feed(run, model, config):
    calendar = icalendar.Calendar.from_ical(run["feed"])
    kind = "VTODO" if run["as"] == "todos" else "VEVENT"
    found = {c["summary"].removeprefix("✓ "): c for c in read_components(calendar, 2)}
    expected = {}
    for entry in model:
        for item in walk(entry["items"]):
            if due_moment(item) and (not item["checked"] or run["include_done"]):
                expected[item["name"]] = expected_component(entry, item, kind, 2, config)
    if sorted(found) != sorted(expected):
        return f"items {sorted(expected)}, the feed has {sorted(found)}"
    for name, fields in expected.items():
        component = found[name]
        if component["kind"] != kind or component["problems"]:
            return f"{name}: {component['kind']} {component['problems']}"
        for key, value in fields.items():
            if component[key] != value:
                return f"{name}: {key} {value!r}, the feed {component[key]!r}"
    return None


def check_reminders(run, model, config):
    items = [item for entry in model for item in walk(entry["items"]) if not item["checked"]]
    for case in run["reminders"]:
        now = datetime.datetime.fromisoformat(case["now"])
        start = now - datetime.timedelta(minutes=case["window"])
        lines = []
        for order, item in enumerate(items):
            moment = remind_at(item, config)
            if moment and start < moment <= now:
                when = moment.strftime("%H:%M" if moment.date() == now.date() else "%Y-%m-%d %H:%M")
                lines.append((moment, order, f"{when}  CHECKLIST.md:{item['id']}  {item['name']}"
                                             f"  (due {item['due']})"))
        expected = "".join(line + "\n" for _, _, line in sorted(lines))
        if expected != case["output"]:
            return (f"remind --now {case['now']!r} --window {case['window']}m: expected\n"
                    f"{expected}chk printed\n{case['output']}")
    return None


def main():
    request = json.load(sys.stdin)
    failures = []
    for number, run in enumerate(request["runs"]):
        model = model_of(run["text"])
        config = run.get("config") or {}
        for part, check in (("export", check_feed), ("remind", check_reminders)):
            problem = check(run, model, config)
            if problem:
                failures.append(f"run {number} ({part}, as {run['as']}, config {config}): {problem}")
    json.dump({"failures": failures}, sys.stdout)


if __name__ == "__main__":
    main()
