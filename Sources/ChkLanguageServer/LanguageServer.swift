import ChecklistKit
import ChkWorkspace

/// `chk lsp`: a Language Server Protocol 3.17 server for checklist files.
///
/// The server is a state machine over JSON-RPC bodies: `receive` takes the bodies that
/// have arrived and returns the bodies to send, and `publishPending` returns the
/// diagnostics that the debounce held back. It reads no stream and writes no file (the
/// editor owns the buffers; the loop in `LanguageServerLoop` owns the streams), so tests
/// drive it message by message.
public final class LanguageServer {
  /// What the server needs from its process.
  public struct Environment {
    /// What every front end shares: today (for `@done` dates, `overdue` and
    /// completions; `CHK_TODAY`), the ID generator of every document (`CHK_SEED`),
    /// `HOME` and git's environment.
    package var workspace: Workspace
    /// Writes one line to the log.
    public var log: (String) -> Void
    /// Whether every message is logged (its method and ID), not only problems.
    public var verbose = false

    /// Creates an environment.
    package init(workspace: Workspace, log: @escaping (String) -> Void = { _ in }) {
      self.workspace = workspace
      self.log = log
    }
  }

  /// How due dates show without hovering.
  enum DueHints: String {
    /// "due tomorrow", "overdue by 3 days" after each open item with a due date.
    case inlay
    /// A hint-level diagnostic (code `due`) on each open item due tomorrow or before.
    case diagnostic
    case off
  }

  package enum State: Equatable {
    case waitingForInitialize, running, shutDown
  }

  let environment: Environment
  package internal(set) var state = State.waitingForInitialize
  /// Whether `exit` arrived: the loop stops, with status 0 after `shutdown`, else 1.
  public private(set) var exitStatus: Int32?
  var encoding = PositionEncoding.utf16
  /// Whether the client pulls diagnostics (`textDocument/diagnostic`); then none are
  /// pushed.
  var clientPullsDiagnostics = false
  /// Whether the client's workspace edits take `documentChanges` with versions.
  var clientTakesDocumentChanges = false
  /// Whether the client resolves a code action's `edit` when it is chosen; then the
  /// actions that rewrite the whole file (fix all, archive) are computed only then.
  var clientResolvesEdits = false
  /// How due dates show without hovering: inlay hints (the default), hint diagnostics,
  /// or not at all (`initializationOptions` or the `chk` settings, `dueHints`).
  var dueHints = DueHints.inlay
  /// The workspace folders' paths, for `workspace/symbol`.
  var workspaceRoots: [String] = []
  package internal(set) var documents: [String: OpenDocument] = [:]
  /// Documents whose diagnostics are to be published, in the order they changed.
  var pendingDiagnostics: [String] = []
  /// The same documents, for a membership test in O(1): a burst of changes to many
  /// documents under a long debounce must not cost a scan of the list each.
  var pendingSet: Set<String> = []
  lazy var configurations = ConfigurationCache(home: environment.workspace.variables["HOME"])
  /// The workspace's checklist files and their items, found on the first
  /// `workspace/symbol` and kept until files change.
  var workspaceIndex: [WorkspaceFile]?

  /// Creates a server waiting for `initialize`.
  public init(environment: Environment) {
    self.environment = environment
  }

  /// Where each answer goes as soon as it is ready; `nil` keeps the answers for
  /// `receive` to return (tests drive the server that way).
  public var emit: (([UInt8]) -> Void)?
  /// Bodies that arrived since, taken without waiting: a long request asks between two
  /// steps, to see a `$/cancelRequest` for it and to answer a completion first.
  public var pollInput: (() -> [[UInt8]])?
  /// Messages read and not handled yet, from `queueHead` on.
  var queue: [QueuedMessage] = []
  var queueHead = 0
  /// The keys of the requests in `queue`, and those being handled (innermost last).
  var queuedKeys: Set<String> = []
  var handling: [String] = []
  /// Requests a `$/cancelRequest` named while they were queued or being handled.
  var cancelled: Set<String> = []
  /// The answers `receive` returns when nothing emits them.
  var collected: [[UInt8]] = []

  /// Handles one body.
  public func receive(_ body: [UInt8]) -> [[UInt8]] {
    receive([body])
  }

  /// A key that tells request IDs apart (a number and a string of the same digits are
  /// different IDs).
  static func key(of id: JSONValue) -> String {
    switch id {
    case .string(let text): return "s" + text
    default: return "n" + String(decoding: id.serialized, as: UTF8.self)
    }
  }

  /// A body read: a JSON-RPC message, or the error response to send instead.
  enum Parsed {
    case message(JSONValue)
    case reply(JSONValue)
  }

  static func parse(_ body: [UInt8]) -> Parsed {
    // JSON must be UTF-8 (RFC 8259); invalid bytes would be repaired silently.
    guard String(validating: body, as: UTF8.self) != nil else {
      return .reply(
        error(id: nil, code: ErrorCode.parseError, message: "the message is not valid UTF-8"))
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(body)
    } catch {
      return .reply(
        Self.error(
          id: nil, code: ErrorCode.parseError,
          message: "not valid JSON: expected \(error.expected) at byte \(error.offset)"))
    }
    guard value.isObject, value["jsonrpc"]?.stringValue == "2.0" else {
      let id = value["id"].flatMap { Self.isValidID($0) ? $0 : nil }
      return .reply(
        error(
          id: id, code: ErrorCode.invalidRequest,
          message: "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")"))
    }
    return .message(value)
  }

  static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .string: return true
    case .number: return id.intValue != nil
    default: return false
    }
  }

  /// Handles one message: a request (answered), a notification or a response.
  func handle(_ message: JSONValue) -> [JSONValue] {
    let id = message["id"]
    guard let method = message["method"]?.stringValue else {
      // A response to a request of ours (the server sends none that need an answer),
      // or garbage with an ID.
      if message["result"] != nil || message["error"] != nil { return [] }
      return [
        Self.error(
          id: id.flatMap { Self.isValidID($0) ? $0 : nil }, code: ErrorCode.invalidRequest,
          message: "a message needs a \"method\" string")
      ]
    }
    if let id, !Self.isValidID(id) {
      return [
        Self.error(
          id: nil, code: ErrorCode.invalidRequest, message: "an ID must be a string or an integer")
      ]
    }
    let params = message["params"] ?? .null
    if environment.verbose {
      let shownID = id.map { " #" + String(decoding: $0.serialized, as: UTF8.self) } ?? ""
      environment.log("<- \(method)\(shownID)")
    }
    guard let id else {
      notify(method, params)
      return takeOutgoing()
    }
    let result: Result<JSONValue, ResponseError>
    switch state {
    case .waitingForInitialize where method != "initialize":
      result = .failure(
        ResponseError(ErrorCode.serverNotInitialized, "the server is not initialized yet"))
    case .shutDown:
      result = .failure(
        ResponseError(ErrorCode.invalidRequest, "the server is shut down; only 'exit' is taken"))
    default:
      do throws(ResponseError) {
        result = .success(try request(method, params))
      } catch {
        result = .failure(error)
      }
    }
    var out = takeOutgoing()
    switch result {
    case .success(let value): out.insert(["jsonrpc": "2.0", "id": id, "result": value], at: 0)
    case .failure(let error):
      out.insert(Self.error(id: id, code: error.code, message: error.message), at: 0)
    }
    return out
  }

  /// Notifications the handling of a message queued (diagnostics without a debounce).
  var outgoing: [JSONValue] = []

  func takeOutgoing() -> [JSONValue] {
    defer { outgoing.removeAll() }
    return outgoing
  }

  private func notify(_ method: String, _ params: JSONValue) {
    if method == "exit" {
      exitStatus = state == .shutDown ? 0 : 1
      return
    }
    // Before `initialize`, notifications are dropped (LSP 3.17, "initialize").
    guard state == .running else { return }
    guard let notification = Self.notificationsByName[method] else {
      return environment.log("ignored notification \(method)")
    }
    notification.handle(self, params)
  }

  private func request(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue {
    if method == "initialize" { return try initialize(params) }
    guard let request = Self.requestsByName[method] else {
      throw ResponseError(ErrorCode.methodNotFound, "unknown method '\(method)'")
    }
    return try request.handle(self, params)
  }

  /// The JSON-RPC and LSP error codes the server answers with.
  enum ErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
    static let requestFailed = -32803
    static let contentModified = -32801
  }

  struct ResponseError: Error {
    var code: Int
    var message: String

    init(_ code: Int, _ message: String) {
      self.code = code
      self.message = message
    }

    static func invalidParams(_ message: String) -> ResponseError {
      ResponseError(ErrorCode.invalidParams, message)
    }
  }

  static func error(id: JSONValue?, code: Int, message: String) -> JSONValue {
    [
      "jsonrpc": "2.0", "id": id ?? .null,
      "error": ["code": .int(code), "message": .string(message)],
    ]
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
