"""Reads an iCalendar feed with independent implementations, the PyPI packages
`icalendar` (parsing, validation) and `recurring-ical-events` (expanding RRULEs), and
reports what a calendar would make of it.

Reads one JSON request on standard input: {"feed": "PATH", "years": 2}. Writes one JSON
result on standard output:

  {"problems": ["..."],                      # about the feed as a whole
   "components": [{"uid", "kind", "summary", "description", "categories": [...],
                   "dtstart", "due", "dtend", "status", "completed", "percent",
                   "rrule", "alarms": ["YYYY-MM-DDTHH:MM", ...],
                   "occurrences": ["YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", ...],
                   "problems": ["..."]}]}

Times are written as the feed holds them: floating, no zone. An alarm's time is its
component's start plus the trigger (RELATED=START). Occurrences are those
recurring-ical-events finds from the start until `years` years after it.
"""

import datetime
import json
import sys

import icalendar
import recurring_ical_events


def text(value):
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, datetime.date):
        return value.strftime("%Y-%m-%d")
    return str(value)


def raw_problems(raw):
    """Line-level checks: CRLF endings, 75 octets at most, each line valid UTF-8."""
    problems = []
    if not raw.endswith(b"\r\n"):
        problems.append("the feed does not end with CRLF")
    for number, line in enumerate(raw.split(b"\r\n")[:-1], 1):
        if b"\n" in line or b"\r" in line:
            problems.append("line %d has a bare line break" % number)
        if len(line) > 75:
            problems.append("line %d is %d octets long" % (number, len(line)))
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append("line %d splits a UTF-8 character" % number)
    return problems


def component_problems(component, kind):
    problems = []
    for name in ("UID", "DTSTAMP", "DTSTART"):
        if name not in component:
            problems.append("no " + name)
    start = component.decoded("DTSTART") if "DTSTART" in component else None
    end_name = "DUE" if kind == "VTODO" else "DTEND"
    if end_name in component and start is not None:
        end = component.decoded(end_name)
        if isinstance(start, datetime.datetime) != isinstance(end, datetime.datetime):
            problems.append("DTSTART and %s are of different value types" % end_name)
        elif kind == "VTODO" and end < start:
            problems.append("DUE before DTSTART")
        elif kind == "VEVENT" and end <= start:
            problems.append("DTEND not after DTSTART")
    if kind == "VTODO" and str(component.get("STATUS")) == "COMPLETED":
        completed = component.get("COMPLETED")
        if completed is not None and completed.dt.tzinfo is None:
            problems.append("COMPLETED is not in UTC")
    for alarm in component.walk("VALARM"):
        if str(alarm.get("ACTION")) != "DISPLAY" or "DESCRIPTION" not in alarm:
            problems.append("an alarm is not DISPLAY with a DESCRIPTION")
        if "TRIGGER" not in alarm:
            problems.append("an alarm has no TRIGGER")
    return problems


def main():
    request = json.load(sys.stdin)
    raw = open(request["feed"], "rb").read()
    years = request.get("years", 2)
    result = {"problems": raw_problems(raw), "components": []}
    calendar = icalendar.Calendar.from_ical(raw)
    uids = set()
    for kind in ("VTODO", "VEVENT"):
        for component in calendar.walk(kind):
            uid = str(component.get("UID"))
            entry = {
                "uid": uid, "kind": kind,
                "summary": text(component.get("SUMMARY")),
                "description": text(component.get("DESCRIPTION")),
                "categories": [str(c) for c in component.get("CATEGORIES").cats]
                if component.get("CATEGORIES") is not None else [],
                "dtstart": text(component.decoded("DTSTART")) if "DTSTART" in component else None,
                "due": text(component.decoded("DUE")) if "DUE" in component else None,
                "dtend": text(component.decoded("DTEND")) if "DTEND" in component else None,
                "status": text(component.get("STATUS")),
                "completed": text(component.decoded("COMPLETED").replace(tzinfo=None))
                if "COMPLETED" in component else None,
                "percent": component.get("PERCENT-COMPLETE"),
                "rrule": component.get("RRULE").to_ical().decode()
                if component.get("RRULE") is not None else None,
                "alarms": [], "occurrences": [],
                "problems": component_problems(component, kind),
            }
            if uid in uids:
                entry["problems"].append("a second component with this UID")
            uids.add(uid)
            start = component.decoded("DTSTART") if "DTSTART" in component else None
            for alarm in component.walk("VALARM"):
                trigger = alarm.decoded("TRIGGER")
                if isinstance(trigger, datetime.timedelta) and start is not None:
                    base = start if isinstance(start, datetime.datetime) else \
                        datetime.datetime.combine(start, datetime.time())
                    entry["alarms"].append(text(base + trigger))
                else:
                    entry["problems"].append("a trigger that is not relative")
            if start is not None:
                single = icalendar.Calendar()
                single.add_component(component)
                first = start if isinstance(start, datetime.date) else start
                day = first.date() if isinstance(first, datetime.datetime) else first
                try:
                    last = day.replace(year=day.year + years)
                except ValueError:
                    last = day.replace(year=day.year + years, day=28)
                found = recurring_ical_events.of(single, components=[kind]).between(day, last)
                entry["occurrences"] = sorted(text(o.decoded("DTSTART")) for o in found)
            result["components"].append(entry)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
