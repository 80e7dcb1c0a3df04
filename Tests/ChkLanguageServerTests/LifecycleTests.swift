import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// The JSON-RPC and LSP lifecycle, and what bad input gets: the right error, never a
/// crash, and the documents as they were.
@Suite("LSP: lifecycle and robustness")
struct LifecycleTests {
  static let uri = "file:///work/list.md"
  static let text =
    "## Groceries  @icon(cart)\n\n- [ ] Milk  @id(k3f9)\n- [x] Eggs  @done(2024-01-02)\n"

  static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
    let server = LanguageServer(environment: .init(workspace: LSPSession.workspace()))
    let answers = server.receive([
      Self.body(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#),
      Self.body(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.md","languageId":"markdown","version":1,"text":"- [ ] a\n"}}}"#
      ),
    ])
    #expect(answers.count == 1)
    let error = try? JSONValue.parse(answers[0])
    #expect(error?["id"] == 1)
    #expect(error?["error"]?["code"] == .int(-32002))
    #expect(server.documents.isEmpty, "a didOpen before initialize is dropped")
  }

  @Test func initializeNegotiatesThePositionEncoding() {
    #expect(LSPSession(encodings: ["utf-8", "utf-16"]).encoding == "utf-8")
    #expect(LSPSession(encodings: ["utf-32", "utf-16"]).encoding == "utf-16")
    #expect(LSPSession(encodings: []).encoding == "utf-16")
  }

  @Test func initializeAdvertisesWhatTheServerDoes() {
    let session = LSPSession()
    let second = session.request("initialize", ["capabilities": [:]])
    #expect(second["error"]?["code"] == .int(-32600), "a second initialize is an error")
    let pulling = LSPSession(pullsDiagnostics: true)
    let answer = pulling.server.receive([
      Array(
        #"{"jsonrpc":"2.0","id":9,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"file:///nope.md"}}}"#
          .utf8)
    ])
    #expect(answer.count == 1)
  }

  @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() {
    let session = LSPSession()
    #expect(session.request("shutdown", .null)["result"] == .null)
    let after = session.request("textDocument/hover", [:])
    #expect(after["error"]?["code"] == .int(-32600), "requests after shutdown are invalid")
    session.notify("exit", .null)
    #expect(session.server.exitStatus == 0)
    let abrupt = LSPSession()
    abrupt.notify("exit", .null)
    #expect(abrupt.server.exitStatus == 1)
  }

  @Test func badMessagesGetTheirErrorsAndTheDocumentStays() {
    let session = LSPSession()
    session.open(Self.uri, Self.text)
    let cases: [(String, [UInt8], JSONValue?, Int?)] = [
      ("malformed JSON", Self.body(#"{"jsonrpc":"2.0","id":1,"method":"#), nil, -32700),
      ("invalid UTF-8", [0x7B, 0xFF, 0xFE, 0x7D], nil, -32700),
      ("not an object", Self.body("[1,2]"), nil, -32600),
      ("no jsonrpc", Self.body(#"{"id":3,"method":"shutdown"}"#), 3, -32600),
      (
        "an ID that is an object", Self.body(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#), nil,
        -32600
      ),
      ("no method", Self.body(#"{"jsonrpc":"2.0","id":4}"#), 4, -32600),
      (
        "unknown method", Self.body(#"{"jsonrpc":"2.0","id":"s5","method":"chk/nothing"}"#), "s5",
        -32601
      ),
      ("unknown notification", Self.body(#"{"jsonrpc":"2.0","method":"chk/nothing"}"#), nil, nil),
      ("a response to nothing", Self.body(#"{"jsonrpc":"2.0","id":7,"result":null}"#), nil, nil),
      (
        "a request without its document",
        Self.body(#"{"jsonrpc":"2.0","id":8,"method":"textDocument/formatting","params":{}}"#), 8,
        -32602
      ),
      ("deep nesting", Self.body(String(repeating: "[", count: 100_000)), nil, -32700),
    ]
    for (name, body, id, code) in cases {
      let answers = session.server.receive([body])
      guard let code else {
        #expect(answers.isEmpty, "\(name): no answer")
        continue
      }
      #expect(answers.count == 1, "\(name)")
      let answer = answers.first.flatMap { try? JSONValue.parse($0) }
      #expect(answer?["error"]?["code"] == .int(code), "\(name)")
      #expect(answer?["id"] == (id ?? .null), "\(name)")
    }
    // The document is intact: formatting still sees it (and finds it canonical).
    #expect(
      session.result(
        "textDocument/formatting",
        [
          "textDocument": ["uri": .string(Self.uri)],
          "options": ["tabSize": 2, "insertSpaces": true],
        ]) == [])
    #expect(session.server.documents[Self.uri]?.bytes == Array(Self.text.utf8))
  }

  @Test func aCancelledRequestOfTheSameBatchIsAnsweredAsCancelled() {
    let session = LSPSession()
    session.open(Self.uri, Self.text)
    let answers = session.send(
      [
        Self.body(
          #"{"jsonrpc":"2.0","id":21,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(Self.uri)"}}}"#
        ),
        Self.body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":21}}"#),
        Self.body(
          #"{"jsonrpc":"2.0","id":"21","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(Self.uri)"}}}"#
        ),
      ], methods: ["n21": "textDocument/documentSymbol", "s21": "textDocument/documentSymbol"])
    #expect(answers.count == 2)
    #expect(answers.first?["error"]?["code"] == .int(-32800))
    #expect(answers.last?["id"] == "21", "the string ID \"21\" is another request")
    #expect(answers.last?["result"]?.arrayValue?.count == 1)
  }

  // MARK: - Framing

  @Test func framesArriveWhicheverWayTheBytesAreSplit() {
    let bodies = [#"{"a":1}"#, #"{"b":"ü"}"#, "{}"].map { Array($0.utf8) }
    let stream = bodies.flatMap { MessageFramer.frame($0) }
    for chunk in [1, 2, 3, 7, 64] {
      var framer = MessageFramer()
      var frames: [MessageFramer.Frame] = []
      var index = 0
      while index < stream.count {
        frames += framer.feed(stream[index..<min(stream.count, index + chunk)])
        index += chunk
      }
      #expect(frames == bodies.map { .message($0) }, "chunks of \(chunk)")
    }
  }

  @Test func badHeadersAndOversizedBodiesAreSkippedAndReadingGoesOn() {
    var framer = MessageFramer(maximumBodySize: 10)
    let input =
      Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: abc\r\n\r\n".utf8)
      + Array("Content-Length: 20\r\n\r\n01234567890123456789".utf8)
      + Array("content-length: 2\n\n{}".utf8)
    let frames = framer.feed(input)
    #expect(frames.count == 4)
    if case .badHeader = frames[0] {} else { Issue.record("no Content-Length: \(frames[0])") }
    if case .badHeader = frames[1] {} else { Issue.record("not a number: \(frames[1])") }
    #expect(frames[2] == .oversized(20))
    #expect(frames[3] == .message(Array("{}".utf8)), "the next message is read")
    // An oversized body split over feeds is skipped as it arrives.
    var split = MessageFramer(maximumBodySize: 4)
    #expect(split.feed(Array("Content-Length: 8\r\n\r\n0123".utf8)) == [.oversized(8)])
    #expect(split.feed(Array("4567Content-Length: 1\r\n\r\n1".utf8)) == [.message([0x31])])
  }

  @Test func theLoopAnswersOverPipesAndStopsAtExit() throws {
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&input) == 0 && pipe(&output) == 0)
    let messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.md","languageId":"markdown","version":1,"text":"- [ ] a  @id(1)\n- [ ] b  @id(1)\n"}}}"#,
    ]
    let framed = messages.flatMap { MessageFramer.frame(Array($0.utf8)) }
    LanguageServerLoop.write(framed, to: input[1])
    let server = LanguageServer(environment: .init(workspace: LSPSession.workspace()))
    let log = LanguageServerLoop.Log(path: nil)
    // Diagnostics come once input pauses; then shutdown and exit end the loop.
    let inputWriter = input[1]
    let writer = Thread {
      usleep(300_000)
      let rest = [
        #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
      ]
      LanguageServerLoop.write(
        rest.flatMap { MessageFramer.frame(Array($0.utf8)) }, to: inputWriter)
    }
    writer.start()
    let status = LanguageServerLoop.run(
      server, input: input[0], output: output[1], debounceMilliseconds: 20, verbose: false, log: log
    )
    close(output[1])
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
      if count <= 0 { break }
      received += chunk[0..<count]
    }
    close(input[0])
    close(input[1])
    close(output[0])
    #expect(status == 0)
    var framer = MessageFramer()
    let bodies = framer.feed(received).compactMap { frame -> JSONValue? in
      if case .message(let body) = frame { return try? JSONValue.parse(body) }
      return nil
    }
    #expect(
      bodies.map { $0["id"] ?? $0["method"] ?? .null } == [1, "textDocument/publishDiagnostics", 2])
    #expect(bodies[1]["params"]?["diagnostics"]?.arrayValue?.first?["code"] == "duplicate-id")
  }
}

extension LifecycleTests {
  /// Each capability `initialize` advertises is the one LSP 3.17 names for a method
  /// the server dispatches, and each method the server answers is advertised (but for
  /// the ones the specification announces no capability for).
  @Test func advertisedCapabilitiesAreTheDispatchedMethods() {
    let specification: [String: String] = [
      "documentFormattingProvider": "textDocument/formatting",
      "documentRangeFormattingProvider": "textDocument/rangeFormatting",
      "codeActionProvider": "textDocument/codeAction",
      "completionProvider": "textDocument/completion",
      "documentSymbolProvider": "textDocument/documentSymbol",
      "foldingRangeProvider": "textDocument/foldingRange",
      "hoverProvider": "textDocument/hover",
      "inlayHintProvider": "textDocument/inlayHint",
      "definitionProvider": "textDocument/definition",
      "referencesProvider": "textDocument/references",
      "workspaceSymbolProvider": "workspace/symbol",
      "diagnosticProvider": "textDocument/diagnostic",
      "textDocumentSync": "textDocument/didOpen",
      "renameProvider": "textDocument/rename",
      "documentOnTypeFormattingProvider": "textDocument/onTypeFormatting",
    ]
    // `renameProvider`'s `prepareProvider` announces prepareRename.
    let unannounced: Set = ["shutdown", "codeAction/resolve", "textDocument/prepareRename"]
    let session = LSPSession(pullsDiagnostics: true)
    let capabilities = session.initializeResult?["capabilities"]
    guard case .object(let members)? = capabilities else {
      Issue.record("no capabilities")
      return
    }
    let advertised = Set(members.map(\.0)).subtracting(["positionEncoding"])
    #expect(advertised == Set(specification.keys))
    let methods =
      LanguageServer.requestMethods.map(\.name) + LanguageServer.notificationMethods.map(\.name)
    for (capability, method) in specification {
      #expect(methods.contains(method), "\(capability) is advertised but \(method) is not taken")
    }
    for method in LanguageServer.requestMethods.map(\.name) where !unannounced.contains(method) {
      #expect(specification.values.contains(method), "\(method) is taken but not advertised")
    }
  }
}

extension LifecycleTests {
  /// A URI longer than any path (60,000 levels of `a/`): the document is linted with
  /// the default rules, at once. The `.chk.json` lookup once went up one level per call
  /// (7-14 s at 20,000 levels, a crash at 50,000).
  @Test func aVeryLongFileURIIsLintedWithDefaultRules() {
    let session = LSPSession(pullsDiagnostics: true)
    let uri = "file:///" + String(repeating: "a/", count: 60_000) + "list.md"
    session.open(uri, "- [ ] a  @id(x1)\n- [ ] b  @id(x1)\n")
    let report = session.result("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
    let codes = report["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
    #expect(codes == ["duplicate-id"])
  }

  /// Changes to many documents under a long debounce: each document's diagnostics
  /// wait once, and a closed one's not at all.
  @Test func pendingDiagnosticsHoldEachDocumentOnce() {
    let session = LSPSession()
    for index in 0..<300 { session.open("file:///d/\(index).md", "- [ ] a\n") }
    for _ in 0..<3 {
      for index in 0..<300 {
        session.change(
          "file:///d/\(index).md",
          (Position(line: 0, character: 7), Position(line: 0, character: 7)),
          "b")
      }
    }
    session.notify("textDocument/didClose", ["textDocument": ["uri": "file:///d/0.md"]])
    #expect(session.server.pendingDiagnostics.count == 299)
    #expect(session.server.publishPending().count == 299)
    #expect(!session.server.hasPendingDiagnostics)
  }

  /// A client that closes its end of the server's output: the server logs the failed
  /// write once and stops with status 1, though its input stays open (it used to answer
  /// into the void, silently, until input ended).
  @Test func theLoopStopsWhenTheClientStopsReading() throws {
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&input) == 0 && pipe(&output) == 0)
    close(output[0])
    // As chk's main does: a closed pipe is a write error, not a signal that kills.
    signal(SIGPIPE, SIG_IGN)
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    LanguageServerLoop.write(MessageFramer.frame(Array(initialize.utf8)), to: input[1])
    let directory = try TemporaryDirectory()
    let logPath = directory.path + "/lsp.log"
    let log = LanguageServerLoop.Log(path: logPath)
    // Input ends after 10 s in any case, so that a server that keeps going fails the
    // test instead of hanging it.
    let inputWriter = input[1]
    let closer = Thread {
      usleep(10_000_000)
      close(inputWriter)
    }
    closer.start()
    let server = LanguageServer(environment: .init(workspace: LSPSession.workspace()))
    let started = LanguageServerLoop.now()
    let status = LanguageServerLoop.run(
      server, input: input[0], output: output[1], debounceMilliseconds: 20, verbose: false, log: log
    )
    #expect(status == 1)
    #expect(LanguageServerLoop.now() - started < 5, "it stopped at the failed write")
    let written = try String(contentsOfFile: logPath, encoding: .utf8)
    #expect(written.contains("writing standard output failed: Broken pipe; stopping"))
    close(output[1])
    close(input[0])
  }

  /// A wait for input that times out says so, whatever `errno` held before: a stale
  /// `EINTR` (left by an earlier call) must not make it wait again until input comes.
  @Test func aTimedOutWaitIsNotMistakenForAnInterruptedOne() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    // Input arrives only after a second, so a wait that loops on the stale EINTR sees
    // it and answers wrongly instead of never returning.
    let writer = descriptors[1]
    let thread = Thread {
      Thread.sleep(forTimeInterval: 1)
      LanguageServerLoop.write([0x20], to: writer)
    }
    thread.start()
    errno = EINTR
    #expect(!LanguageServerLoop.isReadable(descriptors[0], timeoutMilliseconds: 20))
    Thread.sleep(forTimeInterval: 1.2)
    #expect(LanguageServerLoop.isReadable(descriptors[0], timeoutMilliseconds: 0))
  }
}
