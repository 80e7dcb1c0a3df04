"""The language server's quick fixes, rename and completion against the command line and
the man pages, each edit applied through pygls's position codec (lsp_vs_cli.applied).
Used by lsp_vs_cli.py, which holds the session; each check returns its problems and how
many edits it checked.

- Quick fixes (chk-editors(7): every `chk lint --fix` fix as a quick fix): each one the
  server offers for a published diagnostic, applied alone, changes that diagnostic's
  line only; where the line has no other fixable finding, into the line `chk lint
  --fix` writes (IDs made up for a duplicate masked).
- Rename (chk-editors(7): rename of @id values): at the value of an item's @id, prepare
  gives the value's range and text; the rename, applied, turns every @id(OLD) tag of
  the document's items (cmark-gfm's task items, the tags as checklist(5) splits them;
  not the same text in a name, a note or code) into @id(NEW), and nothing else.
- Completion (chk-editors(7): coming days in @due(, "tom"): typed at the end of an
  item, "  @due(tom" completed with "tomorrow" gives the line with "  @due(DAY)", DAY
  the day `chk edit ID --due tomorrow` writes.
"""
import re
import subprocess

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from lint_reference import BOX, parse, split
from lsp_positions import content, lines_of

CODEC = PositionCodec(types.PositionEncodingKind.Utf16)
NOTE = re.compile(r"[ \t]{2,}#(?=[ \t]|$)")


def position(lines, line, index):
    """The UTF-16 position of code point `index` of line `line` (0-based)."""
    point = types.Position(line=line, character=index)
    converted = CODEC.position_to_client_units(lines, point)
    return {"line": converted.line, "character": converted.character}


def edits_of(result, uri):
    edit = result or {}
    edits = list((edit.get("changes") or {}).get(uri, []))
    for change in edit.get("documentChanges") or []:
        edits += change.get("edits", [])
    return edits


def item_lines(sent):
    """0-based lines of the task items cmark-gfm finds, with the text after the box."""
    text = sent.lstrip("\ufeff")
    lines = [content(line) for line in lines_of(sent)]
    found = {}
    for line, _ in parse(text).items:
        match = BOX.match(lines[line - 1].lstrip("\ufeff"))
        if match:
            found[line - 1] = match
    return found


def quick_fixes(server, uri, sent, diagnostics, by_lint, applied, masked, known):
    """Problems of the quick fixes offered for each diagnostic, each applied alone."""
    problems = []
    lines = lines_of(sent)
    fixed_lines = lines_of(by_lint.lstrip("\ufeff"))
    offered = {}
    for diagnostic in diagnostics:
        result = server.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic], "only": ["quickfix"]}})
        fixes = [a for a in result.get("result") or []
                 if a.get("edit") and not a.get("title", "").startswith("Disable")]
        offered[id(diagnostic)] = fixes
    per_line = {}
    for diagnostic in diagnostics:
        if offered[id(diagnostic)]:
            line = diagnostic["range"]["start"]["line"]
            per_line[line] = per_line.get(line, 0) + 1
    count = 0
    for diagnostic in diagnostics:
        line = diagnostic["range"]["start"]["line"]
        for action in offered[id(diagnostic)]:
            count += 1
            after = lines_of(applied(sent, edits_of(action["edit"], uri)))
            where = f"{action['title']!r} for {diagnostic.get('code')} on line {line + 1}"
            if len(after) != len(lines) or any(
                    a != b for n, (a, b) in enumerate(zip(after, lines)) if n != line):
                problems.append(f"{where}: changed other lines")
                continue
            if per_line[line] == 1 and len(fixed_lines) == len(lines):
                mine = masked(content(after[line]).lstrip("\ufeff"), known)
                theirs = masked(content(fixed_lines[line]), known)
                if mine != theirs:
                    problems.append(f"{where}: {mine!r}, chk lint --fix {theirs!r}")
    return problems, count


def id_tag(body, old):
    """The code point index of the `@id(OLD)` tag in an item line's text (the last one
    before the note: a name may hold the same text, which is not a tag)."""
    cut = NOTE.search(body)
    return body.rfind("@id(" + old + ")", 0, cut.start() if cut else len(body))


def rename(server, uri, sent, applied):
    """Problems of prepareRename and rename at the first item's @id value."""
    items = item_lines(sent)
    lines = lines_of(sent)
    tagged = {}  # line -> the IDs its tags hold
    for line, match in items.items():
        before_note = NOTE.split(match.group(2) or "", maxsplit=1)[0]
        tagged[line] = [value for key, value in split(before_note)[1] if key == "id"]
    valid = [n for n in sorted(tagged) if tagged[n][:1] and
             re.fullmatch(r"[A-Za-z0-9_-]{1,32}", tagged[n][0])]
    if not valid:
        return [], 0
    line, old = valid[0], tagged[valid[0]][0]
    start = id_tag(content(lines[line]), old) + 4
    where = position(lines, line, start + 1)
    prepared = server.request("textDocument/prepareRename", {
        "textDocument": {"uri": uri}, "position": where}).get("result") or {}
    want = {"start": position(lines, line, start), "end": position(lines, line, start + len(old))}
    problems = []
    if prepared.get("range") != want or prepared.get("placeholder") != old:
        problems.append(f"prepareRename of {old!r} on line {line + 1}: {prepared}, want {want}")
    new = "renamed9"
    result = server.request("textDocument/rename", {
        "textDocument": {"uri": uri}, "position": where, "newName": new}).get("result")
    expected = []
    for number, raw in enumerate(lines):
        if old in tagged.get(number, []):
            body = content(raw)
            at = id_tag(body, old)
            raw = body[:at] + "@id(" + new + ")" + body[at + len(old) + 5:] + raw[len(body):]
        expected.append(raw)
    renamed = applied(sent, edits_of(result, uri))
    if renamed != "".join(expected):
        problems.append(f"rename {old!r} -> {new!r}: {renamed!r}, want {''.join(expected)!r}")
    return problems, 1


def completion(server, uri, sent, applied, chk, path, environment):
    """Problems of completing "  @due(tom" typed at the end of the first item without a
    note; changes the document (version 2) and `path` (the command's edit)."""
    items = item_lines(sent)
    lines = lines_of(sent)
    for line in sorted(items):
        body = content(lines[line])
        if not NOTE.search(body) and not body.endswith((" ", "\t", "\\")):
            break
    else:
        return [], 0
    typed = "  @due(tom"
    changed = "".join(lines[:line]) + body + typed + lines[line][len(body):] + \
        "".join(lines[line + 1:])
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": changed}]})
    where = position(lines_of(changed), line, len(body) + len(typed))
    result = server.request("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": where}).get("result")
    offered = result.get("items", []) if isinstance(result, dict) else (result or [])
    chosen = [entry for entry in offered if entry.get("label") == "tomorrow"]
    if not chosen:
        return [f"completion of {typed!r} on line {line + 1}: no 'tomorrow' in {offered[:3]}"], 1
    day = chosen[0].get("detail")
    completed = applied(changed, [chosen[0]["textEdit"]])
    want = "".join(lines[:line]) + body + "  @due(" + str(day) + ")" + \
        lines[line][len(body):] + "".join(lines[line + 1:])
    problems = []
    if completed != want:
        problems.append(f"completion on line {line + 1}: {completed!r}, want {want!r}")
    # The day is the one the command writes for "tomorrow".
    number = sorted(items).index(line) + 1  # chk(1): the item's number in file order
    subprocess.run([chk, "edit", str(number), "--due", "tomorrow", "-q"],
                   capture_output=True, env=dict(environment, CHK_FILE=path), check=False)
    with open(path, "rb") as handle:
        written = re.findall(r"@due\(([0-9-]{10})\)", lines_of(
            handle.read().decode("utf-8").lstrip("\ufeff"))[line])
    if written[-1:] != [day]:
        problems.append(f"completion's tomorrow {day}, chk edit --due tomorrow {written}")
    return problems, 1
