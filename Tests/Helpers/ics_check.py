"""Reads an iCalendar feed with independent implementations and reports what calendars
would make of it: the PyPI packages `icalendar` (parsing, validation),
`recurring-ical-events` (expanding RRULEs), `vobject` (the parser khal and Radicale use),
`ics` (ics-py, a strict parser), and optionally a real `radicale` CalDAV server that the
whole feed is uploaded to and read back from.

Reads one JSON request on standard input: {"feed": "PATH", "years": 2, "radicale": false}.
Writes one JSON result on standard output:

  {"problems": ["..."],                      # about the feed as a whole
   "components": [{"uid", "kind", "summary", "description", "categories": [...],
                   "dtstart", "due", "dtend", "status", "completed", "percent",
                   "rrule", "rdates": [...], "alarms": ["YYYY-MM-DDTHH:MM", ...],
                   "occurrences": ["YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", ...],
                   "problems": ["..."]}]}

Times are written as the feed holds them: floating, no zone. An alarm's time is its
trigger added to what the trigger is related to: the start (RELATED=START, the default)
or the end (RELATED=END: DUE of a to-do, DTEND of an event). Occurrences are those
recurring-ical-events finds from the first (DTSTART, or DUE for a to-do without one)
until `years` years after it.

The rules checked come from RFC 5545: DUE later than DTSTART (3.8.2.3), DTEND later than
DTSTART, the same value type for both, COMPLETED in UTC (3.8.2.1), a DISPLAY alarm with
a DESCRIPTION and a TRIGGER, an alarm related to the start only where there is one
(3.8.6.3), a series' first instance an occurrence of its RRULE or an RDATE (3.8.5.3),
no control characters in TEXT (3.3.11; also NEL, U+2028 and U+2029, which readers that
split lines the Unicode way take for line breaks), and no UID twice.
"""

import datetime
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import warnings

import icalendar
import recurring_ical_events

CONTROLS = set(range(0x00, 0x20)) - {0x09, 0x0A} | {0x7F} | set(range(0x80, 0xA0)) | {
    0x2028, 0x2029}


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


def control_problems(name, value):
    found = sorted({ord(c) for c in str(value) if ord(c) in CONTROLS})
    if not found:
        return []
    return ["%s holds control characters %s" % (name, ", ".join("U+%04X" % c for c in found))]


def as_datetime(value):
    if isinstance(value, datetime.datetime):
        return value
    return datetime.datetime.combine(value, datetime.time())


def rdates(component):
    found = []
    entries = component.get("RDATE")
    if entries is None:
        return found
    for entry in entries if isinstance(entries, list) else [entries]:
        found += [period.dt for period in entry.dts]
    return found


def component_problems(component, kind):
    problems = []
    required = ("UID", "DTSTAMP", "DTSTART") if kind == "VEVENT" else ("UID", "DTSTAMP")
    for name in required:
        if name not in component:
            problems.append("no " + name)
    start = component.decoded("DTSTART") if "DTSTART" in component else None
    end_name = "DUE" if kind == "VTODO" else "DTEND"
    end = component.decoded(end_name) if end_name in component else None
    if end is not None and start is not None:
        if isinstance(start, datetime.datetime) != isinstance(end, datetime.datetime):
            problems.append("DTSTART and %s are of different value types" % end_name)
        elif end <= start:
            problems.append("%s not later than DTSTART" % end_name)
    if kind == "VTODO" and str(component.get("STATUS")) == "COMPLETED":
        completed = component.get("COMPLETED")
        if completed is not None and completed.dt.tzinfo is None:
            problems.append("COMPLETED is not in UTC")
    for alarm in component.walk("VALARM"):
        if str(alarm.get("ACTION")) != "DISPLAY" or "DESCRIPTION" not in alarm:
            problems.append("an alarm is not DISPLAY with a DESCRIPTION")
        if "TRIGGER" not in alarm:
            problems.append("an alarm has no TRIGGER")
        elif alarm["TRIGGER"].params.get("RELATED", "START") == "START" and start is None:
            problems.append("an alarm is related to the start, and there is none")
        problems += control_problems("an alarm's DESCRIPTION", alarm.get("DESCRIPTION", ""))
    for name in ("SUMMARY", "DESCRIPTION", "LOCATION"):
        problems += control_problems(name, component.get(name, ""))
    if component.get("CATEGORIES") is not None:
        for category in component.get("CATEGORIES").cats:
            problems += control_problems("CATEGORIES", category)
    first = start if start is not None else end
    if component.get("RRULE") is not None and first is not None:
        from dateutil import rrule
        rule = component.get("RRULE").to_ical().decode()
        anchor = as_datetime(first)
        series = rrule.rrulestr(rule, dtstart=anchor)
        if series.after(anchor, inc=True) != anchor and \
                anchor not in [as_datetime(d) for d in rdates(component)]:
            problems.append("the first instance is neither an occurrence of RRULE nor an RDATE")
    return problems


def vobject_problems(raw):
    import vobject
    problems = []
    try:
        for calendar in vobject.readComponents(raw.decode("utf-8"), validate=True):
            for component in calendar.getChildren():
                if component.name in ("VTODO", "VEVENT"):
                    component.validate(raiseException=True)
                    series = component.getrruleset(addRDate=True)
                    if series is not None:
                        next(iter(series), None)
    except Exception as error:  # noqa: BLE001 - every refusal is a finding
        problems.append("vobject: %s: %s" % (type(error).__name__, error))
    return problems


def ics_problems(raw):
    import ics
    try:
        ics.Calendar(raw.decode("utf-8"))
    except Exception as error:  # noqa: BLE001 - every refusal is a finding
        return ["ics-py: %s: %s" % (type(error).__name__, error)]
    return []


def radicale_problems(raw, calendar):
    """Uploads the whole feed to a fresh Radicale (no authentication, a temporary
    folder, 127.0.0.1) and reads it back: the upload must be accepted whole, and every
    component must come back with its UID, SUMMARY and DESCRIPTION."""
    folder = tempfile.mkdtemp(prefix="chk-radicale-")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = os.path.join(folder, "config")
    with open(config, "w") as handle:
        handle.write("[server]\nhosts = 127.0.0.1:%d\n[auth]\ntype = none\n"
                     "[storage]\nfilesystem_folder = %s\n[logging]\nlevel = warning\n"
                     % (port, os.path.join(folder, "collections")))
    server = subprocess.Popen([sys.executable, "-m", "radicale", "--config", config],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d/user/feed/" % port
    headers = {"Authorization": "Basic dXNlcjp4", "Content-Type": "text/calendar; charset=utf-8"}

    def call(method, body=None):
        request = urllib.request.Request(base, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    try:
        started = time.time()
        while True:
            try:
                status, body = call("PUT", raw)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.time() - started > 30 or server.poll() is not None:
                    return ["radicale: the server did not start"]
                time.sleep(0.1)
        if status not in (200, 201, 204):
            return ["radicale: the upload was refused (%d): %s" % (
                status, body.decode("utf-8", "replace")[:200])]
        status, body = call("GET")
        if status != 200:
            return ["radicale: reading the calendar back failed (%d)" % status]
        kept = {}
        for kind in ("VTODO", "VEVENT"):
            for component in icalendar.Calendar.from_ical(body).walk(kind):
                kept[str(component.get("UID"))] = component
        problems = []
        for kind in ("VTODO", "VEVENT"):
            for component in calendar.walk(kind):
                uid = str(component.get("UID"))
                if uid not in kept:
                    problems.append("radicale: %s was not kept" % uid)
                    continue
                for name in ("SUMMARY", "DESCRIPTION"):
                    if str(component.get(name, "")) != str(kept[uid].get(name, "")):
                        problems.append("radicale: %s's %s came back changed" % (uid, name))
        return problems
    finally:
        # Killed, not terminated: a test runner may start this script with SIGTERM
        # blocked, which the server would inherit.
        server.kill()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def read_components(calendar, years):
    """The components of a parsed calendar, as main() reports them."""
    components = []
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
                "rdates": [text(d) for d in rdates(component)],
                "alarms": [], "occurrences": [],
                "problems": component_problems(component, kind),
            }
            if uid in uids:
                entry["problems"].append("a second component with this UID")
            uids.add(uid)
            start = component.decoded("DTSTART") if "DTSTART" in component else None
            end_name = "DUE" if kind == "VTODO" else "DTEND"
            end = component.decoded(end_name) if end_name in component else None
            for alarm in component.walk("VALARM"):
                trigger = alarm.decoded("TRIGGER")
                related = alarm["TRIGGER"].params.get("RELATED", "START")
                base = start if related == "START" else end
                if isinstance(trigger, datetime.timedelta) and base is not None:
                    entry["alarms"].append(text(as_datetime(base) + trigger))
                elif not isinstance(trigger, datetime.timedelta):
                    entry["problems"].append("a trigger that is not relative")
            first = start if start is not None else (end if kind == "VTODO" else None)
            if first is not None:
                single = icalendar.Calendar()
                single.add_component(component)
                day = first.date() if isinstance(first, datetime.datetime) else first
                try:
                    last = day.replace(year=day.year + years)
                except ValueError:
                    last = day.replace(year=day.year + years, day=28)
                found = recurring_ical_events.of(single, components=[kind]).between(day, last)
                entry["occurrences"] = sorted(
                    text(o.decoded("DTSTART") if "DTSTART" in o else o.decoded("DUE"))
                    for o in found)
            components.append(entry)
    return components


def main():
    request = json.load(sys.stdin)
    raw = open(request["feed"], "rb").read()
    years = request.get("years", 2)
    result = {"problems": raw_problems(raw), "components": []}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        calendar = icalendar.Calendar.from_ical(raw)
    result["problems"] += ["icalendar: %s" % warning.message for warning in caught]
    result["problems"] += control_problems("X-WR-CALNAME", calendar.get("X-WR-CALNAME", ""))
    result["problems"] += vobject_problems(raw) + ics_problems(raw)
    if request.get("radicale"):
        result["problems"] += radicale_problems(raw, calendar)
    result["components"] = read_components(calendar, years)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
