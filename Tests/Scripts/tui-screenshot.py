#!/usr/bin/env python3
"""Renders `chk tui`'s own screen to an SVG picture, so the README's picture cannot
drift from the program.

    Tests/Scripts/tui-screenshot.py CHK_BINARY SAMPLE.md OUTPUT.svg \
        [--columns 72] [--rows 16] [--today 2024-03-14] [--title TEXT]

Starts `chk tui NAME --today DAY` on a copy of SAMPLE.md (as NAME, its own file name)
in a temporary directory, through a pseudo-terminal of COLUMNS x ROWS (pexpect), and
reads its screen with a terminal emulator (pyte), as `Tests/Helpers/tui_driver.py` does
for `TerminalUITests.theReadmeScreenIsTheProgramsScreen`. Colour is on (TERM is
xterm-256color, NO_COLOR unset); HOME and the XDG directories are in the temporary
directory. Once the screen is drawn (the status line shows and two reads 200 ms apart
are equal) it quits with `q` and writes OUTPUT.svg, self-contained and the same bytes
for the same inputs, and prints the screen's plain text on standard output: one line
per row, stripped on the right, as pyte shows it (a wide character such as an emoji
is one character there, though it takes two cells), so a test can compare it with
README.md's text block.

Needs Python 3 with pyte and pexpect.
"""

import argparse
import os
import re
import shutil
import sys
import tempfile
import time

import pexpect
import pyte

# The look. A cell is CELL_WIDTH x ROW_HEIGHT pixels; FONT_SIZE's monospace fonts
# advance about 0.6 em, so text lines up with the cells even before `textLength`
# corrects it.
FONT_SIZE = 14
CELL_WIDTH = 8.4
ROW_HEIGHT = 18
BASELINE = 13  # from a row's top
PADDING = 14  # around the screen, inside the frame
TITLE_HEIGHT = 30  # the frame's title bar
RADIUS = 8
WORDS = re.compile(r"[^ ]+(?: [^ ]+)*")  # words one space apart
FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace'

FRAME = "#2d2d2d"
TITLE_TEXT = "#9a9a9a"
BACKGROUND = "#1e1e1e"
FOREGROUND = "#d4d4d4"
DOTS = ("#ff5f57", "#febc2e", "#28c840")
DIM = 0.55  # a dim cell's colour: this much of its colour, the rest the background's

# The 16 colours (VS Code's dark terminal palette: readable on BACKGROUND), by pyte's
# names ("brown" is its name for SGR 33, yellow).
PALETTE = {
    "black": "#000000",
    "red": "#cd3131",
    "green": "#0dbc79",
    "brown": "#e5e510",
    "yellow": "#e5e510",
    "blue": "#2472c8",
    "magenta": "#bc3fbc",
    "cyan": "#11a8cd",
    "white": "#e5e5e5",
    "brightblack": "#666666",
    "brightred": "#f14c4c",
    "brightgreen": "#23d18b",
    "brightbrown": "#f5f543",
    "brightyellow": "#f5f543",
    "brightblue": "#3b8eea",
    "brightmagenta": "#d670d6",
    "brightcyan": "#29b8db",
    "brightwhite": "#e5e5e5",
}


class Screen(pyte.Screen):
    """pyte's screen, keeping dim (SGR 2), which pyte drops, in the `blink` flag
    (chk never blinks): 2 sets it, 22 clears it with bold, real blinking is ignored."""

    def select_graphic_rendition(self, *attrs, private=False):
        if private:
            return
        mapped = []
        index = 0
        while index < len(attrs):
            attr = attrs[index]
            if attr in (38, 48):
                # An extended colour: its arguments are numbers, not attributes.
                length = {5: 3, 2: 5}.get(attrs[index + 1] if index + 1 < len(attrs) else 0, 1)
                mapped.extend(attrs[index:index + length])
                index += length
                continue
            if attr == 2:
                mapped.append(5)
            elif attr == 22:
                mapped.extend((22, 25))
            elif attr not in (5, 6, 25):
                mapped.append(attr)
            index += 1
        if attrs and not mapped:
            return
        super().select_graphic_rendition(*mapped)


def colour(name, default):
    if name == "default":
        return default
    if name in PALETTE:
        return PALETTE[name]
    if len(name) == 6 and all(c in "0123456789abcdefABCDEF" for c in name):
        return "#" + name.lower()
    return default


def mix(front, back, amount):
    a = [int(front[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(back[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join("%02x" % round(x * amount + y * (1 - amount)) for x, y in zip(a, b))


def number(value):
    """A coordinate, the same text for the same value: at most two decimals."""
    text = "%.2f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# MARK: - Running the program


def snapshot(screen):
    return [[screen.buffer[y][x] for x in range(screen.columns)] for y in range(screen.lines)]


def capture(binary, sample, columns, rows, today, timeout=30.0):
    """The screen's cells once drawn, row by row (pyte `Char`s)."""
    binary = os.path.abspath(binary)
    with tempfile.TemporaryDirectory(prefix="chk-screenshot-") as scratch:
        name = os.path.basename(sample)
        shutil.copyfile(sample, os.path.join(scratch, name))
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": scratch,
            "XDG_STATE_HOME": os.path.join(scratch, ".state"),
            "XDG_CONFIG_HOME": os.path.join(scratch, ".config"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "CHK_SEED": "4",
        }
        screen = Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        child = pexpect.spawn(
            binary, ["tui", name, "--today", today], cwd=scratch, env=env,
            dimensions=(rows, columns))

        def read(seconds):
            """Feeds pyte what the program writes in `seconds`."""
            end = time.time() + seconds
            while True:
                left = end - time.time()
                if left <= 0:
                    return True
                try:
                    stream.feed(child.read_nonblocking(65536, timeout=min(left, 0.05)))
                except pexpect.TIMEOUT:
                    continue
                except pexpect.EOF:
                    return False

        try:
            deadline = time.time() + timeout
            cells = None
            while True:
                alive = read(0.2)
                now = snapshot(screen)
                # The status line (the last row) is drawn last.
                shown = screen.display[rows - 1].strip() != ""
                if shown and now == cells:
                    break
                cells = now if shown else None
                if not alive:
                    raise SystemExit("chk tui exited before its screen was drawn:\n"
                                     + "\n".join(screen.display))
                if time.time() > deadline:
                    raise SystemExit("chk tui's screen was not steady after %d s:\n%s"
                                     % (timeout, "\n".join(screen.display)))
            child.send("q")
            try:
                child.expect(pexpect.EOF, timeout=10)
            except pexpect.TIMEOUT:
                pass
            child.close(force=True)
            if child.exitstatus not in (0, None):
                print("chk tui exited with %s" % child.exitstatus, file=sys.stderr)
        finally:
            if child.isalive():
                child.terminate(force=True)
        return cells, screen.display


# MARK: - Drawing


def styled(cell):
    """(foreground, background, bold) as drawn: reverse video swapped, dim blended."""
    fg = colour(cell.fg, FOREGROUND)
    bg = colour(cell.bg, BACKGROUND)
    if cell.reverse:
        fg, bg = bg, fg
    if cell.blink:  # dim (see Screen)
        fg = mix(fg, bg, DIM)
    return fg, bg, cell.bold


def svg(cells, columns, rows, title):
    width = 2 * PADDING + columns * CELL_WIDTH
    height = TITLE_HEIGHT + 2 * PADDING + rows * ROW_HEIGHT
    left = PADDING
    top = TITLE_HEIGHT + PADDING
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s"'
        ' role="img" aria-label="%s">'
        % (number(width), number(height), number(width), number(height), escape(title).replace('"', "&quot;")),
        '<rect width="%s" height="%s" rx="%d" fill="%s"/>'
        % (number(width), number(height), RADIUS, FRAME),
        '<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>'
        % (0, TITLE_HEIGHT, number(width), number(height - TITLE_HEIGHT - RADIUS), BACKGROUND),
        '<rect y="%s" width="%s" height="%s" rx="%d" fill="%s"/>'
        % (number(height - 2 * RADIUS), number(width), 2 * RADIUS, RADIUS, BACKGROUND),
    ]
    for index, dot in enumerate(DOTS):
        out.append('<circle cx="%d" cy="%d" r="6" fill="%s"/>'
                   % (PADDING + 6 + 20 * index, TITLE_HEIGHT // 2, dot))
    out.append(
        '<text x="%s" y="%d" fill="%s" font-family=\'%s\' font-size="13" text-anchor="middle">%s</text>'
        % (number(width / 2), TITLE_HEIGHT // 2 + 4, TITLE_TEXT, FONT_FAMILY, escape(title)))
    # The cells' backgrounds: one rectangle per run of one colour other than the screen's.
    for y, line in enumerate(cells):
        x = 0
        while x < columns:
            bg = styled(line[x])[1]
            end = x + 1
            while end < columns and styled(line[end])[1] == bg:
                end += 1
            if bg != BACKGROUND:
                out.append('<rect x="%s" y="%s" width="%s" height="%d" fill="%s"/>'
                           % (number(left + x * CELL_WIDTH), number(top + y * ROW_HEIGHT),
                              number((end - x) * CELL_WIDTH), ROW_HEIGHT, bg))
            x = end
    # The text: one <text> per run of ASCII characters of one style (split at two spaces
    # or more), at its first column and stretched or squeezed to its cells (`textLength`),
    # so that columns line up whatever font is found. Any other character (an emoji, an arrow) is drawn alone,
    # centred on its cells (two for a wide one: pyte leaves its second cell empty), as
    # its font may not be the text's.
    out.append('<g font-family=\'%s\' font-size="%d" xml:space="preserve" style="white-space:pre">'
               % (FONT_FAMILY, FONT_SIZE))
    for y, line in enumerate(cells):
        baseline = number(top + y * ROW_HEIGHT + BASELINE)
        x = 0
        while x < columns:
            cell = line[x]
            if cell.data == "":
                x += 1
                continue
            style = styled(cell)
            if not cell.data.isascii():
                span = 2 if x + 1 < columns and line[x + 1].data == "" else 1
                out.append(text_element(cell.data, left + (x + span / 2) * CELL_WIDTH, baseline,
                                        style, anchor=True))
                x += span
                continue
            end = x + 1
            while (end < columns and line[end].data != "" and line[end].data.isascii()
                   and styled(line[end]) == style):
                end += 1
            # Split where two spaces or more are: no renderer's idea of white space can
            # then move a character.
            run = "".join(c.data for c in line[x:end])
            for words in WORDS.finditer(run):
                out.append(text_element(words.group(), left + (x + words.start()) * CELL_WIDTH,
                                        baseline, style, length=len(words.group()) * CELL_WIDTH))
            x = end
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def text_element(text, x, baseline, style, anchor=False, length=None):
    fg, _, bold = style
    attributes = ['x="%s"' % number(x), 'y="%s"' % baseline, 'fill="%s"' % fg]
    if bold:
        attributes.append('font-weight="bold"')
    if anchor:
        attributes.append('text-anchor="middle"')
    if length is not None and len(text) > 1:
        attributes.append('textLength="%s" lengthAdjust="spacing"' % number(length))
    return "<text %s>%s</text>" % (" ".join(attributes), escape(text))


def main():
    parser = argparse.ArgumentParser(description="chk tui's screen as an SVG picture.")
    parser.add_argument("binary", help="the chk program")
    parser.add_argument("sample", help="the Markdown file to show (copied first)")
    parser.add_argument("output", help="the SVG file to write")
    parser.add_argument("--columns", type=int, default=72)
    parser.add_argument("--rows", type=int, default=16)
    parser.add_argument("--today", default="2024-03-14")
    parser.add_argument("--title", help="the frame's title (default: chk tui NAME)")
    arguments = parser.parse_args()
    cells, lines = capture(arguments.binary, arguments.sample, arguments.columns,
                           arguments.rows, arguments.today)
    title = arguments.title or "chk tui " + os.path.basename(arguments.sample)
    picture = svg(cells, arguments.columns, arguments.rows, title)
    with open(arguments.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(picture)
    sys.stdout.write("".join(line.rstrip() + "\n" for line in lines))


if __name__ == "__main__":
    main()
