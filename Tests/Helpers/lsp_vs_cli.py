#!/usr/bin/env python3
"""The language server's diagnostics against the command line's, through pygls's codec.

Reads {"chk": PATH, "directory": DIR, "documents": [{"bytes": BASE64, "sendsBOM": BOOL},
...]} on standard input. For each document: writes its bytes to DIR/docN.md and runs
`chk lint --format json --checklists-only` on the file (1-based lines, 1-based columns
in UTF-8 bytes after a byte-order mark; a file without items is linted only when a line
was meant as one, as the server lints what an editor opens); opens the same text in one `chk lsp --debounce 0` session (as
UTF-16, the encoding every client supports), with the file's byte-order mark as its
first character when "sendsBOM" (an editor that keeps it in the buffer) and without it
otherwise (Neovim and VS Code take it off); and converts each command-line finding to
the range the server must publish: the bytes before each column decoded to code points,
plus the mark on the first line when it was sent, turned into UTF-16 units by pygls's
PositionCodec (a codec we did not write). Then asks the server for its "fix all" code
action, applies its edit with the same codec, and runs `chk lint --fix` on a copy of the
file: the two must give the same bytes, but for the IDs each makes up for a duplicate
(written NEW on both sides). Writes {"documents": [{"expected": [...], "published":
[...], "fixedByLint": TEXT, "fixedByServer": TEXT, "problems": [TEXT, ...]}], "checked":
{"quickFixes": N, "renames": N, "completions": N}}, each finding as [startLine,
startCharacter, endLine, endCharacter, rule, severity], sorted; the problems are
lsp_actions.py's (each quick fix, a rename and a completion against the command line).
"""
import base64
import json
import os
import re
import subprocess
import sys

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_positions import content, lines_of  # noqa: E402
import lsp_actions  # noqa: E402

CODEC = PositionCodec(types.PositionEncodingKind.Utf16)
BOM = b"\xef\xbb\xbf"
SEVERITY = {"error": 1, "warning": 2, "info": 3, "information": 3, "hint": 4}


class Server:
    def __init__(self, chk, environment):
        self.process = subprocess.Popen(
            [chk, "lsp", "--debounce", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=environment)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == ident and "method" not in message:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and \
                    message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]


def expected(findings, raw, sends_bom):
    body = raw[3:] if raw.startswith(BOM) else raw
    text = body.decode("utf-8")
    # An editor that keeps a byte-order mark sends the one the file has.
    sends_bom = sends_bom and raw.startswith(BOM)
    sent = ("\ufeff" if sends_bom else "") + text
    lines = lines_of(sent)
    byte_lines = [line.encode("utf-8") for line in lines_of(text)]
    result = []
    for finding in findings:
        ends = []
        for line, column in ((finding["line"], finding["column"]),
                             (finding["endLine"], finding["endColumn"])):
            prefix = content(byte_lines[line - 1].decode("utf-8")).encode("utf-8")[:column - 1]
            character = len(prefix.decode("utf-8"))
            if line == 1 and sends_bom:
                character += 1
            position = types.Position(line=line - 1, character=character)
            ends.append(CODEC.position_to_client_units(lines, position))
        result.append([ends[0].line, ends[0].character, ends[1].line, ends[1].character,
                       finding["rule"], SEVERITY[finding["severity"]]])
    return sorted(result), sent


def applied(text, edits):
    """The text with LSP text edits (UTF-16 ranges) applied, as pygls counts positions."""
    lines = lines_of(text)
    offsets, total = [], 0
    for line in lines:
        offsets.append(total)
        total += len(line)
    spans = []
    for edit in edits:
        rng = CODEC.range_from_client_units(lines, types.Range(
            start=types.Position(**edit["range"]["start"]),
            end=types.Position(**edit["range"]["end"])))
        start = offsets[rng.start.line] + rng.start.character if rng.start.line < len(lines) \
            else total
        end = offsets[rng.end.line] + rng.end.character if rng.end.line < len(lines) else total
        spans.append((start, end, edit["newText"]))
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def masked(text, known):
    """`@id(X)` with an X the original did not hold, written `@id(NEW)`."""
    return re.sub(r"@id\(([^)]*)\)",
                  lambda m: m.group(0) if m.group(1) in known else "@id(NEW)", text)


def fixed_by_server(server, uri, sent, diagnostics):
    lines = lines_of(sent)
    end = {"line": len(lines) - 1, "character": 0}
    result = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0}, "end": end},
        "context": {"diagnostics": diagnostics, "only": ["source.fixAll.chk"]}})
    for action in result.get("result") or []:
        if action.get("kind") == "source.fixAll.chk":
            edit = action.get("edit") or {}
            edits = list((edit.get("changes") or {}).get(uri, []))
            for change in edit.get("documentChanges") or []:
                edits += change.get("edits", [])
            return applied(sent, edits)
    return sent


def main():
    request = json.load(sys.stdin)
    chk = request["chk"]
    directory = request["directory"]
    environment = dict(os.environ)
    server = Server(chk, environment)
    server.request("initialize", {
        "processId": None, "rootUri": "file://" + directory,
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}}})
    server.notify("initialized", {})
    answer = []
    checked = {"quickFixes": 0, "renames": 0, "completions": 0}
    for number, document in enumerate(request["documents"]):
        raw = base64.b64decode(document["bytes"])
        path = os.path.join(directory, "doc%d.md" % number)
        with open(path, "wb") as handle:
            handle.write(raw)
        lint = subprocess.run([chk, "lint", "--format", "json", "--checklists-only", path],
                              capture_output=True, env=environment, check=False)
        findings = json.loads(lint.stdout or b"[]")
        wanted, sent = expected(findings, raw, document["sendsBOM"])
        copy = os.path.join(directory, "doc%d-fix.md" % number)
        with open(copy, "wb") as handle:
            handle.write(raw)
        subprocess.run([chk, "lint", "--fix", "--checklists-only", copy],
                       capture_output=True, env=environment, check=False)
        with open(copy, "rb") as handle:
            by_lint = handle.read().decode("utf-8")
        known = set(re.findall(r"@id\(([^)]*)\)", raw.decode("utf-8")))
        uri = "file://" + path
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": sent}})
        published = []
        diagnostics = server.diagnostics(uri)
        for diagnostic in diagnostics:
            start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
            published.append([start["line"], start["character"], end["line"], end["character"],
                              diagnostic.get("code"), diagnostic.get("severity")])
        by_server = fixed_by_server(server, uri, sent, diagnostics)
        problems = []
        for name, (found, count) in (
                ("quickFixes", lsp_actions.quick_fixes(
                    server, uri, sent, diagnostics, by_lint, applied, masked, known)),
                ("renames", lsp_actions.rename(server, uri, sent, applied)),
                ("completions", lsp_actions.completion(
                    server, uri, sent, applied, chk, path, environment))):
            problems += found
            checked[name] += count
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        if raw.startswith(BOM) and not by_server.startswith("\ufeff"):
            by_server = "\ufeff" + by_server
        answer.append({"expected": wanted, "published": sorted(published),
                       "fixedByLint": masked(by_lint, known),
                       "fixedByServer": masked(by_server, known), "problems": problems})
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=10)
    json.dump({"documents": answer, "checked": checked}, sys.stdout)


if __name__ == "__main__":
    main()
