import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// What a person binds to keys or expects from a Markdown server: one kind per action,
/// quick fixes that say what they do, a rule turned off for a line, a list's own
/// actions on its heading, plain lines to items and back, postponing, renaming an ID
/// and continuing a list on Enter. Each result is compared with what the commands (or
/// the linter) make of the same text.
@Suite("LSP: editing helpers")
struct EditingHelperTests {
  let helper = CodeActionTests()

  func titles(_ actions: [JSONValue]) -> [String] {
    actions.compactMap { $0["title"]?.stringValue }
  }

  /// Toggle has a kind of its own: asking for it alone gets it alone, as a key binding
  /// does (`only = { "refactor.rewrite.toggle" }`).
  @Test func toggleCanBeAskedForAlone() throws {
    let session = LSPSession()
    session.open(Params.uri, CodeActionTests.actionsText)
    let actions = helper.actions(session, (2, 4), (2, 4), only: ["refactor.rewrite.toggle"])
    #expect(titles(actions) == ["Toggle item"])
    let kinds = session.initializeResult?["capabilities"]?["codeActionProvider"]?[
      "codeActionKinds"]?.arrayValue
    #expect(kinds?.contains("refactor.rewrite.toggle") == true)
    var expected = try ChecklistDocument(parsing: CodeActionTests.actionsText)
    try expected.toggle(.line(3), on: LSPSession.today)
    #expect(
      helper.applying(session, actions, titled: "Toggle item")
        == String(decoding: expected.serialized(), as: UTF8.self))
    try session.validateTranscript("toggleCanBeAskedForAlone")
  }

  /// Quick-fix titles say what happens to this line; "Disable RULE for this line" puts
  /// in the comment the linter reads, after which the finding is gone.
  @Test func quickFixesSayWhatTheyDoAndRulesCanBeTurnedOffForALine() throws {
    let session = LSPSession()
    let text = "# Trip\n\n- [ ] Pack @due(2024-06-01)\n- [ ] Book  @done(2024-01-02)\n"
    session.open(Params.uri, text)
    let packing = helper.actions(session, (2, 0), (2, 0), only: ["quickfix"])
    #expect(
      titles(packing) == [
        "Move '@due(2024-06-01)' out of the name", "Disable tag-in-name for this line",
      ])
    let booking = helper.actions(session, (3, 0), (3, 0), only: ["quickfix"])
    #expect(titles(booking).first == "Remove '@done(2024-01-02)' from the open item")
    let disabled = try #require(
      helper.applying(session, packing, titled: "Disable tag-in-name for this line"))
    #expect(disabled.contains("\n<!-- chk-disable-next-line tag-in-name -->\n- [ ] Pack"))
    let document = try ChecklistDocument(parsing: Array(disabled.utf8))
    let findings = ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today))
      .lint(document)
    #expect(!findings.contains { $0.rule.name == "tag-in-name" })
    #expect(findings.contains { $0.rule.name == "done-unchecked" }, "only that rule, that line")
    try session.validateTranscript("quickFixesSayWhatTheyDoAndRulesCanBeTurnedOffForALine")
  }

  /// Quick fixes are for the findings on the lines asked about, not every fixable
  /// finding of the file.
  @Test func quickFixesAreForTheLinesAskedAbout() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] A @due(2024-06-01)\n- [ ] B @due(2024-06-02)\n")
    let first = helper.actions(session, (0, 2), (0, 2), only: ["quickfix"])
    #expect(
      titles(first) == [
        "Move '@due(2024-06-01)' out of the name", "Disable tag-in-name for this line",
      ])
    let both = helper.actions(session, (0, 0), (1, 3), only: ["quickfix"])
    #expect(titles(both).filter { $0.hasPrefix("Move") }.count == 2)
  }

  /// Above an item that follows other items, the comment goes inside the item above,
  /// at the text column: the linter still reads it, and cmark-gfm still sees one list
  /// with the same items (at column 0 the comment would end the list).
  @Test func aRuleTurnedOffForAnItemKeepsItsListWhole() throws {
    let cases = [
      "- [ ] Pack  @id(p1)\n- [ ] Book @due(2024-06-01)\n",
      "- [ ] Pack\n  - [ ] Fold @due(2024-06-01)\n",
      "1. [ ] Pack\n\n   more about packing\n\n2. [ ] Book @due(2024-06-01)\n",
    ]
    var texts: [String] = []
    for text in cases {
      let session = LSPSession()
      session.open(Params.uri, text)
      let line =
        text.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("@due") } ?? 0
      let actions = helper.actions(session, (line, 0), (line, 0), only: ["quickfix.disable"])
      let disabled = try #require(
        helper.applying(session, actions, titled: "Disable tag-in-name for this line"))
      let document = try ChecklistDocument(parsing: Array(disabled.utf8))
      let findings = ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today))
        .lint(document)
      #expect(!findings.contains { $0.rule.name == "tag-in-name" }, "\(disabled)")
      #expect(document.items.count == text.components(separatedBy: "[ ]").count - 1)
      texts += [text, disabled]
    }
    guard let oracle = try RenderingOracle.forTest("aRuleTurnedOffForAnItemKeepsItsListWhole")
    else {
      return
    }
    let facts = try oracle.facts(texts)
    for index in stride(from: 0, to: facts.count, by: 2) {
      #expect(
        facts[index].lists.count == facts[index + 1].lists.count,
        "\(texts[index + 1].debugDescription)")
      #expect(facts[index].items.count == facts[index + 1].items.count)
    }
  }

  /// On a heading: check every item, reset, archive the checked ones and copy the
  /// list, each what `chk` does to the same list.
  @Test(arguments: [false, true])
  func aHeadingOffersTheListsActions(_ resolves: Bool) throws {
    let session = LSPSession(resolvesEdits: resolves)
    let text =
      "# Home\n\n## Chores\n\n- [ ] Dishes  @id(d1)\n- [x] Trash  @id(t1)\n\n## Later\n\n- [ ] Paint  @id(p1)\n"
    session.open(Params.uri, text)
    let actions = helper.actions(session, (2, 3), (2, 3), only: ["refactor.rewrite.list"])
    #expect(
      titles(actions) == [
        "Check every item of 'Chores'", "Reset 'Chores' (uncheck every item)",
        "Archive the checked items of 'Chores'", "Copy 'Chores' below it",
      ])
    func result(_ title: String) throws -> String? {
      var action = try #require(actions.first { $0["title"]?.stringValue == title })
      if resolves {
        #expect(action["edit"] == nil, "computed when chosen")
        action = session.result("codeAction/resolve", action)
      }
      return session.apply(LSPSession.edits(action["edit"], Params.uri), to: Params.uri)
    }
    let today = LSPSession.today
    var checked = try ChecklistDocument(parsing: Array(text.utf8))
    _ = try checked.setChecked([.line(5)], .init(.check, doneDay: today, today: today))
    #expect(
      try result("Check every item of 'Chores'")
        == String(decoding: checked.serialized(), as: UTF8.self))
    var reset = try ChecklistDocument(parsing: Array(text.utf8))
    _ = try reset.resetItems(in: .line(3))
    #expect(
      try result("Reset 'Chores' (uncheck every item)")
        == String(decoding: reset.serialized(), as: UTF8.self))
    var archived = try ChecklistDocument(parsing: Array(text.utf8))
    try archived.archiveCheckedItems(from: .line(3), to: "Archive")
    #expect(
      try result("Archive the checked items of 'Chores'")
        == String(decoding: archived.serialized(), as: UTF8.self))
    let copied = try #require(try result("Copy 'Chores' below it"))
    #expect(copied.contains("## Chores (copy)\n\n- [ ] Dishes  @id("))
    #expect(try ChecklistDocument(parsing: Array(copied.utf8)).lists.count == 4)
    // A title without items of its own offers nothing.
    #expect(helper.actions(session, (0, 2), (0, 2), only: ["refactor.rewrite.list"]).isEmpty)
    try session.validateTranscript("aHeadingOffersTheListsActions")
  }

  /// A plain list line becomes an item and back, under every marker; a line in a code
  /// fence that looks like one is left alone.
  @Test func plainLinesBecomeItemsAndItemsPlainLines() throws {
    let session = LSPSession()
    let text = "- [ ] Anchor\n- Milk\n* Bread\n3) Eggs\n\n```\n- not a line\n```\n"
    session.open(Params.uri, text)
    let made = helper.actions(session, (1, 0), (3, 7), only: ["refactor.rewrite.item"])
    #expect(titles(made) == ["Make 3 lines items"])
    let items = try #require(helper.applying(session, made, titled: "Make 3 lines items"))
    #expect(items.hasPrefix("- [ ] Anchor\n- [ ] Milk\n* [ ] Bread\n3) [ ] Eggs\n"))
    let document = try ChecklistDocument(parsing: Array(items.utf8))
    #expect(document.items.map(\.name) == ["Anchor", "Milk", "Bread", "Eggs"])
    #expect(helper.actions(session, (6, 0), (6, 0), only: ["refactor.rewrite.item"]).isEmpty)
    let plain = helper.actions(session, (0, 0), (0, 0), only: ["refactor.rewrite.item"])
    #expect(
      helper.applying(session, plain, titled: "Make it a plain line")?.hasPrefix("- Anchor\n- Milk")
        == true)
    try session.validateTranscript("plainLinesBecomeItemsAndItemsPlainLines")
  }

  /// A buffer without items (a plain list) offers one action, the way to start a
  /// checklist: making a line an item; nothing else, asked for everything.
  @Test func aBufferWithoutItemsOffersOnlyMakingOne() throws {
    let session = LSPSession()
    session.open(Params.uri, "# Shopping\n\n- Milk  @due(2024-06-01)\n- Bread\n")
    #expect(titles(helper.actions(session, (2, 0), (2, 0))) == ["Make it an item"])
    #expect(helper.actions(session, (0, 0), (0, 0)).isEmpty, "a heading")
    let made = helper.actions(session, (2, 0), (3, 3), only: ["refactor.rewrite.item"])
    let applied = try #require(helper.applying(session, made, titled: "Make 2 lines items"))
    #expect(applied == "# Shopping\n\n- [ ] Milk  @due(2024-06-01)\n- [ ] Bread\n")
    #expect(helper.actions(session, (2, 0), (2, 0), only: ["quickfix"]).isEmpty)
    try session.validateTranscript("aBufferWithoutItemsOffersOnlyMakingOne")
  }

  /// Postponing moves the due day, keeps the time, and is what `chk edit --due` writes.
  @Test func postponingMovesTheDueDay() throws {
    let session = LSPSession()
    let text =
      "- [ ] Call  @due(2026-12-01 09:30)\n- [ ] Pay  @due(2026-12-31)\n- [x] Done  @due(2026-11-01)\n"
    session.open(Params.uri, text)
    let one = helper.actions(session, (0, 3), (0, 3), only: ["refactor.rewrite.postpone"])
    #expect(titles(one) == ["Postpone a day", "Postpone a week"])
    var expected = try ChecklistDocument(parsing: Array(text.utf8))
    expected.idGenerator = .seeded(7)
    try expected.setDue(DueMoment("2026-12-02 09:30"), of: .line(1))
    #expect(
      helper.applying(session, one, titled: "Postpone a day")
        == String(decoding: expected.serialized(), as: UTF8.self))
    let both = helper.actions(session, (0, 0), (2, 5), only: ["refactor.rewrite.postpone"])
    let week = try #require(helper.applying(session, both, titled: "Postpone 2 items a week"))
    #expect(week.contains("@due(2026-12-08 09:30)") && week.contains("@due(2027-01-07)"))
    #expect(week.contains("@due(2026-11-01)"), "a checked item keeps its date")
    try session.validateTranscript("postponingMovesTheDueDay")
  }

  /// Renaming an ID changes every `@id` tag of it in this file and the other open ones,
  /// not the text in a name or a note; a name in use, or one that is not an ID, is
  /// refused.
  @Test(arguments: [false, true])
  func renamingAnID(_ documentChanges: Bool) throws {
    let session = LSPSession(documentChanges: documentChanges)
    let other = "file:///work/other.md"
    session.open(
      Params.uri, "## L  @id(a1)\n\n- [ ] one  @id(b2)  # was @id(b2)\n- [ ] see @id(b2) here\n")
    session.open(other, "- [ ] copy  @id(b2)\n- [ ] mine  @id(zz)\n")
    let prepared = session.result("textDocument/prepareRename", Params.at(2, 15))
    #expect(prepared["placeholder"] == "b2")
    #expect(prepared["range"] == Params.range((2, 15), (2, 17)))
    #expect(
      session.request("textDocument/prepareRename", Params.at(3, 12))["error"] != nil,
      "text in a name")
    #expect(
      session.request("textDocument/prepareRename", Params.at(2, 27))["error"] != nil,
      "text in a note")
    #expect(session.result("textDocument/references", Params.at(2, 27)) == [])
    let references = session.result("textDocument/references", Params.at(2, 15))
    #expect(references.arrayValue?.first?["range"] == Params.range((2, 11), (2, 18)))
    var params = Params.at(2, 15)
    if case .object(var members) = params {
      members.append(("newName", "c3"))
      params = .object(members)
    }
    let edit = session.result("textDocument/rename", params)
    let here = session.apply(LSPSession.edits(edit, Params.uri), to: Params.uri)
    #expect(here == "## L  @id(a1)\n\n- [ ] one  @id(c3)  # was @id(b2)\n- [ ] see @id(b2) here\n")
    #expect(
      session.apply(LSPSession.edits(edit, other), to: other)
        == "- [ ] copy  @id(c3)\n- [ ] mine  @id(zz)\n")
    for (name, reason) in [
      ("zz", "in use in the other file"), ("a1", "in use here"), ("no way", "not an ID"),
    ] {
      var refused = Params.at(2, 15)
      if case .object(var members) = refused {
        members.append(("newName", .string(name)))
        refused = .object(members)
      }
      #expect(session.request("textDocument/rename", refused)["error"] != nil, "\(reason)")
    }
    try session.validateTranscript("renamingAnID")
  }

  /// Enter after an item starts the next one at the same indentation with the same
  /// marker (the next number); Enter on an empty item ends the list.
  @Test func enterAfterAnItemContinuesTheList() throws {
    let cases: [(String, Position, String)] = [
      ("- [x] Milk\n\n", Position(line: 1, character: 0), "- [x] Milk\n- [ ] \n"),
      ("  * [ ] Deep\n  \n", Position(line: 1, character: 2), "  * [ ] Deep\n  * [ ] \n"),
      ("9) [ ] Nine\n\n", Position(line: 1, character: 0), "9) [ ] Nine\n10) [ ] \n"),
      // Vim's 'formatoptions' put in the marker already.
      ("- [ ] Milk\n- \n", Position(line: 1, character: 2), "- [ ] Milk\n- [ ] \n"),
      ("- [ ] Milk\n- [ ] \n\n", Position(line: 2, character: 0), "- [ ] Milk\n\n"),
      ("plain\n\n", Position(line: 1, character: 0), "plain\n\n"),
    ]
    for (text, position, expected) in cases {
      let session = LSPSession()
      session.open(Params.uri, text)
      let edits =
        session.result(
          "textDocument/onTypeFormatting",
          [
            "textDocument": ["uri": .string(Params.uri)], "position": position.json, "ch": "\n",
            "options": ["tabSize": 2, "insertSpaces": true],
          ]
        ).arrayValue ?? []
      #expect(session.apply(edits, to: Params.uri) == expected, "\(text.debugDescription)")
      try session.validateTranscript("enterAfterAnItemContinuesTheList")
    }
  }
}
