#!/usr/bin/env python3
"""LSP positions as pygls counts them: an independent codec for the language server's.

Reads {"documents": [TEXT, ...]} on standard input. Splits each text into lines at
LF, CRLF and a lone CR (the line breaks LSP 3.17 names; not str.splitlines, which also
breaks at VT, FF, U+2028 and others), and for every line and every code point index
from 0 to the line's length (its break excluded) asks pygls's PositionCodec for the
character in UTF-8, UTF-16 and UTF-32 code units. Writes
{"documents": [[[[u8, u16, u32], ...] per line] per document]}.
"""
import json
import sys

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec


def lines_of(text):
    lines, start, index = [], 0, 0
    while index < len(text):
        char = text[index]
        index += 1
        if char == "\n" or char == "\r":
            if char == "\r" and index < len(text) and text[index] == "\n":
                index += 1
            lines.append(text[start:index])
            start = index
    lines.append(text[start:])
    return lines


def content(line):
    if line.endswith("\r\n"):
        return line[:-2]
    if line.endswith("\n") or line.endswith("\r"):
        return line[:-1]
    return line


def main():
    request = json.load(sys.stdin)
    codecs = [
        PositionCodec(types.PositionEncodingKind.Utf8),
        PositionCodec(types.PositionEncodingKind.Utf16),
        PositionCodec(types.PositionEncodingKind.Utf32),
    ]
    answer = []
    for text in request["documents"]:
        lines = lines_of(text)
        document = []
        for number, line in enumerate(lines):
            units = []
            for index in range(len(content(line)) + 1):
                position = types.Position(line=number, character=index)
                units.append([c.position_to_client_units(lines, position).character for c in codecs])
                # And back: pygls's reading of those units is the same code point.
                for codec, unit in zip(codecs, units[-1]):
                    back = codec.position_from_client_units(
                        lines, types.Position(line=number, character=unit))
                    if back.character != index and unit < codec.client_num_units(content(line)):
                        raise SystemExit(f"pygls disagrees with itself at {number}:{index}")
            document.append(units)
        answer.append(document)
    json.dump({"documents": answer}, sys.stdout)


if __name__ == "__main__":
    main()
