#!/usr/bin/env python3
"""End-to-end harness for `chk sync`: a Radicale server, vdirsyncer, a scripted
"phone" (caldav library) and todoman, driven step by step.

Run it with the python of a venv holding radicale, vdirsyncer, caldav and
todoman; the `vdirsyncer` and `todo` programs are taken from that venv's bin/.
ONE JSON request on stdin, ONE JSON result on stdout (nothing else goes to
stdout; logs go to stderr, Radicale's to WORK/radicale.log). Exit 0 iff ok.

Request: {"work": DIR, "vdir": DIR, "steps": [STEP, ...]}
Result:  {"ok": BOOL, "steps": [RESULT, ...]}  one RESULT per step run, each
         with "do" and "seconds"; a failing step gets "error" and ends the run
         (a non-zero exit of vdirsyncer/todoman is no error, only reported).
         Radicale is always stopped at exit.
Steps:
 {"do": "start", "port"?: N}  Radicale on 127.0.0.1, auth none (delay 0),
    rights owner_only, data in WORK/radicale-data (kept across stop/start).
    Port: "port", else the one last used in WORK if free, else any free one
    (vdirsyncer's discover cache holds the URL).          -> {"url", "port"}
 {"do": "stop"}
 {"do": "vdirsyncer", "args": ["discover"|"sync"|"metasync", ...],
  "pair"?: {KEY: VALUE}}  pair "chk": a = filesystem on VDIR (fileext .ics),
    b = caldav on the server as "user"; collections ["from a", "from b"],
    conflict_resolution "a wins", metadata ["displayname", "color"]; "pair"
    overrides these. stdin is "y\n" repeated (discover's prompts).
                                         -> {"returncode", "stdout", "stderr"}
 {"do": "todoman", "args": [...], "stdin"?: TEXT}  todo -c WORK/todoman.py
    ARGS; config: path VDIR/*, date_format %Y-%m-%d, time_format %H:%M,
    dt_separator " ", default_due 0, no default_list, cache in WORK. An arg
    "{id:SUMMARY}" becomes todoman's id of the one item with that summary.
                                 -> {"returncode", "stdout", "stderr", "json"?}
    vdirsyncer and todoman steps take "env"?: {VAR: VALUE} and "timeout"?.
 {"do": "run", "argv": [...], "cwd"?: DIR, "env"?: {VAR: VALUE}}  runs a program
    (chk)                        -> {"returncode", "stdout", "stderr"}
 {"do": "vdir"}                   -> {"files": {"REL/PATH": TEXT}} under VDIR
 {"do": "phone", "action": A, ...}  the phone, with the caldav library:
    list  -> {"calendars": [{"name", "id", "url", "todos": [{"uid", "summary",
             "description", "status", "due", "due_tz", "completed", "percent",
             "rrule", "related_to", "href", "raw"}]}]}
             due "YYYY-MM-DD" | "YYYY-MM-DDTHH:MM"; due_tz null | "UTC" | TZID
    tick {"uid"|"summary"}    STATUS:COMPLETED, COMPLETED:now (UTC),
                              PERCENT-COMPLETE:100; an RRULE stays
    rename {"uid"|"summary", "new": SUMMARY}
    redate {"uid"|"summary", "due": "YYYY-MM-DD" | "YYYY-MM-DDTHH:MM[Z]" | null}
    set_property {"uid"|"summary", "name": NAME, "value": RAW | null}
    delete {"uid"|"summary"}
    create {"calendar": DISPLAYNAME, "summary", "due"?, "uid"?, "description"?}
                                                        -> {"uid", "href"}
    create_calendar {"name": DISPLAYNAME, "id"?}        -> {"id", "url"}
    Edits work on the raw text the server gives: the named property lines are
    replaced, as are DTSTAMP and LAST-MODIFIED (now); every other line stays
    byte for byte. The object is PUT back with If-Match.  -> {"uid", "raw"}
"""
import base64
import datetime as dt
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import traceback
import urllib.request
import uuid

USER, PASSWORD = "user", "secret"
BIN = os.path.dirname(sys.executable)  # the venv's bin/ (not resolved)
ID_ARG = re.compile(r"\{id:(.*)\}")


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def now_utc():
    return dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def ical_text(s):
    return (s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


# ---------------------------------------------------------------- raw iCalendar
def logical_lines(raw):
    """Logical lines, each kept as its original physical text (folds too)."""
    out = []
    for line in re.split(r"\r\n|\n", raw):
        if line[:1] in (" ", "\t") and out:
            out[-1] += "\r\n" + line
        elif line:
            out.append(line)
    return out


def edit_vtodo(raw, changes):
    """changes: {NAME: [new lines] | None}. Drops every NAME line of the first
    VTODO (not of its VALARMs), puts the new lines where its properties end;
    returns CRLF text with every other line as it was."""
    out, stack, seen, added = [], [], 0, False
    for line in logical_lines(raw):
        u = re.sub(r"\r\n[ \t]", "", line)
        name = re.split(r"[;:]", u, maxsplit=1)[0].upper()
        value = u.split(":", 1)[-1].strip().upper()
        active = stack[-1:] == ["VTODO"] and seen == 1
        if active and name in ("BEGIN", "END") and not added:
            out.extend(x for new in changes.values() for x in new or [])
            added = True
        if name == "BEGIN":
            stack.append(value)
            seen += value == "VTODO"
        elif name == "END" and stack:
            stack.pop()
        elif active and name in changes:
            continue
        out.append(line)
    if not added:
        raise RuntimeError("no VTODO in object")
    return "\r\n".join(out) + "\r\n"


def due_lines(value):
    """'YYYY-MM-DD' -> DATE, 'YYYY-MM-DDTHH:MM' -> floating, '...Z' -> UTC."""
    if value is None:
        return None
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(Z?))?", value)
    if not m:
        raise ValueError(f"bad date {value!r}")
    y, mo, d, h, mi, z = m.groups()
    if h is None:
        return [f"DUE;VALUE=DATE:{y}{mo}{d}"]
    return [f"DUE:{y}{mo}{d}T{h}{mi}00{z}"]


def describe(raw):
    import icalendar
    todo = next(iter(icalendar.Calendar.from_ical(raw).walk("VTODO")))

    def text(name):
        return None if todo.get(name) is None else str(todo.get(name))
    due, due_tz = todo.get("DUE"), None
    if due is not None:
        if isinstance(due.dt, dt.datetime):
            due_tz = due.params.get("TZID") or ("UTC" if due.dt.tzinfo else None)
            due = due.dt.strftime("%Y-%m-%dT%H:%M")
        else:
            due = due.dt.strftime("%Y-%m-%d")
    completed, rrule = todo.get("COMPLETED"), todo.get("RRULE")
    related = todo.get("RELATED-TO") or []
    related = related if isinstance(related, list) else [related]
    return {"uid": text("UID"), "summary": text("SUMMARY"),
            "description": text("DESCRIPTION"), "status": text("STATUS"),
            "due": due, "due_tz": due_tz,
            "completed": completed.to_ical().decode() if completed else None,
            "percent": todo.get("PERCENT-COMPLETE"),
            "rrule": rrule.to_ical().decode() if rrule else None,
            "related_to": [{"uid": str(r), "reltype": r.params.get("RELTYPE")}
                           for r in related]}


# ---------------------------------------------------------------- the harness
class Harness:
    def __init__(self, work, vdir):
        self.work, self.vdir = os.path.abspath(work), os.path.abspath(vdir)
        os.makedirs(self.work, exist_ok=True)
        self.proc, self.port = None, None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def path(self, name):
        return os.path.join(self.work, name)

    # --- radicale
    def do_start(self, step):
        if self.proc:
            raise RuntimeError("radicale already running")
        portfile = self.path("radicale.port")
        want = int(open(portfile).read()) if os.path.exists(portfile) else 0
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", step.get("port", want)))
            except OSError:
                s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        with open(portfile, "w") as f:
            f.write(str(self.port))
        with open(self.path("radicale.conf"), "w") as f:
            f.write(f"[server]\nhosts = 127.0.0.1:{self.port}\n"
                    "[auth]\ntype = none\ndelay = 0\n[rights]\ntype = owner_only\n"
                    f"[storage]\nfilesystem_folder = {self.path('radicale-data')}\n"
                    "[web]\ntype = none\n[logging]\nlevel = warning\n")
        with open(self.path("radicale.log"), "ab") as logf:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "radicale", "--config",
                 self.path("radicale.conf")],
                stdin=subprocess.DEVNULL, stdout=logf, stderr=logf)
        auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        deadline = time.monotonic() + 30
        while True:  # an authenticated PROPFIND also creates the principal
            if self.proc.poll() is not None:
                self.proc = None
                raise RuntimeError("radicale exited; see radicale.log")
            try:
                req = urllib.request.Request(
                    self.url + USER + "/", method="PROPFIND",
                    headers={"Depth": "0", "Authorization": "Basic " + auth})
                with urllib.request.urlopen(req, timeout=2) as r:
                    if r.status in (200, 207):
                        return {"url": self.url, "port": self.port}
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("radicale did not answer in 30 s")
            time.sleep(0.1)

    def do_stop(self, step=None):
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        return {}

    # --- external programs
    def run(self, argv, step, stdin="", timeout=60):
        p = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                           timeout=step.get("timeout", timeout), cwd=self.work,
                           env=dict(os.environ, **step.get("env", {})))
        log(f"$ {' '.join(argv)} -> {p.returncode}")
        return {"returncode": p.returncode, "stdout": p.stdout, "stderr": p.stderr}

    def do_run(self, step):
        """Runs a program (chk) with the environment given: {"argv", "cwd"?, "env"?}."""
        env = dict(os.environ, **(step.get("env") or {}))
        p = subprocess.run(step["argv"], cwd=step.get("cwd") or self.work, env=env,
                           capture_output=True, text=True, timeout=step.get("timeout", 120))
        return {"returncode": p.returncode, "stdout": p.stdout, "stderr": p.stderr}

    def do_vdirsyncer(self, step):
        if not self.port:
            raise RuntimeError("start radicale first")
        pair = {"a": "chk_local", "b": "chk_remote",
                "collections": ["from a", "from b"],
                "conflict_resolution": "a wins",
                "metadata": ["displayname", "color"], **step.get("pair", {})}
        j = json.dumps
        with open(self.path("vdirsyncer.conf"), "w") as f:
            f.write(f"[general]\nstatus_path = "
                    f"{j(self.path('vdirsyncer-status') + '/')}\n\n[pair chk]\n")
            f.writelines(f"{k} = {j(v)}\n" for k, v in pair.items())
            f.write(f'\n[storage chk_local]\ntype = "filesystem"\n'
                    f'path = {j(self.vdir)}\nfileext = ".ics"\n'
                    f'\n[storage chk_remote]\ntype = "caldav"\n'
                    f'url = {j(self.url)}\nusername = {j(USER)}\n'
                    f'password = {j(PASSWORD)}\n')
        os.makedirs(self.vdir, exist_ok=True)
        return self.run([os.path.join(BIN, "vdirsyncer"), "-c",
                         self.path("vdirsyncer.conf")] + step.get("args", ["sync"]),
                        step, "y\n" * 200, 120)

    def do_todoman(self, step):
        with open(self.path("todoman.py"), "w") as f:
            f.write(f"path = {os.path.join(self.vdir, '*')!r}\n"
                    'date_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                    'dt_separator = " "\ndefault_due = 0\ncolor = "never"\n'
                    f"cache_path = {self.path('todoman-cache.sqlite3')!r}\n")
        todo, args = [os.path.join(BIN, "todo"), "-c", self.path("todoman.py")], []
        listed = None
        for a in step["args"]:
            m = ID_ARG.fullmatch(a)
            if m and listed is None:
                listed = json.loads(self.run(todo + ["--porcelain", "list",
                                             "--status", "ANY"], step)["stdout"])
            ids = m and [str(t["id"]) for t in listed if t["summary"] == m[1]]
            if m and len(ids) != 1:
                raise RuntimeError(f"{len(ids)} todoman items named {m[1]!r}")
            args.append(ids[0] if m else a)
        r = self.run(todo + args, step, step.get("stdin", ""))
        try:
            r["json"] = json.loads(r["stdout"])
        except ValueError:
            pass
        return r

    def do_vdir(self, step):
        files = {}
        for root, _, names in os.walk(self.vdir):
            for n in names:
                with open(os.path.join(root, n), "rb") as f:
                    files[os.path.relpath(f.name, self.vdir)] = f.read().decode(
                        "utf-8", "replace")
        return {"files": dict(sorted(files.items()))}

    # --- the phone
    def calendars(self, principal):  # caldav names a calendar by its URL only
        return [(c, c.get_display_name(), str(c.url).rstrip("/").rsplit("/")[-1])
                for c in principal.calendars()]

    def objects(self, cal):
        # search() gets the data inside XML, which turns CRLF into LF: GET each
        res = []
        for o in cal.search(todo=True, include_completed=True):
            o.load()
            raw = o.raw_data or o.data
            res.append((o, raw.decode() if isinstance(raw, bytes) else raw))
        return res

    def find(self, principal, step):
        hits = [(o, raw) for cal, _, _ in self.calendars(principal)
                for o, raw in self.objects(cal)
                if describe(raw).get("uid" if "uid" in step else "summary")
                == step.get("uid", step.get("summary"))]
        if len(hits) != 1:
            raise RuntimeError(f"{len(hits)} todos match {step}")
        return hits[0]

    def put(self, client, obj, raw, changes):
        stamp = now_utc()
        new = edit_vtodo(raw, {**changes, "DTSTAMP": [f"DTSTAMP:{stamp}"],
                               "LAST-MODIFIED": [f"LAST-MODIFIED:{stamp}"]})
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if obj.etag:
            headers["If-Match"] = obj.etag
        r = client.put(str(obj.url), new.encode(), headers)
        if r.status not in (200, 201, 204):
            raise RuntimeError(f"PUT {obj.url} -> {r.status}")
        return {"uid": describe(new)["uid"], "raw": new}

    def do_phone(self, step):
        import caldav
        if not self.port:
            raise RuntimeError("start radicale first")
        client = caldav.DAVClient(url=self.url, username=USER, password=PASSWORD)
        principal, a = client.principal(), step["action"]
        if a == "list":
            cals = []
            for cal, name, cid in self.calendars(principal):
                todos = [dict(describe(raw), href=str(o.url), raw=raw)
                         for o, raw in self.objects(cal)]
                todos.sort(key=lambda t: (t["summary"] or "", t["uid"] or ""))
                cals.append({"name": name, "id": cid, "url": str(cal.url),
                             "todos": todos})
            return {"calendars": sorted(cals, key=lambda c: c["name"] or "")}
        if a == "create_calendar":
            cal = principal.make_calendar(name=step["name"], cal_id=step.get("id"),
                                          supported_calendar_component_set=["VTODO"])
            return {"id": str(cal.url).rstrip("/").rsplit("/")[-1],
                    "url": str(cal.url)}
        if a == "create":
            cals = [c for c, n, _ in self.calendars(principal)
                    if n == step["calendar"]]
            if len(cals) != 1:
                raise RuntimeError(f"{len(cals)} calendars named {step['calendar']!r}")
            uid, stamp = step.get("uid") or str(uuid.uuid4()).upper(), now_utc()
            lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chk e2e//phone//EN",
                     "BEGIN:VTODO", f"UID:{uid}", f"DTSTAMP:{stamp}",
                     f"CREATED:{stamp}", f"LAST-MODIFIED:{stamp}",
                     "SUMMARY:" + ical_text(step["summary"]), "STATUS:NEEDS-ACTION"]
            if step.get("description"):
                lines.append("DESCRIPTION:" + ical_text(step["description"]))
            lines += (due_lines(step.get("due")) or []) + ["END:VTODO", "END:VCALENDAR"]
            obj = cals[0].add_todo("\r\n".join(lines) + "\r\n", increase_seqno=False)
            return {"uid": uid, "href": str(obj.url)}
        obj, raw = self.find(principal, step)
        if a == "delete":
            obj.delete()
            return {"uid": describe(raw)["uid"]}
        if a == "tick":
            return self.put(client, obj, raw, {
                "STATUS": ["STATUS:COMPLETED"], "COMPLETED": [f"COMPLETED:{now_utc()}"],
                "PERCENT-COMPLETE": ["PERCENT-COMPLETE:100"]})
        if a == "rename":
            return self.put(client, obj, raw,
                            {"SUMMARY": ["SUMMARY:" + ical_text(step["new"])]})
        if a == "redate":
            return self.put(client, obj, raw, {"DUE": due_lines(step["due"])})
        if a == "set_property":
            name, value = step["name"].upper(), step.get("value")
            return self.put(client, obj, raw,
                            {name: None if value is None else [f"{name}:{value}"]})
        raise ValueError(f"unknown phone action {a!r}")


def main():
    real_stdout = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # whatever a library prints goes to stderr
    result, h = {"ok": True, "steps": []}, None
    try:
        req = json.load(sys.stdin)
        h = Harness(req["work"], req["vdir"])
        for step in req["steps"]:
            t0, res = time.monotonic(), {"do": step.get("do")}
            result["steps"].append(res)
            try:
                fn = getattr(h, f"do_{step.get('do')}", None)
                if fn is None:
                    raise ValueError(f"unknown step {step.get('do')!r}")
                res.update(fn(step))
            except Exception as e:
                log(traceback.format_exc())
                res["error"] = f"{type(e).__name__}: {e}"
                result["ok"] = False
            res["seconds"] = round(time.monotonic() - t0, 3)
            if "error" in res:
                break
    except BaseException as e:  # also SIGTERM (as SystemExit) and Ctrl-C
        log(traceback.format_exc())
        result.update(ok=False, error=f"{type(e).__name__}: {e}")
    finally:
        if h:
            h.do_stop()
    real_stdout.write(json.dumps(result, indent=1) + "\n")
    real_stdout.flush()
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
