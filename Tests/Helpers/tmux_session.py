"""Runs a shell session in tmux and reads its pane, as a person at a terminal would see
it: the end-to-end test of `chk tui` under a real terminal multiplexer.

Reads one JSON scenario on standard input:

  {"cwd": "...", "env": {...}, "columns": 80, "rows": 24,
   "steps": [{"send": ["chk tui", "Enter"]},   # tmux send-keys arguments
             {"wait_for": "? help"},           # until the pane shows it (10 s at most)
             {"wait_gone": "? help"},          # until no line of the pane shows it
             {"capture": "name"}]}

and writes {"captures": {name: [lines]}, "timeouts": [texts never shown]}.

Signals the caller blocked are unblocked first: a blocked SIGCHLD, inherited, would
leave tmux and the shell's job control deaf.
"""

import json
import os
import signal
import subprocess
import sys
import time
import uuid


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    scenario = json.load(sys.stdin)
    socket = "chk-test-%d-%s" % (os.getpid(), uuid.uuid4().hex[:8])
    env = ["env", "-i"] + ["%s=%s" % item for item in scenario.get("env", {}).items()]
    subprocess.run(
        ["tmux", "-L", socket, "new-session", "-d", "-s", "chk",
         "-x", str(scenario.get("columns", 80)), "-y", str(scenario.get("rows", 24)),
         "-c", scenario["cwd"]] + env + ["bash", "--norc", "--noprofile", "-i"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        check=True)
    result = {"captures": {}, "timeouts": []}

    def capture():
        output = subprocess.run(
            ["tmux", "-L", socket, "capture-pane", "-p", "-t", "chk"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True).stdout
        return output.split("\n")

    try:
        for step in scenario["steps"]:
            if "send" in step:
                subprocess.run(["tmux", "-L", socket, "send-keys", "-t", "chk"] + step["send"],
                               stdin=subprocess.DEVNULL, check=True)
            elif "wait_for" in step:
                deadline = time.time() + 10
                while not any(step["wait_for"] in line for line in capture()):
                    if time.time() > deadline:
                        result["timeouts"].append(step["wait_for"])
                        break
                    time.sleep(0.1)
            elif "wait_gone" in step:
                deadline = time.time() + 10
                while any(step["wait_gone"] in line for line in capture()):
                    if time.time() > deadline:
                        result["timeouts"].append("gone: " + step["wait_gone"])
                        break
                    time.sleep(0.1)
            elif "capture" in step:
                result["captures"][step["capture"]] = capture()
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
