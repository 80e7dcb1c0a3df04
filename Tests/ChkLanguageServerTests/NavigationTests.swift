import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Symbols, folding, hover, hints, definitions, references and workspace symbols.
@Suite("LSP: symbols, folding, hover and navigation")
struct NavigationTests {
  /// A list with every item checked says "all done" in its symbol, its hover and its
  /// hint, as `chk lists` and `chk tui` say it (the symbol said "0 of 2 left").
  @Test func aListWithNothingLeftIsAllDoneEverywhere() throws {
    let session = LSPSession()
    session.open(Params.uri, "## Done\n\n- [x] A\n- [x] B\n")
    let symbols =
      session.result("textDocument/documentSymbol", Params.textDocument()).arrayValue ?? []
    #expect(symbols.first?["detail"] == "all done")
    let hover = session.result("textDocument/hover", Params.at(0, 3))["contents"]?["value"]
    #expect(hover?.stringValue == "all done")
    let hints =
      session.result(
        "textDocument/inlayHint",
        ["textDocument": ["uri": .string(Params.uri)], "range": Params.range((0, 0), (9, 0))]
      ).arrayValue ?? []
    #expect(hints.compactMap { $0["label"]?.stringValue } == ["all done"])
  }

  /// Up to `symbolItemLimit` items, every item is a symbol; past it, each list shows its
  /// first `symbolItemsPerList`.
  @Test func symbolsListEveryItemUpToTheLimit() throws {
    for count in [LanguageServer.symbolItemLimit, LanguageServer.symbolItemLimit + 1] {
      let session = LSPSession()
      let items = (1...count).map { "- [ ] Item \($0)" }.joined(separator: "\n")
      session.open(Params.uri, "## Big\n\n" + items + "\n")
      let symbols =
        session.result("textDocument/documentSymbol", Params.textDocument()).arrayValue ?? []
      let shown = symbols.first?["children"]?.arrayValue?.count ?? 0
      #expect(
        shown
          == (count > LanguageServer.symbolItemLimit ? LanguageServer.symbolItemsPerList : count),
        "\(count) items: \(shown) shown")
    }
  }

  @Test func symbolsFoldingHoverAndHints() throws {
    let session = LSPSession()
    session.open(Params.uri, CodeActionTests.actionsText + "## Empty\n")
    let symbols =
      session.result("textDocument/documentSymbol", Params.textDocument()).arrayValue ?? []
    #expect(symbols.compactMap { $0["name"]?.stringValue } == ["Chores", "Empty"])
    #expect(symbols.first?["detail"] == "3 of 5 left")
    let items = symbols.first?["children"]?.arrayValue ?? []
    #expect(
      items.compactMap { $0["name"]?.stringValue } == [
        "Dishes", "Laundry", "Trash", "Sweep @due(2026-12-01)",
      ])
    #expect(items[1]["children"]?.arrayValue?.first?["detail"] == "done 2026-11-01")
    #expect(items[1]["range"] == Params.range((3, 0), (4, 31)))

    let folds = session.result("textDocument/foldingRange", Params.textDocument()).arrayValue ?? []
    #expect(
      folds.map { [$0["startLine"]?.intValue ?? -1, $0["endLine"]?.intValue ?? -1] } == [
        [0, 6], [3, 4],
      ])

    let hover = session.result("textDocument/hover", Params.at(3, 3))["contents"]?["value"]?
      .stringValue
    #expect(hover == "**Open** · 1 of 1 sub-item done")
    let done = session.result("textDocument/hover", Params.at(4, 3))["contents"]?["value"]?
      .stringValue
    #expect(done == "**Done** 4 weeks ago (2026-11-01)")
    let heading = session.result("textDocument/hover", Params.at(0, 3))["contents"]?["value"]?
      .stringValue
    // The words `chk lists`, `chk tui` and the hints use.
    #expect(heading == "3 of 5 left")
    #expect(session.result("textDocument/hover", Params.at(1, 0)) == .null)

    let hints =
      session.result(
        "textDocument/inlayHint",
        ["textDocument": ["uri": .string(Params.uri)], "range": Params.range((0, 0), (20, 0))]
      ).arrayValue ?? []
    // A heading without items (a title) gets no hint, no detail and no hover.
    #expect(hints.compactMap { $0["label"]?.stringValue } == ["3 of 5 left"])
    #expect(symbols.last?["detail"] == "")
    #expect(session.result("textDocument/hover", Params.at(7, 3)) == .null)
    #expect(hints.first?["position"] == ["line": 0, "character": 9])
    try session.validateTranscript("symbolsFoldingHoverAndHints")
  }

  /// Hover on an item with a due time says when it is reminded.
  @Test func hoverSaysWhenAnItemIsReminded() throws {
    let session = LSPSession()
    session.open(
      Params.uri,
      "- [ ] Call  @due(2026-12-02 16:00)  @remind(30 minutes before)\n"
        + "- [ ] Pay  @due(2026-12-03)  @remind(off)\n- [ ] Plan  @due(2026-12-03)\n")
    func hover(_ line: Int) -> String? {
      session.result("textDocument/hover", Params.at(line, 3))["contents"]?["value"]?.stringValue
    }
    #expect(hover(0)?.contains("(2026-12-02 16:00) · reminded 2026-12-02 15:30") == true)
    #expect(hover(1)?.contains("no reminder") == true)
    #expect(hover(2)?.contains("reminded 2026-12-03 09:00") == true)
  }

  /// Due and overdue show without hovering: as inlay hints by default, as hint
  /// diagnostics or not at all when the settings say so.
  @Test func dueDatesShowAtAGlance() throws {
    let session = LSPSession()
    let text =
      "## Bills\n\n- [ ] Rent  @due(2026-12-01)\n- [ ] Tax  @due(2026-11-27)\n"
      + "- [x] Gas  @due(2026-11-01)\n- [ ] Far  @due(2100-01-01)\n- [ ] Soon  @due(2026-12-20)\n"
    session.open(Params.uri, text)
    func hints() -> [String] {
      (session.result(
        "textDocument/inlayHint",
        ["textDocument": ["uri": .string(Params.uri)], "range": Params.range((0, 0), (9, 0))]
      ).arrayValue ?? []).compactMap { $0["label"]?.stringValue }
    }
    #expect(
      hints() == [
        "4 of 5 left", "due tomorrow", "overdue by 3 days", "due in 73 years", "due in 2 weeks",
      ])
    #expect(session.publish().first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)

    session.notify(
      "workspace/didChangeConfiguration", ["settings": ["chk": ["dueHints": "diagnostic"]]])
    #expect(hints() == ["4 of 5 left"])
    let diagnostics = session.publish().first?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(
      diagnostics.compactMap { $0["message"]?.stringValue } == [
        "due tomorrow", "overdue by 3 days",
      ])
    #expect(diagnostics.allSatisfy { $0["severity"] == 4 && $0["code"] == "due" })

    session.notify("workspace/didChangeConfiguration", ["settings": ["dueHints": "off"]])
    #expect(hints() == ["4 of 5 left"])
    #expect(session.publish().first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
    try session.validateTranscript("dueDatesShowAtAGlance")
  }

  @Test func describingDueDatesInWords() {
    let today = LSPSession.today
    let cases: [(Int, String)] = [
      (0, "due today"), (1, "due tomorrow"), (3, "due in 3 days"),
      (-1, "overdue by 1 day (due yesterday)"),
      (-2, "overdue by 2 days"), (13, "due in 13 days"), (14, "due in 2 weeks"),
      (59, "due in 8 weeks"), (60, "due in 2 months"), (729, "due in 24 months"),
      (730, "due in 2 years"), (26693, "due in 73 years"), (-400, "overdue by 13 months"),
    ]
    for (days, words) in cases {
      #expect(LanguageServer.describeDue(today.adding(days: days)!, today: today) == words)
    }
  }

  @Test func definitionAndReferencesOfAnIDFindItsDuplicates() throws {
    let session = LSPSession()
    session.open(
      Params.uri,
      "## L  @id(a1)\n\n- [ ] one  @id(b2)\n- [ ] two  @id(a1)\n- [ ] x @id(a1) is text\n"
    )
    let definition = session.result("textDocument/definition", Params.at(3, 15))
    #expect(definition["range"] == Params.range((0, 6), (0, 13)))
    let references =
      session.result(
        "textDocument/references",
        [
          "textDocument": ["uri": .string(Params.uri)], "position": ["line": 3, "character": 15],
          "context": ["includeDeclaration": true],
        ]
      ).arrayValue ?? []
    #expect(
      references.map { LSPSession.position($0["range"]?["start"]).line } == [0, 3],
      "the tag in a name is not an ID")
    #expect(session.result("textDocument/definition", Params.at(2, 3)) == .null)
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
    // An open file is searched as the editor has it, each version of it read once.
    let uri = FileURI.uri(of: directory.path + "/a.md")
    session.open(uri, "## A\n\n- [ ] Buy oat milk  @id(m1)\n")
    func names() -> [String] {
      (session.result("workspace/symbol", ["query": "milk"]).arrayValue ?? [])
        .compactMap { $0["name"]?.stringValue }
    }
    #expect(names() == ["Buy oat milk", "Milk the cow"])
    #expect(session.server.documents[uri]?.workspaceItems != nil)
    session.change(uri, (Position(line: 2, character: 10), Position(line: 2, character: 13)), "soy")
    #expect(names() == ["Buy soy milk", "Milk the cow"])
    try session.validateTranscript("workspaceSymbolsSearchEveryChecklistFile")
  }

  /// The items workspace symbols search, read from a file's outline, are its lists'
  /// items, in order, with their names, IDs, lines, states and lists, on the corpus.
  @Test func workspaceItemsAreTheListsItems() throws {
    let server = LSPSession().server
    var compared = 0
    for file in Corpus.files {
      guard let document = try? ChecklistDocument(parsing: file.bytes) else { continue }
      let expected = document.lists.flatMap { list in
        list.allItems.map {
          "\($0.name)|\($0.id ?? "-")|\($0.line)|\($0.isChecked)|\(list.name ?? "-")"
        }
      }
      let found = try server.fileItems("a.md", document).items.map {
        "\($0.name)|\($0.id ?? "-")|\($0.line)|\($0.isChecked)|\($0.list ?? "-")"
      }
      #expect(found == expected, "\(file.name)")
      compared += found.count
    }
    #expect(compared > 2_500)
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
