import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// A scripted client of an in-process server: sends requests and notifications, keeps
/// every message the server sent (with the method it belongs to, for the schema
/// oracle), and applies text edits the way an editor does, with its own position
/// arithmetic (Swift's UTF-16 and scalar views, not the server's).
final class LSPSession {
  let server: LanguageServer
  private var nextID = 1
  /// Every message the server sent, with the method of the request it answers (or of
  /// the notification).
  private(set) var transcript: [(method: String, message: Data)] = []
  /// Notifications the server sent, in order, not yet looked at.
  var notifications: [JSONValue] = []
  var encoding = "utf-16"
  /// The text the client holds for each open document.
  var texts: [String: String] = [:]
  var versions: [String: Int] = [:]
  /// What `initialize` answered.
  var initializeResult: JSONValue?

  static let today = CalendarDay("2026-11-30") ?? .today()

  /// A workspace whose today is `today` and whose IDs are seeded.
  static func workspace(today: CalendarDay = LSPSession.today) -> Workspace {
    var workspace = Workspace(variables: [:], currentDirectory: "/")
    workspace.fixedToday = today
    workspace.idGenerator = .seeded(7)
    return workspace
  }

  /// A server, initialized with the given client capabilities.
  init(
    encodings: [String] = ["utf-16"], pullsDiagnostics: Bool = false, documentChanges: Bool = false,
    resolvesEdits: Bool = false, rootURI: String? = nil, today: CalendarDay = LSPSession.today
  ) {
    server = LanguageServer(
      environment: LanguageServer.Environment(workspace: Self.workspace(today: today)))
    var textDocument: [(String, JSONValue)] = []
    if pullsDiagnostics { textDocument.append(("diagnostic", ["dynamicRegistration": false])) }
    if resolvesEdits {
      textDocument.append(("codeAction", ["resolveSupport": ["properties": ["edit"]]]))
    }
    let capabilities: JSONValue = [
      "general": ["positionEncodings": .array(encodings.map { .string($0) })],
      "textDocument": .object(textDocument),
      "workspace": ["workspaceEdit": ["documentChanges": .bool(documentChanges)]],
    ]
    let result = request(
      "initialize",
      [
        "processId": nil, "rootUri": rootURI.map { .string($0) } ?? .null,
        "capabilities": capabilities,
      ])
    initializeResult = result["result"]
    encoding = result["result"]?["capabilities"]?["positionEncoding"]?.stringValue ?? "utf-16"
    notify("initialized", [:])
  }

  /// Hands bodies to the server and records what comes back.
  @discardableResult
  func send(_ bodies: [[UInt8]], methods: [String: String] = [:]) -> [JSONValue] {
    var answers: [JSONValue] = []
    for body in server.receive(bodies) {
      guard let value = try? JSONValue.parse(body) else {
        Issue.record(
          "the server sent a body that is not JSON: \(String(decoding: body, as: UTF8.self))")
        continue
      }
      let method =
        value["method"]?.stringValue
        ?? value["id"].flatMap { methods[LanguageServer.key(of: $0)] } ?? "?"
      transcript.append((method, Data(body)))
      if value["method"] != nil { notifications.append(value) } else { answers.append(value) }
    }
    return answers
  }

  /// Sends a request and returns the one response to it.
  @discardableResult
  func request(_ method: String, _ params: JSONValue) -> JSONValue {
    let id = JSONValue.int(nextID)
    nextID += 1
    let message: JSONValue = [
      "jsonrpc": "2.0", "id": id, "method": .string(method), "params": params,
    ]
    let answers = send([message.serialized], methods: [LanguageServer.key(of: id): method])
    #expect(answers.count == 1, "\(method): \(answers.count) responses")
    return answers.first ?? .null
  }

  /// Sends a request and returns its `result` (recording an issue for an error).
  func result(_ method: String, _ params: JSONValue) -> JSONValue {
    let response = request(method, params)
    if let error = response["error"] {
      Issue.record("\(method) failed: \(String(decoding: error.serialized, as: UTF8.self))")
    }
    return response["result"] ?? .null
  }

  func notify(_ method: String, _ params: JSONValue) {
    let message: JSONValue = ["jsonrpc": "2.0", "method": .string(method), "params": params]
    let answers = send([message.serialized])
    #expect(answers.isEmpty, "\(method) is a notification: nothing answers it")
  }

  /// The debounced diagnostics, as the loop publishes them once input pauses.
  func publish() -> [JSONValue] {
    var published: [JSONValue] = []
    for body in server.publishPending() {
      let value = (try? JSONValue.parse(body)) ?? .null
      transcript.append(("textDocument/publishDiagnostics", Data(body)))
      published.append(value)
    }
    return published
  }

  func open(_ uri: String, _ text: String) {
    texts[uri] = text
    versions[uri] = 1
    notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text),
        ]
      ])
  }

  /// Replaces a range (in the session's encoding) as an editor would, and tells the
  /// server incrementally.
  func change(_ uri: String, _ range: (Position, Position), _ text: String) {
    let old = texts[uri] ?? ""
    let lower = index(of: range.0, in: old)
    let upper = max(lower, index(of: range.1, in: old))
    var scalars = Array(old.unicodeScalars)
    scalars.replaceSubrange(lower..<upper, with: text.unicodeScalars)
    var new = String.UnicodeScalarView()
    new.append(contentsOf: scalars)
    texts[uri] = String(new)
    versions[uri, default: 1] += 1
    notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .int(versions[uri] ?? 1)],
        "contentChanges": [
          [
            "range": [
              "start": ["line": .int(range.0.line), "character": .int(range.0.character)],
              "end": ["line": .int(range.1.line), "character": .int(range.1.character)],
            ],
            "text": .string(text),
          ]
        ],
      ])
  }

  /// The unicode-scalar index of a position in `text`, counted by the client's own
  /// means: lines split at LF, CRLF and CR; characters in the negotiated encoding.
  func index(of position: Position, in text: String) -> Int {
    let scalars = Array(text.unicodeScalars)
    var line = 0
    var index = 0
    while line < position.line, index < scalars.count {
      if scalars[index] == "\n" {
        line += 1
      } else if scalars[index] == "\r" {
        if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        line += 1
      }
      index += 1
    }
    if line < position.line { return scalars.count }
    var units = position.character
    while units > 0, index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" {
      let width: Int
      switch encoding {
      case "utf-8": width = String(scalars[index]).utf8.count
      case "utf-32": width = 1
      default: width = String(scalars[index]).utf16.count
      }
      if width > units { break }
      units -= width
      index += 1
    }
    return index
  }

  static func position(_ value: JSONValue?) -> Position {
    Position(line: value?["line"]?.intValue ?? -1, character: value?["character"]?.intValue ?? -1)
  }

  /// Applies text edits (non-overlapping, as LSP requires) to the client's text.
  func apply(_ edits: [JSONValue], to uri: String) -> String {
    let old = texts[uri] ?? ""
    var scalars = Array(old.unicodeScalars)
    let ranges = edits.map { edit in
      (
        index(of: Self.position(edit["range"]?["start"]), in: old),
        index(of: Self.position(edit["range"]?["end"]), in: old),
        edit["newText"]?.stringValue ?? ""
      )
    }
    for (lower, upper, text) in ranges.sorted(by: { $0.0 > $1.0 }) {
      scalars.replaceSubrange(lower..<upper, with: text.unicodeScalars)
    }
    var new = String.UnicodeScalarView()
    new.append(contentsOf: scalars)
    return String(new)
  }

  /// Applies text edits to the client's text and sends the whole new text, as an
  /// editor does after a workspace edit; returns the new text.
  @discardableResult
  func applyAndSend(_ edits: [JSONValue], to uri: String) -> String {
    let new = apply(edits, to: uri)
    texts[uri] = new
    versions[uri, default: 1] += 1
    notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .int(versions[uri] ?? 1)],
        "contentChanges": [["text": .string(new)]],
      ])
    return new
  }

  /// The edits of a workspace edit for one document.
  static func edits(_ workspaceEdit: JSONValue?, _ uri: String) -> [JSONValue] {
    if let changes = workspaceEdit?["documentChanges"]?.arrayValue {
      return changes.filter { $0["textDocument"]?["uri"]?.stringValue == uri }
        .flatMap { $0["edits"]?.arrayValue ?? [] }
    }
    return workspaceEdit?["changes"]?[uri]?.arrayValue ?? []
  }

  /// Checks every message recorded so far against the LSP schema.
  func validateTranscript(_ name: String) throws {
    guard let oracle = try LSPSchemaOracle.forTest(name) else { return }
    let failures = try oracle.failures(transcript)
    #expect(
      failures.isEmpty, "\(failures.count) messages do not fit LSP 3.17: \(failures.prefix(5))")
  }
}
