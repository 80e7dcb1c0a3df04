#!/usr/bin/env python3
"""Replays a program's output on a terminal emulator (pyte), frame by frame.

Reads {"columns": C, "rows": R, "chunks": [BASE64...]} on standard input; feeds each
chunk (the bytes one frame wrote) to one pyte screen in turn and writes
{"screens": [[line...]...]}: the screen's lines after each chunk, stripped on the
right. A test compares them with the frames it drew: partial redraws must leave the
terminal showing exactly the frame.
"""

import base64
import json
import sys

import pyte


def main():
    request = json.load(sys.stdin)
    screen = pyte.Screen(request["columns"], request["rows"])
    stream = pyte.ByteStream(screen)
    screens = []
    for chunk in request["chunks"]:
        stream.feed(base64.b64decode(chunk))
        screens.append([line.rstrip() for line in screen.display])
    json.dump({"screens": screens}, sys.stdout)


if __name__ == "__main__":
    main()
