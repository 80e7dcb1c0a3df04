import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Each capability, compared with what ChecklistKit and `chk` do with the same text.
@Suite("LSP: diagnostics, edits, completion and navigation")
struct FeatureTests {
  static let uri = "file:///work/list.md"

  static func textDocument(_ uri: String = FeatureTests.uri) -> JSONValue {
    ["textDocument": ["uri": .string(uri)]]
  }

  static func at(_ line: Int, _ character: Int, _ uri: String = FeatureTests.uri) -> JSONValue {
    [
      "textDocument": ["uri": .string(uri)],
      "position": ["line": .int(line), "character": .int(character)],
    ]
  }

  static func range(_ from: (Int, Int), _ to: (Int, Int)) -> JSONValue {
    [
      "start": ["line": .int(from.0), "character": .int(from.1)],
      "end": ["line": .int(to.0), "character": .int(to.1)],
    ]
  }

  // MARK: - Diagnostics

  @Test(arguments: ["utf-16", "utf-8"])
  func diagnosticsHaveRuleCodesSeveritiesAndExactRanges(_ encoding: String) throws {
    let session = LSPSession(encodings: [encoding])
    let text =
      "## Trip 😀\n\n- [ ] 😀 Pack @done(2024-01-02)\n- [ ] Tickets  @id(a1)\n"
      + "- [ ] Visa  @id(a1)\n- [ ] Hotel  @due(2024-02-30)\n"
    session.open(Self.uri, text)
    let published = session.publish()
    #expect(published.count == 1)
    let params = published.first?["params"]
    #expect(params?["uri"] == .string(Self.uri))
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
    #expect(diagnostics[0]["range"] == Self.range((2, 12 + emoji), (2, 12 + emoji + 17)))
    #expect(diagnostics[1]["range"] == Self.range((4, 12), (4, 19)))
    let related = diagnostics[1]["relatedInformation"]?.arrayValue?.first
    #expect(related?["location"]?["range"] == Self.range((3, 15), (3, 22)))
    #expect(related?["location"]?["uri"] == .string(Self.uri))
    #expect(diagnostics[1]["message"]?.stringValue?.contains("first used on line 4") == true)
    // Nothing changed: nothing more is published.
    #expect(session.publish().isEmpty)
    try session.validateTranscript("diagnosticsHaveRuleCodesSeveritiesAndExactRanges")
  }

  @Test func aDocumentWithoutItemsGetsNoDiagnosticsAndNoActions() {
    let session = LSPSession()
    session.open(Self.uri, "# Notes\n\n[ ] not an item  @id(a)\n\n```\n- [ ] x @done(1)\n```\n")
    session.change(Self.uri, (Position(line: 0, character: 0), Position(line: 0, character: 0)), "")
    let published = session.publish()
    #expect(published.first?["params"]?["diagnostics"] == [])
    let actions = session.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(Self.uri)], "range": Self.range((0, 0), (0, 0)),
        "context": ["diagnostics": []],
      ])
    #expect(actions == [])
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
      "textDocument/didSave", Self.textDocument(FileURI.uri(of: directory.path + "/.chk.json")))
    let again = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(again.first?["code"] == "configuration")
    #expect(again.dropFirst().map { $0["code"]?.stringValue ?? "" } == ["tag-in-name"])
  }

  @Test func clientsThatPullGetDiagnosticsOnlyWhenTheyAsk() throws {
    let session = LSPSession(pullsDiagnostics: true)
    session.open(Self.uri, "- [ ] a  @id(x)\n- [ ] b  @id(x)\n")
    #expect(session.publish().isEmpty, "nothing is pushed to a client that pulls")
    let report = session.result("textDocument/diagnostic", Self.textDocument())
    #expect(report["kind"] == "full")
    #expect(report["items"]?.arrayValue?.map { $0["code"]?.stringValue ?? "" } == ["duplicate-id"])
    try session.validateTranscript("clientsThatPullGetDiagnosticsOnlyWhenTheyAsk")
  }

  @Test func closingADocumentClearsItsDiagnostics() {
    let session = LSPSession()
    session.open(Self.uri, "- [ ] a  @id(x)\n- [ ] b  @id(x)\n")
    session.notify("textDocument/didClose", Self.textDocument())
    #expect(session.notifications.last?["params"]?["diagnostics"] == [])
    #expect(session.publish().isEmpty)
  }

  // MARK: - Formatting

  @Test func formattingIsMinimalEditsToFmtsOutput() throws {
    var text = "## Big list\n\n"
    for number in 0..<1_000 { text += "- [ ] item \(number)  @id(i\(number))\n" }
    text = text.replacingOccurrences(of: "- [ ] item 10  ", with: "- [X]   item 10  ")
    text = text.replacingOccurrences(
      of: "- [ ] item 900  @id(i900)\n", with: "- [ ] item 900  @id(i900)   \n")
    let session = LSPSession()
    session.open(Self.uri, text)
    let edits =
      session.result(
        "textDocument/formatting",
        [
          "textDocument": ["uri": .string(Self.uri)],
          "options": ["tabSize": 2, "insertSpaces": true],
        ]
      ).arrayValue ?? []
    #expect(edits.count == 2, "one edit per changed line, not the whole document")
    let expected = try ChecklistFormatter().format(ChecklistDocument(parsing: text))
    #expect(session.apply(edits, to: Self.uri) == String(decoding: expected, as: UTF8.self))
    // Range formatting takes only the edits in the range.
    let ranged =
      session.result(
        "textDocument/rangeFormatting",
        [
          "textDocument": ["uri": .string(Self.uri)], "range": Self.range((880, 0), (905, 3)),
          "options": ["tabSize": 2, "insertSpaces": true],
        ]
      ).arrayValue ?? []
    #expect(ranged.map { LSPSession.position($0["range"]?["start"]).line } == [902])
    try session.validateTranscript("formattingIsMinimalEditsToFmtsOutput")
  }

  /// A change that starts above the range but runs into it (two neighbouring lines
  /// that both need formatting make one change) is part of the range's edits; a
  /// change that ends above the range is not.
  @Test func rangeFormattingTakesChangesThatOverlapTheRange() throws {
    let session = LSPSession()
    session.open(Self.uri, "## L\n\n- [X] a\n- [ ] b\n- [X] c\n- [X]  d\n- [ ] e\n")
    let edits =
      session.result(
        "textDocument/rangeFormatting",
        [
          "textDocument": ["uri": .string(Self.uri)], "range": Self.range((5, 2), (6, 0)),
          "options": ["tabSize": 2, "insertSpaces": true],
        ]
      ).arrayValue ?? []
    #expect(edits.map { LSPSession.position($0["range"]?["start"]).line } == [4])
    #expect(
      session.apply(edits, to: Self.uri) == "## L\n\n- [X] a\n- [ ] b\n- [x] c\n- [x] d\n- [ ] e\n")
  }

  // MARK: - Code actions

  static let actionsText = """
    ## Chores

    - [ ] Dishes  @id(d1)
    - [ ] Laundry
      - [x] Sort  @done(2026-11-01)
    - [x] Trash  @id(t1)
    - [ ] Sweep @due(2026-12-01)

    """

  func actions(_ session: LSPSession, _ from: (Int, Int), _ to: (Int, Int), only: [String]? = nil)
    -> [JSONValue]
  {
    var context: [(String, JSONValue)] = [("diagnostics", [])]
    if let only { context.append(("only", .array(only.map { .string($0) }))) }
    return session.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(Self.uri)], "range": Self.range(from, to),
        "context": .object(context),
      ]
    ).arrayValue ?? []
  }

  func applying(_ session: LSPSession, _ actions: [JSONValue], titled title: String) -> String? {
    guard let action = actions.first(where: { $0["title"]?.stringValue == title }) else {
      Issue.record("no action '\(title)' among \(actions.compactMap { $0["title"]?.stringValue })")
      return nil
    }
    let edits = LSPSession.edits(action["edit"], Self.uri)
    #expect(edits.count >= 1)
    return session.apply(edits, to: Self.uri)
  }

  @Test(arguments: [false, true])
  func checkingUnderTheCursorIsWhatChkCheckDoes(_ documentChanges: Bool) throws {
    let session = LSPSession(documentChanges: documentChanges)
    session.open(Self.uri, Self.actionsText)
    let actions = actions(session, (2, 4), (2, 4), only: ["refactor.rewrite"])
    #expect(actions.compactMap { $0["title"]?.stringValue } == ["Check item", "Toggle item"])
    var expected = try ChecklistDocument(parsing: Self.actionsText)
    try expected.check(.line(3), on: LSPSession.today)
    #expect(
      applying(session, actions, titled: "Check item")
        == String(decoding: expected.serialized(), as: UTF8.self))
    // One edit of one line.
    let edits = LSPSession.edits(actions[0]["edit"], Self.uri)
    #expect(edits.count == 1)
    #expect(edits.first?["range"] == Self.range((2, 0), (3, 0)))
    if documentChanges {
      #expect(
        actions[0]["edit"]?["documentChanges"]?.arrayValue?.first?["textDocument"]?["version"] == 1)
    }
    try session.validateTranscript("checkingUnderTheCursorIsWhatChkCheckDoes")
  }

  /// Checking a recurring item in the editor adds its next occurrence, as `chk check`
  /// does; unchecking does not.
  @Test func checkingARecurringItemBringsItBack() throws {
    let text = "## L\n\n- [ ] Water  @due(2026-11-02)  @every(week)  @id(w1)\n- [ ] b  @id(b1)\n"
    let session = LSPSession()
    session.open(Self.uri, text)
    let actions = actions(session, (2, 4), (3, 2), only: ["refactor.rewrite"])
    #expect(try #require(actions.first)["title"] == "Check 2 items")
    let checked = applying(session, actions, titled: "Check 2 items")
    let lines = try #require(checked).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.count == 6)
    #expect(lines[2].hasPrefix("- [x] Water  @due(2026-11-02)  @every(week)  @done("))
    #expect(lines[3].hasPrefix("- [ ] Water  @due("))
    #expect(lines[3].contains("@every(week)  @id("))
    #expect(!lines[3].contains("@done"))
    #expect(lines[4].hasPrefix("- [x] b  @done("))
  }

  @Test func aSelectionChecksEveryItemInIt() throws {
    let session = LSPSession()
    session.open(Self.uri, Self.actionsText)
    // Lines 3 to 5 (Laundry, Sort, Trash); a selection ending at column 0 of line 6
    // leaves line 6 out.
    let actions = actions(session, (3, 2), (6, 0))
    let titles = actions.compactMap { $0["title"]?.stringValue }
    #expect(
      titles.starts(with: [
        "Check 3 items", "Uncheck 3 items", "Toggle 3 items", "Give 2 items IDs",
      ]))
    var expected = try ChecklistDocument(parsing: Self.actionsText)
    expected.idGenerator = .seeded(7)
    for line in [4, 5, 6] { try expected.uncheck(.line(line)) }
    let unchecked = applying(session, actions, titled: "Uncheck 3 items")
    #expect(unchecked == String(decoding: expected.serialized(), as: UTF8.self))
  }

  @Test func aDocumentWithoutItemsIsNotFormatted() {
    let session = LSPSession()
    session.open(Self.uri, "#   Readme\n\n\n\nSome *prose*.   \n")
    let edits = session.result(
      "textDocument/formatting",
      [
        "textDocument": ["uri": .string(Self.uri)],
        "options": ["tabSize": 2, "insertSpaces": true],
      ])
    #expect(edits == [])
  }

  @Test func reversedRangesAreTakenInOrderEverywhere() {
    let session = LSPSession()
    session.open(Self.uri, "- [ ] a\n- [X] b\n")
    // didChange: the server must end with what an editor makes of the ordered range.
    session.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(Self.uri), "version": 2],
        "contentChanges": [["range": Self.range((0, 7), (0, 6)), "text": "A"]],
      ])
    #expect(session.server.documents[Self.uri]?.bytes == Array("- [ ] A\n- [X] b\n".utf8))
    session.texts[Self.uri] = "- [ ] A\n- [X] b\n"
    let edits =
      session.result(
        "textDocument/rangeFormatting",
        [
          "textDocument": ["uri": .string(Self.uri)], "range": Self.range((1, 3), (1, 0)),
          "options": ["tabSize": 2, "insertSpaces": true],
        ]
      ).arrayValue ?? []
    #expect(session.apply(edits, to: Self.uri) == "- [ ] A\n- [x] b\n")
  }

  @Test func aSelectionOfManyItemsGetsNoItemActions() {
    let session = LSPSession()
    session.open(Self.uri, (0..<500).map { "- [ ] item \($0)\n" }.joined())
    let titles = actions(session, (0, 0), (500, 0)).compactMap { $0["title"]?.stringValue }
    #expect(
      !titles.contains { $0.hasPrefix("Check") || $0.hasPrefix("Toggle") || $0.hasPrefix("Give") })
    let few = actions(session, (0, 0), (150, 0)).compactMap { $0["title"]?.stringValue }
    #expect(few.contains("Check 150 items"))
  }

  /// Found by the fuzzer: a range whose end comes before its start trapped.
  @Test func aReversedRangeIsTakenInOrder() {
    let session = LSPSession()
    session.open(Self.uri, Self.actionsText)
    let titles = actions(session, (5, 0), (3, 2)).compactMap { $0["title"]?.stringValue }
    #expect(titles.starts(with: ["Check 2 items", "Uncheck 2 items", "Toggle 2 items"]))
  }

  @Test func quickFixesFixAllAndArchiveMatchTheCommands() throws {
    let session = LSPSession()
    session.open(Self.uri, Self.actionsText)
    let diagnostics = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    let tagInName = try #require(diagnostics.first { $0["code"] == "tag-in-name" })
    let actions =
      session.result(
        "textDocument/codeAction",
        [
          "textDocument": ["uri": .string(Self.uri)], "range": tagInName["range"] ?? .null,
          "context": ["diagnostics": [tagInName]],
        ]
      ).arrayValue ?? []
    let quickFix = try #require(actions.first { $0["kind"] == "quickfix" })
    #expect(quickFix["diagnostics"] == [tagInName], "attached to the diagnostic the client sent")
    #expect(quickFix["isPreferred"] == true)
    let linter = ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today))
    var fixedAll = try ChecklistDocument(parsing: Self.actionsText)
    fixedAll.idGenerator = .seeded(7)
    _ = try linter.fix(&fixedAll)
    let fixAll = actions.first { $0["kind"] == "source.fixAll.chk" }
    #expect(
      session.apply(LSPSession.edits(fixAll?["edit"], Self.uri), to: Self.uri)
        == String(decoding: fixedAll.serialized(), as: UTF8.self))
    var archived = try ChecklistDocument(parsing: Self.actionsText)
    archived.idGenerator = .seeded(7)
    try archived.archiveCheckedItems(from: nil, to: "Archive")
    #expect(
      applying(session, actions, titled: "Archive checked items (to \"Archive\")")
        == String(decoding: archived.serialized(), as: UTF8.self))
    // `only` narrows the kinds.
    let onlyFixAll = self.actions(session, (0, 0), (0, 0), only: ["source.fixAll"])
    #expect(onlyFixAll.compactMap { $0["kind"]?.stringValue } == ["source.fixAll.chk"])
    try session.validateTranscript("quickFixesFixAllAndArchiveMatchTheCommands")
  }

  @Test func clientsThatResolveGetWholeFileEditsWhenTheyChooseThem() throws {
    let session = LSPSession(resolvesEdits: true)
    session.open(Self.uri, Self.actionsText)
    let offered = actions(session, (0, 0), (0, 0), only: ["source"])
    #expect(
      offered.compactMap { $0["kind"]?.stringValue } == ["source.fixAll.chk", "source.archive.chk"])
    #expect(offered.allSatisfy { $0["edit"] == nil }, "computed only when chosen")
    let fixAll = try #require(offered.first)
    let resolved = session.result("codeAction/resolve", fixAll)
    var fixed = try ChecklistDocument(parsing: Self.actionsText)
    fixed.idGenerator = .seeded(7)
    _ = try ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today)).fix(&fixed)
    #expect(
      session.apply(LSPSession.edits(resolved["edit"], Self.uri), to: Self.uri)
        == String(decoding: fixed.serialized(), as: UTF8.self))
    #expect(resolved["title"] == fixAll["title"])
    // After a change, the offer is stale.
    session.change(
      Self.uri, (Position(line: 0, character: 0), Position(line: 0, character: 0)), "\n")
    let stale = session.request("codeAction/resolve", fixAll)
    #expect(stale["error"]?["code"] == .int(-32801))
    try session.validateTranscript("clientsThatResolveGetWholeFileEditsWhenTheyChooseThem")
  }

  @Test func editsOfOneStretchAndOfManyLinesAreBothMinimal() throws {
    let session = LSPSession()
    var lines = (0..<3_000).map { "- [ ] item \($0)  @id(i\($0))" }
    let old = lines.joined(separator: "\n") + "\n"
    session.open(Self.uri, old)
    let document = try #require(session.server.documents[Self.uri])
    // One stretch: two neighbouring lines changed, one added between them.
    lines[1_500] = "- [x] item 1500  @done(2026-11-30)  @id(i1500)"
    lines.insert("- [ ] new", at: 1_501)
    lines[1_502] += "  # note"
    let near = lines.joined(separator: "\n") + "\n"
    let stretch = session.server.textEdits(
      from: Array(old.utf8), to: Array(near.utf8), in: document)
    #expect(stretch.count == 1)
    #expect(stretch.first?["range"] == Self.range((1_500, 0), (1_502, 0)))
    #expect(session.apply(stretch, to: Self.uri) == near)
    // Lines far apart: one edit each.
    var far = old.replacingOccurrences(of: "item 10  ", with: "item ten  ")
    far = far.replacingOccurrences(of: "item 2999  ", with: "item last  ")
    let spread = session.server.textEdits(from: Array(old.utf8), to: Array(far.utf8), in: document)
    #expect(spread.map { LSPSession.position($0["range"]?["start"]).line } == [10, 2_999])
    #expect(session.apply(spread, to: Self.uri) == far)
  }

  // MARK: - Completion

  func labels(_ session: LSPSession, _ line: Int, _ character: Int) -> [String] {
    let result = session.result("textDocument/completion", Self.at(line, character))
    return result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// Inside `@every(`, the recurrences the format reads, each one it accepts.
  @Test func completionOffersRecurrences() throws {
    let session = LSPSession()
    session.open(Self.uri, "- [ ] Water  @due(2026-12-01)  @every(\n")
    let offered = labels(session, 0, 38)
    #expect(offered.starts(with: ["day", "week", "2 weeks", "month"]))
    #expect(offered.allSatisfy { Recurrence($0) != nil })
  }

  @Test func completionOffersTagsDatesIDsAndBoxes() throws {
    let session = LSPSession()
    session.open(
      Self.uri, "## Week  @\n\n- [ ] Call  @\n- [ ] Pay  @due(\n- [ ] Plan  @id()\n- [\n")
    #expect(labels(session, 0, 10) == ["id", "icon"])
    #expect(labels(session, 2, 13) == ["id", "done", "due", "every"])
    // 2026-11-30 is a Monday.
    let dates = session.result("textDocument/completion", Self.at(3, 16))["items"]?.arrayValue ?? []
    #expect(
      dates.compactMap { $0["label"]?.stringValue } == [
        "today", "tomorrow", "next Monday", "end of month",
      ])
    #expect(
      dates.compactMap { $0["textEdit"]?["newText"]?.stringValue } == [
        "2026-11-30)", "2026-12-01)", "2026-12-07)", "2026-11-30)",
      ])
    let id = session.result("textDocument/completion", Self.at(4, 16))["items"]?.arrayValue?.first
    let fresh = try #require(id?["textEdit"]?["newText"]?.stringValue)
    #expect(!fresh.hasSuffix(")"), "a ')' is there already")
    #expect(ChecklistDocument.isValidID(fresh))
    #expect(labels(session, 5, 3) == ["[ ]", "[x]"])
    #expect(labels(session, 2, 6).isEmpty, "nothing in the middle of a name")
    try session.validateTranscript("completionOffersTagsDatesIDsAndBoxes")
  }

  // MARK: - Navigation

  @Test func symbolsFoldingHoverAndHints() throws {
    let session = LSPSession()
    session.open(Self.uri, Self.actionsText + "## Empty\n")
    let symbols =
      session.result("textDocument/documentSymbol", Self.textDocument()).arrayValue ?? []
    #expect(symbols.compactMap { $0["name"]?.stringValue } == ["Chores", "Empty"])
    #expect(symbols.first?["detail"] == "3 of 5 left")
    let items = symbols.first?["children"]?.arrayValue ?? []
    #expect(
      items.compactMap { $0["name"]?.stringValue } == [
        "Dishes", "Laundry", "Trash", "Sweep @due(2026-12-01)",
      ])
    #expect(items[1]["children"]?.arrayValue?.first?["detail"] == "done 2026-11-01")
    #expect(items[1]["range"] == Self.range((3, 0), (4, 31)))

    let folds = session.result("textDocument/foldingRange", Self.textDocument()).arrayValue ?? []
    #expect(
      folds.map { [$0["startLine"]?.intValue ?? -1, $0["endLine"]?.intValue ?? -1] } == [
        [0, 6], [3, 4],
      ])

    let hover = session.result("textDocument/hover", Self.at(3, 3))["contents"]?["value"]?
      .stringValue
    #expect(hover == "**Open** · 1 of 1 sub-item done")
    let done = session.result("textDocument/hover", Self.at(4, 3))["contents"]?["value"]?
      .stringValue
    #expect(done == "**Done** 29 days ago (2026-11-01)")
    let heading = session.result("textDocument/hover", Self.at(0, 3))["contents"]?["value"]?
      .stringValue
    #expect(heading == "3 of 5 items left")
    #expect(session.result("textDocument/hover", Self.at(1, 0)) == .null)

    let hints =
      session.result(
        "textDocument/inlayHint",
        ["textDocument": ["uri": .string(Self.uri)], "range": Self.range((0, 0), (20, 0))]
      ).arrayValue ?? []
    #expect(hints.compactMap { $0["label"]?.stringValue } == ["3 of 5 left", "no items"])
    #expect(hints.first?["position"] == ["line": 0, "character": 9])
    try session.validateTranscript("symbolsFoldingHoverAndHints")
  }

  @Test func describingDueDatesInWords() {
    let today = LSPSession.today
    let cases: [(Int, String)] = [
      (0, "due today"), (1, "due tomorrow"), (3, "due in 3 days"),
      (-1, "overdue by 1 day (due yesterday)"),
      (-2, "overdue by 2 days"),
    ]
    for (days, words) in cases {
      #expect(LanguageServer.describeDue(today.adding(days: days)!, today: today) == words)
    }
  }

  @Test func definitionAndReferencesOfAnIDFindItsDuplicates() throws {
    let session = LSPSession()
    session.open(
      Self.uri, "## L  @id(a1)\n\n- [ ] one  @id(b2)\n- [ ] two  @id(a1)\n- [ ] x @id(a1) is text\n"
    )
    let definition = session.result("textDocument/definition", Self.at(3, 15))
    #expect(definition["range"] == Self.range((0, 6), (0, 13)))
    let references =
      session.result(
        "textDocument/references",
        [
          "textDocument": ["uri": .string(Self.uri)], "position": ["line": 3, "character": 15],
          "context": ["includeDeclaration": true],
        ]
      ).arrayValue ?? []
    #expect(
      references.map { LSPSession.position($0["range"]?["start"]).line } == [0, 3],
      "the tag in a name is not an ID")
    #expect(session.result("textDocument/definition", Self.at(2, 3)) == .null)
    try session.validateTranscript("definitionAndReferencesOfAnIDFindItsDuplicates")
  }

  @Test func workspaceSymbolsSearchEveryChecklistFile() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("a.md", "## A\n\n- [ ] Buy milk  @id(m1)\n- [x] Eggs\n")
    try FileManager.default.createDirectory(
      atPath: directory.path + "/docs", withIntermediateDirectories: true)
    _ = try directory.file("docs/b.md", "- [ ] Release notes\n- [ ] Milk the cow\n")
    _ = try directory.file("c.md", "# no items\n")
    let session = LSPSession(rootURI: FileURI.uri(of: directory.path))
    let symbols = session.result("workspace/symbol", ["query": "milk"]).arrayValue ?? []
    #expect(symbols.compactMap { $0["name"]?.stringValue } == ["Buy milk", "Milk the cow"])
    #expect(symbols.first?["containerName"] == "A")
    #expect(
      symbols.last?["location"]?["uri"] == .string(FileURI.uri(of: directory.path + "/docs/b.md")))
    let byID = session.result("workspace/symbol", ["query": "m1"]).arrayValue ?? []
    #expect(byID.compactMap { $0["name"]?.stringValue } == ["Buy milk"])
    try session.validateTranscript("workspaceSymbolsSearchEveryChecklistFile")
  }

  @Test func fileURIsRoundTripPaths() {
    for path in ["/a b/c.md", "/ü/ñ.md", "/x%y/#z?.md", "/plain/path.md"] {
      #expect(FileURI.path(of: FileURI.uri(of: path)) == path)
    }
    #expect(FileURI.path(of: "file://localhost/etc/x.md") == "/etc/x.md")
    #expect(FileURI.path(of: "untitled:Untitled-1") == nil)
    #expect(FileURI.path(of: "file:///a%00b") == nil)
  }
}
