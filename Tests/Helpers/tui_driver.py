"""Drives `chk tui` through a pseudo-terminal and reads its screen with a terminal
emulator (pyte), as a person at a real terminal would see it.

Reads one JSON scenario on standard input and writes one JSON result on standard
output:

  {"command": ["/path/chk", "tui", ...], "cwd": "...", "env": {...},
   "columns": 80, "rows": 24,
   "steps": [
     {"keys": ["j", "j", "Space"]},          # names: Esc Enter Tab BackTab Up Down Left
                                            # Right Home End PgUp PgDn Space BS C-x
     {"text": "Butter"},                      # typed as it is
     {"snapshot": "after"},                   # the screen's lines, stripped on the right
     {"resize": [40, 12]},                    # (with "quiet": seconds to wait after)
     {"signal": "TERM"},                      # TERM, HUP, INT, SEGV, TSTP, CONT
     {"sleep": 0.6},
     {"wait_for": "text"},                    # until the screen shows it (5 s at most)
     {"mark": true},                          # count bytes written from here
     {"write": {"path": "...", "text": "..."}}  # another program replaces a file
   ]}

Result: {"snapshots": {name: [lines]}, "styles": {name: [[row, col, fg, reverse]...]},
"exit": status or null, "signal": number or null, "tail": the last 200 bytes written,
"bytes_after": {name: bytes written after the step before the snapshot}}.

After each input the driver reads until the program has been quiet for 150 ms, so a
snapshot shows the screen once drawing is done.
"""

import json
import os
import signal
import sys
import time

import pexpect
import pyte

KEYS = {
    "Esc": "\x1b",
    "Enter": "\r",
    "Tab": "\t",
    "BackTab": "\x1b[Z",
    "Up": "\x1b[A",
    "Down": "\x1b[B",
    "Right": "\x1b[C",
    "Left": "\x1b[D",
    "Home": "\x1b[H",
    "End": "\x1b[F",
    "PgUp": "\x1b[5~",
    "PgDn": "\x1b[6~",
    "Space": " ",
    "BS": "\x7f",
}


def key_bytes(name):
    if name in KEYS:
        return KEYS[name]
    if name.startswith("C-") and len(name) == 3:
        return chr(ord(name[2].lower()) - 96)
    if name.startswith("Click:"):
        column, row = (int(part) for part in name[6:].split(","))
        return "\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (column + 1, row + 1, column + 1, row + 1)
    if name in ("WheelUp", "WheelDown"):
        return "\x1b[<%d;1;1M" % (64 if name == "WheelUp" else 65)
    return name


class Terminal:
    def __init__(self, scenario):
        self.columns = scenario.get("columns", 80)
        self.rows = scenario.get("rows", 24)
        self.screen = pyte.Screen(self.columns, self.rows)
        self.stream = pyte.ByteStream(self.screen)
        # Colour is the scenario's to decide: `swift test` itself sets NO_COLOR.
        env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
        env.update(scenario.get("env", {}))
        env.setdefault("TERM", "xterm-256color")
        command = scenario["command"]
        self.child = pexpect.spawn(
            command[0], command[1:], cwd=scenario.get("cwd"), env=env,
            dimensions=(self.rows, self.columns))
        self.written = bytearray()
        self.since = bytearray()

    def settle(self, quiet=0.2, limit=5.0, first=1.0):
        """Reads until the program has been quiet for `quiet` seconds, after waiting up to
        `first` seconds for it to start answering (a busy machine may be slow)."""
        start = time.time()
        last = None
        while time.time() - start < limit:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.02)
            except pexpect.TIMEOUT:
                waited = time.time() - (last if last is not None else start)
                if waited >= (quiet if last is not None else first):
                    return
                continue
            except pexpect.EOF:
                return
            self.written += data
            self.since += data
            self.stream.feed(data)
            last = time.time()

    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    def styles(self):
        found = []
        for row in range(self.rows):
            line = self.screen.buffer[row]
            for column in range(self.columns):
                char = line[column]
                if char.fg != "default" or char.reverse:
                    found.append([row, column, char.fg, char.reverse])
        return found


def main():
    scenario = json.load(sys.stdin)
    terminal = Terminal(scenario)
    # The first screen: a loaded machine may take seconds to start the program.
    terminal.settle(quiet=0.3, first=15.0)
    result = {"snapshots": {}, "styles": {}, "bytes_after": {}, "exit": None, "signal": None}
    for step in scenario.get("steps", []):
        if "keys" in step:
            for name in step["keys"]:
                terminal.child.send(key_bytes(name))
                if step.get("settle_each", True):
                    terminal.settle()
            terminal.settle()
        elif "text" in step:
            terminal.child.send(step["text"])
            terminal.settle()
        elif "snapshot" in step:
            name = step["snapshot"]
            result["snapshots"][name] = terminal.lines()
            result["styles"][name] = terminal.styles()
            result["bytes_after"][name] = len(terminal.since)
            terminal.since = bytearray()
        elif "resize" in step:
            columns, rows = step["resize"]
            terminal.columns, terminal.rows = columns, rows
            terminal.screen.resize(rows, columns)
            terminal.child.setwinsize(rows, columns)
            terminal.settle(quiet=step.get("quiet", 0.2))
        elif "signal" in step:
            terminal.child.kill(getattr(signal, "SIG" + step["signal"]))
            terminal.settle()
        elif "sleep" in step:
            time.sleep(step["sleep"])
            terminal.settle()
        elif "wait_for" in step:
            deadline = time.time() + 5
            while time.time() < deadline and not any(
                    step["wait_for"] in line for line in terminal.lines()):
                terminal.settle(quiet=0.05, limit=0.2)
        elif "mark" in step:
            terminal.since = bytearray()
        elif "write" in step:
            # Another program writes the file (renaming a new copy over it, as editors do).
            path = step["write"]["path"]
            with open(path + ".other", "w", encoding="utf-8") as handle:
                handle.write(step["write"]["text"])
            os.replace(path + ".other", path)
    # Every scenario ends by quitting: wait for it (a loaded machine may be slow), but
    # not forever: a program that keeps writing and never quits is ended after 60 s.
    deadline = time.time() + 60
    try:
        while time.time() < deadline:
            data = terminal.child.read_nonblocking(65536, timeout=10)
            terminal.written += data
            terminal.stream.feed(data)
    except (pexpect.EOF, pexpect.TIMEOUT):
        pass
    if not terminal.child.isalive():
        terminal.child.close()
        result["exit"] = terminal.child.exitstatus
        result["signal"] = terminal.child.signalstatus
    else:
        terminal.child.terminate(force=True)
    result["tail"] = terminal.written[-200:].decode("latin-1")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
