import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Code actions, compared with what the commands do with the same text.
@Suite("LSP: code actions")
struct CodeActionTests {
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
        "textDocument": ["uri": .string(Params.uri)], "range": Params.range(from, to),
        "context": .object(context),
      ]
    ).arrayValue ?? []
  }

  func applying(_ session: LSPSession, _ actions: [JSONValue], titled title: String) -> String? {
    guard let action = actions.first(where: { $0["title"]?.stringValue == title }) else {
      Issue.record("no action '\(title)' among \(actions.compactMap { $0["title"]?.stringValue })")
      return nil
    }
    let edits = LSPSession.edits(action["edit"], Params.uri)
    #expect(edits.count >= 1)
    return session.apply(edits, to: Params.uri)
  }

  @Test(arguments: [false, true])
  func checkingUnderTheCursorIsWhatChkCheckDoes(_ documentChanges: Bool) throws {
    let session = LSPSession(documentChanges: documentChanges)
    session.open(Params.uri, Self.actionsText)
    let actions = actions(session, (2, 4), (2, 4), only: ["refactor.rewrite"])
    #expect(
      actions.compactMap { $0["title"]?.stringValue } == [
        "Check item", "Toggle item", "Make it a plain line",
      ])
    #expect(
      actions.compactMap { $0["kind"]?.stringValue } == [
        "refactor.rewrite.check", "refactor.rewrite.toggle", "refactor.rewrite.item",
      ])
    var expected = try ChecklistDocument(parsing: Self.actionsText)
    try expected.check(.line(3), on: LSPSession.today)
    #expect(
      applying(session, actions, titled: "Check item")
        == String(decoding: expected.serialized(), as: UTF8.self))
    // One edit of one line.
    let edits = LSPSession.edits(actions[0]["edit"], Params.uri)
    #expect(edits.count == 1)
    #expect(edits.first?["range"] == Params.range((2, 0), (3, 0)))
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
    session.open(Params.uri, text)
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
    session.open(Params.uri, Self.actionsText)
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

  @Test func reversedRangesAreTakenInOrderEverywhere() {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] a\n- [X] b\n")
    // didChange: the server must end with what an editor makes of the ordered range.
    session.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(Params.uri), "version": 2],
        "contentChanges": [["range": Params.range((0, 7), (0, 6)), "text": "A"]],
      ])
    #expect(session.server.documents[Params.uri]?.bytes == Array("- [ ] A\n- [X] b\n".utf8))
    session.texts[Params.uri] = "- [ ] A\n- [X] b\n"
    let edits =
      session.result(
        "textDocument/rangeFormatting",
        [
          "textDocument": ["uri": .string(Params.uri)], "range": Params.range((1, 3), (1, 0)),
          "options": ["tabSize": 2, "insertSpaces": true],
        ]
      ).arrayValue ?? []
    #expect(session.apply(edits, to: Params.uri) == "- [ ] A\n- [x] b\n")
  }

  @Test func aSelectionOfManyItemsGetsNoItemActions() {
    let session = LSPSession()
    session.open(Params.uri, (0..<500).map { "- [ ] item \($0)\n" }.joined())
    let titles = actions(session, (0, 0), (500, 0)).compactMap { $0["title"]?.stringValue }
    #expect(
      !titles.contains { $0.hasPrefix("Check") || $0.hasPrefix("Toggle") || $0.hasPrefix("Give") })
    let few = actions(session, (0, 0), (150, 0)).compactMap { $0["title"]?.stringValue }
    #expect(few.contains("Check 150 items"))
  }

  /// Found by the fuzzer: a range whose end comes before its start trapped.
  @Test func aReversedRangeIsTakenInOrder() {
    let session = LSPSession()
    session.open(Params.uri, Self.actionsText)
    let titles = actions(session, (5, 0), (3, 2)).compactMap { $0["title"]?.stringValue }
    #expect(titles.starts(with: ["Check 2 items", "Uncheck 2 items", "Toggle 2 items"]))
  }

  @Test func quickFixesFixAllAndArchiveMatchTheCommands() throws {
    let session = LSPSession()
    session.open(Params.uri, Self.actionsText)
    let diagnostics = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    let tagInName = try #require(diagnostics.first { $0["code"] == "tag-in-name" })
    let actions =
      session.result(
        "textDocument/codeAction",
        [
          "textDocument": ["uri": .string(Params.uri)], "range": tagInName["range"] ?? .null,
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
      session.apply(LSPSession.edits(fixAll?["edit"], Params.uri), to: Params.uri)
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
    session.open(Params.uri, Self.actionsText)
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
      session.apply(LSPSession.edits(resolved["edit"], Params.uri), to: Params.uri)
        == String(decoding: fixed.serialized(), as: UTF8.self))
    #expect(resolved["title"] == fixAll["title"])
    // After a change, the offer is stale.
    session.change(
      Params.uri, (Position(line: 0, character: 0), Position(line: 0, character: 0)), "\n")
    let stale = session.request("codeAction/resolve", fixAll)
    #expect(stale["error"]?["code"] == .int(-32801))
    try session.validateTranscript("clientsThatResolveGetWholeFileEditsWhenTheyChooseThem")
  }

  @Test func editsOfOneStretchAndOfManyLinesAreBothMinimal() throws {
    let session = LSPSession()
    var lines = (0..<3_000).map { "- [ ] item \($0)  @id(i\($0))" }
    let old = lines.joined(separator: "\n") + "\n"
    session.open(Params.uri, old)
    let document = try #require(session.server.documents[Params.uri])
    // One stretch: two neighbouring lines changed, one added between them.
    lines[1_500] = "- [x] item 1500  @done(2026-11-30)  @id(i1500)"
    lines.insert("- [ ] new", at: 1_501)
    lines[1_502] += "  # note"
    let near = lines.joined(separator: "\n") + "\n"
    let stretch = session.server.textEdits(
      from: Array(old.utf8), to: Array(near.utf8), in: document)
    #expect(stretch.count == 1)
    #expect(stretch.first?["range"] == Params.range((1_500, 0), (1_502, 0)))
    #expect(session.apply(stretch, to: Params.uri) == near)
    // Lines far apart: one edit each.
    var far = old.replacingOccurrences(of: "item 10  ", with: "item ten  ")
    far = far.replacingOccurrences(of: "item 2999  ", with: "item last  ")
    let spread = session.server.textEdits(from: Array(old.utf8), to: Array(far.utf8), in: document)
    #expect(spread.map { LSPSession.position($0["range"]?["start"]).line } == [10, 2_999])
    #expect(session.apply(spread, to: Params.uri) == far)
  }
}
