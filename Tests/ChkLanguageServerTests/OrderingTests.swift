import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Never make a keystroke wait: a completion goes before whole-document requests that
/// came with it, a long request answers one that arrives meanwhile and stops when
/// cancelled, symbols and folding are kept per version and bounded on big files.
@Suite("LSP: ordering and cancellation")
struct OrderingTests {
  static func body(_ json: String) -> [UInt8] { Array(json.utf8) }

  static func request(_ id: Int, _ method: String, _ params: String) -> [UInt8] {
    body(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
  }

  static let document = #"{"textDocument":{"uri":"\#(Params.uri)"}}"#
  static let at = #"{"textDocument":{"uri":"\#(Params.uri)"},"position":{"line":0,"character":13}}"#

  /// A file of `lists` lists of `items` items each.
  static func text(lists: Int, items: Int) -> String {
    var text = ""
    for list in 0..<lists {
      text += "## List \(list)\n\n"
      for item in 0..<items { text += "- [\(item % 3 == 0 ? "x" : " ")] Item \(list).\(item)\n" }
      text += "\n"
    }
    return text
  }

  func ids(_ answers: [JSONValue]) -> [Int] {
    answers.compactMap { $0["id"]?.intValue }
  }

  /// VS Code's pattern after a keystroke: symbols, folding and completion together. The
  /// completion is answered first, folding before symbols; across a change nothing is
  /// reordered.
  @Test func aCompletionGoesBeforeSymbolsAndFoldingThatCameWithIt() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Milk  @\n")
    let answers = session.send(
      [
        Self.request(1, "textDocument/documentSymbol", Self.document),
        Self.request(2, "textDocument/foldingRange", Self.document),
        Self.request(3, "textDocument/completion", Self.at),
      ],
      methods: [
        "n1": "textDocument/documentSymbol", "n2": "textDocument/foldingRange",
        "n3": "textDocument/completion",
      ])
    // The completion, then the cheaper folding, then the symbols.
    #expect(ids(answers) == [3, 2, 1])
    #expect(answers.first?["result"]?["items"]?.arrayValue?.isEmpty == false)
    let change = Self.body(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(Params.uri)","version":2},"contentChanges":[{"text":"- [x] Milk  @\n"}]}}"#
    )
    let across = session.send(
      [
        Self.request(4, "textDocument/documentSymbol", Self.document), change,
        Self.request(5, "textDocument/completion", Self.at),
      ],
      methods: ["n4": "textDocument/documentSymbol", "n5": "textDocument/completion"])
    #expect(ids(across) == [4, 5])
    #expect(
      across.last?["result"]?["items"]?.arrayValue?.contains { $0["label"] == "done" } == true,
      "the completion sees the change")
    try session.validateTranscript("aCompletionGoesBeforeSymbolsAndFoldingThatCameWithIt")
  }

  /// A completion that arrives while symbols of a big file are being written is
  /// answered at the next checkpoint, before the symbols.
  @Test func aLongRequestAnswersACompletionThatArrivesMeanwhile() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Milk  @\n" + Self.text(lists: 3, items: 3000))
    var delivered = false
    session.server.pollInput = {
      guard !delivered else { return [] }
      delivered = true
      return [Self.request(8, "textDocument/completion", Self.at)]
    }
    let answers = session.send(
      [Self.request(7, "textDocument/documentSymbol", Self.document)],
      methods: ["n7": "textDocument/documentSymbol", "n8": "textDocument/completion"])
    #expect(ids(answers) == [8, 7])
    #expect(answers.last?["result"]?.arrayValue?.count == 4)
    try session.validateTranscript("aLongRequestAnswersACompletionThatArrivesMeanwhile")
  }

  /// A `$/cancelRequest` that arrives while its request runs ends it with
  /// RequestCancelled; one for a request answered already is forgotten.
  @Test func aCancellationThatArrivesDuringALongRequestStopsIt() throws {
    let session = LSPSession()
    session.open(Params.uri, Self.text(lists: 2, items: 5000))
    session.server.pollInput = {
      [Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9}}"#)]
    }
    let formatting =
      #"{"textDocument":{"uri":"\#(Params.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#
    for (method, params) in [
      ("textDocument/documentSymbol", Self.document), ("textDocument/foldingRange", Self.document),
      ("textDocument/formatting", formatting),
    ] {
      let answers = session.send([Self.request(9, method, params)], methods: ["n9": method])
      #expect(answers.first?["error"]?["code"] == .int(-32800), "\(method)")
      #expect(session.server.documents[Params.uri]?.symbols == nil, "nothing half done is kept")
    }
    session.server.pollInput = nil
    _ = session.send(
      [
        Self.request(10, "textDocument/foldingRange", Self.document),
        Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":10}}"#),
        Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":77}}"#),
      ], methods: ["n10": "textDocument/foldingRange"])
    #expect(session.server.cancelled.isEmpty)
    try session.validateTranscript("aCancellationThatArrivesDuringALongRequestStopsIt")
  }

  /// Formatting is stopped while it works out its edits, after the formatter is done:
  /// the cancellation that comes on the second look.
  @Test func aCancellationDuringFormattingsDiffStopsIt() throws {
    let session = LSPSession()
    var text = ""
    for item in 0..<3_000 { text += "-  [ ]  Item \(item)\n" }
    session.open(Params.uri, text)
    var polls = 0
    session.server.pollInput = {
      polls += 1
      return polls == 2
        ? [Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12}}"#)] : []
    }
    let formatting =
      #"{"textDocument":{"uri":"\#(Params.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#
    let answers = session.send(
      [Self.request(12, "textDocument/formatting", formatting)],
      methods: ["n12": "textDocument/formatting"])
    #expect(answers.first?["error"]?["code"] == .int(-32800))
    #expect(polls >= 2)
    session.server.pollInput = nil
    let edits = session.result(
      "textDocument/formatting",
      .object([
        ("textDocument", ["uri": .string(Params.uri)]),
        ("options", ["tabSize": 2, "insertSpaces": true]),
      ]))
    #expect(edits.arrayValue?.isEmpty == false, "formatted when not cancelled")
    try session.validateTranscript("aCancellationDuringFormattingsDiffStopsIt")
  }

  /// A workspace search is stopped while it reads the workspace's files, and leaves no
  /// half-built index: the next search reads every file.
  @Test func aCancelledWorkspaceSearchLeavesNoHalfIndex() throws {
    let directory = try TemporaryDirectory()
    for name in ["a", "b", "c"] {
      _ = try directory.file("\(name).md", "- [ ] Milk \(name)\n")
    }
    let session = LSPSession(rootURI: FileURI.uri(of: directory.path))
    var polls = 0
    session.server.pollInput = {
      polls += 1
      // The cancellation comes while the second file is being read.
      return polls == 2
        ? [Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":11}}"#)] : []
    }
    let answers = session.send(
      [Self.request(11, "workspace/symbol", #"{"query":"milk"}"#)],
      methods: ["n11": "workspace/symbol"])
    #expect(answers.first?["error"]?["code"] == .int(-32800))
    #expect(session.server.workspaceIndex == nil)
    session.server.pollInput = nil
    let symbols = session.result("workspace/symbol", ["query": "milk"]).arrayValue ?? []
    #expect(symbols.count == 3)
    try session.validateTranscript("aCancelledWorkspaceSearchLeavesNoHalfIndex")
  }

  /// On a file of more than 5,000 items, symbols list at most 200 items of a list and
  /// 5,000 in all, and each list's detail says so; every heading is still there.
  /// Symbols and folding are kept until the text changes.
  @Test func symbolsOfABigFileAreBoundedAndKeptPerVersion() throws {
    let session = LSPSession()
    session.open(Params.uri, Self.text(lists: 30, items: 300))
    let symbols =
      session.result("textDocument/documentSymbol", Params.textDocument()).arrayValue ?? []
    #expect(symbols.count == 30)
    #expect(symbols.first?["detail"] == "200 of 300 left; the first 200 listed")
    #expect(symbols.first?["children"]?.arrayValue?.count == 200)
    #expect(symbols[25]["children"]?.arrayValue?.isEmpty == true)
    #expect(symbols[25]["detail"] == "200 of 300 left; items not listed (the file has over 5000)")
    let listed = symbols.reduce(0) { $0 + ($1["children"]?.arrayValue?.count ?? 0) }
    #expect(listed == 5000)
    #expect(session.server.documents[Params.uri]?.symbols != nil)
    let folds = session.result("textDocument/foldingRange", Params.textDocument()).arrayValue
    #expect(folds?.count == 30)
    #expect(session.server.documents[Params.uri]?.folding != nil)
    session.change(
      Params.uri, (Position(line: 0, character: 0), Position(line: 0, character: 0)), "x")
    #expect(session.server.documents[Params.uri]?.symbols == nil)
    #expect(session.server.documents[Params.uri]?.folding == nil)
    // A small file lists everything.
    let small = LSPSession()
    small.open(Params.uri, Self.text(lists: 2, items: 10))
    let all = small.result("textDocument/documentSymbol", Params.textDocument()).arrayValue ?? []
    #expect(all.map { $0["children"]?.arrayValue?.count ?? 0 } == [10, 10])
    #expect(all.first?["detail"] == "6 of 10 left")
    try session.validateTranscript("symbolsOfABigFileAreBoundedAndKeptPerVersion")
  }
}
