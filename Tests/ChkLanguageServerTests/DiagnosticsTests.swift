import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Lint findings as diagnostics, pushed and pulled, as `chk lint` finds them.
@Suite("LSP: diagnostics")
struct DiagnosticsTests {
  @Test(arguments: ["utf-16", "utf-8"])
  func diagnosticsHaveRuleCodesSeveritiesAndExactRanges(_ encoding: String) throws {
    let session = LSPSession(encodings: [encoding])
    let text =
      "## Trip 😀\n\n- [ ] 😀 Pack @done(2024-01-02)\n- [ ] Tickets  @id(a1)\n"
      + "- [ ] Visa  @id(a1)\n- [ ] Hotel  @due(2024-02-30)\n"
    session.open(Params.uri, text)
    let published = session.publish()
    #expect(published.count == 1)
    let params = published.first?["params"]
    #expect(params?["uri"] == .string(Params.uri))
    #expect(params?["version"] == 1)
    let diagnostics = params?["diagnostics"]?.arrayValue ?? []
    #expect(
      diagnostics.map { $0["code"]?.stringValue ?? "" } == [
        "tag-in-name", "duplicate-id", "invalid-date",
      ])
    #expect(diagnostics.map { $0["severity"]?.intValue ?? 0 } == [2, 1, 1])
    // '@done(2024-01-02)' on line 3 starts after "- [ ] 😀 Pack ": 6 + the emoji
    // (2 UTF-16 units, 4 UTF-8 bytes) + 6.
    let emoji = encoding == "utf-8" ? 4 : 2
    #expect(diagnostics[0]["range"] == Params.range((2, 12 + emoji), (2, 12 + emoji + 17)))
    #expect(diagnostics[1]["range"] == Params.range((4, 12), (4, 19)))
    let related = diagnostics[1]["relatedInformation"]?.arrayValue?.first
    #expect(related?["location"]?["range"] == Params.range((3, 15), (3, 22)))
    #expect(related?["location"]?["uri"] == .string(Params.uri))
    #expect(diagnostics[1]["message"]?.stringValue?.contains("first used on line 4") == true)
    // Nothing changed: nothing more is published.
    #expect(session.publish().isEmpty)
    try session.validateTranscript("diagnosticsHaveRuleCodesSeveritiesAndExactRanges")
  }

  /// A file in an Obsidian vault with the Tasks plugin is in the plugin's format: the
  /// server offers check, uncheck and toggle as the plugin makes them, and nothing in
  /// chk's own format (diagnostics, fixes, formatting, completion), which would write
  /// `@done` into the vault.
  @Test func aFileOfAnObsidianVaultIsEditedAsThePluginDoes() throws {
    let vault = try TemporaryDirectory()
    _ = try vault.file(".obsidian/plugins/obsidian-tasks-plugin/manifest.json", "{}")
    let uri = "file://" + vault.path + "/tasks.md"
    let session = LSPSession()
    let text = "# T\n\n- [ ] Pay rent 🔁 every day 📅 2026-12-05\n- [ ] x @done(1)\n"
    session.open(uri, text)
    #expect(session.publish().first?["params"]?["diagnostics"] == [])
    let actions =
      session.result(
        "textDocument/codeAction",
        [
          "textDocument": ["uri": .string(uri)], "range": Params.range((2, 0), (2, 5)),
          "context": ["diagnostics": [], "only": ["refactor.rewrite.toggle"]],
        ]
      ).arrayValue ?? []
    #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["Toggle task"])
    let day = LSPSession.today
    let toggled = session.apply(LSPSession.edits(actions.first?["edit"], uri), to: uri)
    #expect(
      toggled.hasPrefix(
        "# T\n\n- [ ] Pay rent 🔁 every day 📅 2026-12-06\n- [x] Pay rent 🔁 every day 📅 2026-12-05 ✅ \(day)\n"
      ))
    #expect(toggled.hasSuffix("- [ ] x @done(1)\n"))
    let formatting = session.result(
      "textDocument/formatting",
      ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])
    #expect(formatting == [])
    // Completion as the plugin's auto-suggest: the signifiers the task lacks, days after
    // a date's signifier, rules after 🔁.
    let completion = session.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(uri)], "position": ["line": 3, "character": 14]])
    let labels = completion["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    #expect(labels.prefix(3) == ["📅 due date", "⏳ scheduled date", "🛫 start date"])
    #expect(labels.contains("⏫ high priority"))
    let other = "file://" + vault.path + "/other.md"
    session.open(
      other, "- [ ] Call 📅 tom\n- [ ] Bin 🔁 every w\n- [ ] a 📅 2024-02-30\n- [ ] b 🔁 sometimes\n")
    let days = session.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(other)], "position": ["line": 0, "character": 17]])
    let tomorrow = try #require(LSPSession.today.adding(days: 1)).description
    #expect(days["items"]?.arrayValue?[1]["textEdit"]?["newText"]?.stringValue == tomorrow)
    #expect(days["items"]?.arrayValue?[1]["textEdit"]?["range"] == Params.range((0, 14), (0, 17)))
    let rules = session.result(
      "textDocument/completion",
      ["textDocument": ["uri": .string(other)], "position": ["line": 1, "character": 20]])
    #expect(rules["items"]?.arrayValue?[1]["label"]?.stringValue == "every week")
    #expect(rules["items"]?.arrayValue?[1]["textEdit"]?["range"] == Params.range((1, 13), (1, 20)))
    // What chk lint reports there, on each task's whole line.
    let findings = session.publish().last?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(
      findings.compactMap { $0["code"]?.stringValue } == ["invalid-date", "invalid-recurrence"])
    #expect(findings.first?["range"] == Params.range((2, 0), (2, 21)))
  }

  @Test func aDocumentWithoutItemsGetsNoDiagnosticsAndNoActions() {
    let session = LSPSession()
    session.open(Params.uri, "# Notes\n\n[ ] not an item  @id(a)\n\n```\n- [ ] x @done(1)\n```\n")
    session.change(
      Params.uri, (Position(line: 0, character: 0), Position(line: 0, character: 0)), "")
    let published = session.publish()
    #expect(published.first?["params"]?["diagnostics"] == [])
    let actions = session.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(Params.uri)], "range": Params.range((0, 0), (0, 0)),
        "context": ["diagnostics": []],
      ])
    #expect(actions == [])
  }

  /// A file without items whose lines were meant as items (every box malformed) gets
  /// its findings, as `chk lint --checklists-only` gives them: the template it is shows
  /// no checkbox at all on GitHub, which is what the editor should say.
  @Test func aTemplateWithOnlyMalformedBoxesGetsItsFindings() {
    let session = LSPSession()
    session.open(Params.uri, "## Packing\n\n- [✓] passport\n-[x] tickets\n")
    let published = session.publish()
    let codes = published.first?["params"]?["diagnostics"]?.arrayValue?.compactMap {
      $0["code"]?.stringValue
    }
    // The glued box counts only in a file with items (as for chk lint).
    #expect(codes == ["malformed-checkbox"])
  }

  @Test func projectConfigurationAndInlineDisablesApply() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file(
      ".chk.json", #"{"rules": {"missing-id": "warning", "tag-in-name": "off"}}"#)
    let uri = FileURI.uri(of: directory.path + "/todo.md")
    let session = LSPSession()
    session.open(
      uri,
      "- [ ] one @done(2024-01-01)\n<!-- chk-disable-next-line missing-id -->\n- [ ] two\n- [ ] three\n"
    )
    let diagnostics = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(diagnostics.map { $0["code"]?.stringValue ?? "" } == ["missing-id", "missing-id"])
    #expect(diagnostics.map { LSPSession.position($0["range"]?["start"]).line } == [0, 3])
    // A broken configuration is reported, and the default rules apply.
    _ = try directory.file(".chk.json", "{")
    session.notify(
      "textDocument/didSave", Params.textDocument(FileURI.uri(of: directory.path + "/.chk.json")))
    let again = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(again.first?["code"] == "configuration")
    #expect(again.dropFirst().map { $0["code"]?.stringValue ?? "" } == ["tag-in-name"])
  }

  @Test func clientsThatPullGetDiagnosticsOnlyWhenTheyAsk() throws {
    let session = LSPSession(pullsDiagnostics: true)
    session.open(Params.uri, "- [ ] a  @id(x)\n- [ ] b  @id(x)\n")
    #expect(session.publish().isEmpty, "nothing is pushed to a client that pulls")
    let report = session.result("textDocument/diagnostic", Params.textDocument())
    #expect(report["kind"] == "full")
    #expect(report["items"]?.arrayValue?.map { $0["code"]?.stringValue ?? "" } == ["duplicate-id"])
    try session.validateTranscript("clientsThatPullGetDiagnosticsOnlyWhenTheyAsk")
  }

  @Test func closingADocumentClearsItsDiagnostics() {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] a  @id(x)\n- [ ] b  @id(x)\n")
    session.notify("textDocument/didClose", Params.textDocument())
    #expect(session.notifications.last?["params"]?["diagnostics"] == [])
    #expect(session.publish().isEmpty)
  }

  /// Keystrokes in a file of 10,000 lines, linted again only where they fell
  /// (`LintSections`): after each, the server's diagnostics are a fresh lint's of its
  /// text, whether the stretches were kept, moved or dropped.
  @Test func diagnosticsAfterEachKeystrokeAreAFreshLintsOfTheText() throws {
    let session = LSPSession(pullsDiagnostics: true)
    var text = ""
    for list in 0..<400 {
      text += "## List \(list)\n\n"
      for item in 0..<20 {
        let id = item == 3 && list % 50 == 7 ? "dup" : "i\(list)x\(item)"
        text += "- [\(item % 4 == 0 ? "x" : " ")] Item \(item % 9)  @id(\(id))\n"
      }
      text += "\n"
    }
    session.open(Params.uri, text)
    var random = TestRandom(seed: 41)
    let pieces = ["x", " @due(2024-01-01)", "\n", "- [ ] Item 1\n", "## New\n", "@id(dup)", ""]
    let linter = ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today))
    var kept = 0
    for step in 0..<40 {
      let line = random.int(0...9_000)
      let position = Position(line: line, character: random.int(0...6))
      let end = random.chance(0.3) ? Position(line: line, character: 8) : position
      session.change(Params.uri, (position, end), random.pick(pieces))
      kept += session.server.documents[Params.uri]?.lintSections.stretchCount ?? 0 > 0 ? 1 : 0
      let codes = session.result("textDocument/diagnostic", Params.textDocument())["items"]?
        .arrayValue?.map {
          "\($0["range"]?["start"]?["line"]?.intValue ?? -1) \($0["code"]?.stringValue ?? "")"
        }
      let fresh = try ChecklistDocument(parsing: session.server.documents[Params.uri]?.bytes ?? [])
      let expected = linter.lint(fresh).map { "\($0.line - 1) \($0.rule.name)" }
      #expect(codes == expected, "step \(step)")
    }
    #expect(kept > 30, "most keystrokes keep stretches")
  }
}
