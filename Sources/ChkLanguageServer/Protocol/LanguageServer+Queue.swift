import ChecklistKit
import ChkWorkspace

/// The order messages are handled in, answers written as soon as each is ready, and
/// cancellation.
///
/// Messages are handled one at a time, in the order they came, with one exception: of
/// the requests that change nothing and lead the queue, the one a person waits for
/// while typing (completion, hover, definition, references, rename, on-type
/// formatting) goes first, then the cheap whole-document ones (folding, inlay hints),
/// then the rest (symbols, code actions, formatting, pulled diagnostics, workspace
/// symbols). Nothing passes a notification (a change). A long request also stops at
/// checkpoints to answer urgent requests that arrived meanwhile, and to end with
/// `RequestCancelled` when a `$/cancelRequest` names it. Answers may therefore come out
/// of order, which JSON-RPC allows (LSP 3.17, "Request, Notification and Response
/// Ordering": reordering that does not change any answer).
extension LanguageServer {
  /// A message read: a JSON-RPC message, or the error response to send instead.
  struct QueuedMessage {
    var message: JSONValue?
    var reply: [UInt8] = []
    /// The request's ID key, for a request.
    var key: String?
    var method: String?
  }

  /// Requests a person waits for while typing: answered before whole-document ones.
  static let urgentMethods: Set<String> = [
    "textDocument/completion", "textDocument/hover", "textDocument/definition",
    "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
    "textDocument/onTypeFormatting",
  ]
  /// Requests that change no state of the server's, each with its rank: of the ones
  /// that lead the queue, the highest-ranked goes first (urgent ones, then the cheap
  /// whole-document ones: folding before symbols).
  static let deferrableRanks: [String: Int] = [
    "textDocument/foldingRange": 2, "textDocument/inlayHint": 2,
    "textDocument/documentSymbol": 1, "textDocument/codeAction": 1, "codeAction/resolve": 1,
    "textDocument/formatting": 1, "textDocument/rangeFormatting": 1, "workspace/symbol": 0,
    "textDocument/diagnostic": 1,
  ]

  static func rank(_ method: String?) -> Int? {
    guard let method else { return nil }
    return urgentMethods.contains(method) ? 3 : deferrableRanks[method]
  }

  /// How far ahead an urgent request is looked for.
  static let reorderWindow = 32

  /// Handles the bodies that arrived and returns the answers to send, in the order
  /// they were made (none when `emit` writes them).
  public func receive(_ bodies: consuming [[UInt8]]) -> [[UInt8]] {
    enqueue(bodies)
    // The bodies are parsed: let them go before handling (a didOpen can be megabytes).
    bodies = []
    while let next = takeNext() { handle(queued: next) }
    defer { collected.removeAll() }
    return collected
  }

  /// Parses bodies into the queue; a `$/cancelRequest` marks its request at once.
  func enqueue(_ bodies: [[UInt8]]) {
    if queueHead > 1024, queueHead * 2 > queue.count {
      queue.removeFirst(queueHead)
      queueHead = 0
    }
    for body in bodies {
      switch Self.parse(body) {
      case .reply(let error): queue.append(QueuedMessage(message: nil, reply: error.serialized))
      case .message(let value):
        let method = value["method"]?.stringValue
        if method == "$/cancelRequest", let id = value["params"]?["id"] {
          // Only a request still to answer can be cancelled: one answered already is
          // forgotten, so the set stays as small as the queue.
          let key = Self.key(of: id)
          if queuedKeys.contains(key) || handling.contains(key) { cancelled.insert(key) }
          continue
        }
        var queued = QueuedMessage(message: value, method: method)
        if let id = value["id"], method != nil {
          queued.key = Self.key(of: id)
          queuedKeys.insert(Self.key(of: id))
        }
        queue.append(queued)
      }
    }
  }

  /// The next message to handle: the first, or an urgent request among the read-only
  /// requests that lead the queue.
  func takeNext() -> QueuedMessage? {
    guard queueHead < queue.count else { return nil }
    var chosen = queueHead
    if Self.rank(queue[queueHead].method) != nil, queue[queueHead].key != nil {
      chosen = bestIndex(from: queueHead, minimumRank: 0) ?? queueHead
    }
    return take(at: chosen)
  }

  /// Takes the queued message at an index.
  private func take(at chosen: Int) -> QueuedMessage {
    let next = queue[chosen]
    if chosen == queueHead {
      queue[queueHead] = QueuedMessage()
      queueHead += 1
    } else {
      queue.remove(at: chosen)
    }
    if let key = next.key { queuedKeys.remove(key) }
    return next
  }

  /// The index of the highest-ranked request (the first of that rank) from `start` on,
  /// passing only over requests that change nothing; `nil` when none ranks at least
  /// `minimumRank`.
  private func bestIndex(from start: Int, minimumRank: Int) -> Int? {
    var best: (index: Int, rank: Int)?
    var index = start
    while index < queue.count, index - start < Self.reorderWindow, queue[index].key != nil,
      let rank = Self.rank(queue[index].method)
    {
      if rank >= minimumRank, rank > (best?.rank ?? -1) { best = (index, rank) }
      index += 1
    }
    return best?.index
  }

  /// Handles one queued message and sends what it produced.
  private func handle(queued: QueuedMessage) {
    // Nothing is handled after `exit`.
    guard exitStatus == nil else { return }
    guard let message = queued.message else { return send(queued.reply) }
    if let key = queued.key, cancelled.remove(key) != nil {
      return send(
        Self.error(id: message["id"], code: ErrorCode.requestCancelled, message: "cancelled")
          .serialized)
    }
    if let key = queued.key { handling.append(key) }
    let answers = handle(message)
    if let key = queued.key {
      handling.removeLast()
      cancelled.remove(key)
    }
    for answer in answers { send(answer.serialized) }
  }

  private func send(_ body: [UInt8]) {
    if let emit { emit(body) } else { collected.append(body) }
  }

  /// Called by long handlers between steps: takes what arrived meanwhile, answers
  /// urgent requests at the front of the queue, and ends the request being handled
  /// when it was cancelled.
  func checkpoint() throws(ResponseError) {
    if let pollInput {
      let bodies = pollInput()
      if !bodies.isEmpty { enqueue(bodies) }
    }
    if let key = handling.last, cancelled.contains(key) {
      throw ResponseError(ErrorCode.requestCancelled, "cancelled")
    }
    // Only urgent requests with no change ahead of them in the queue; they never reach
    // a checkpoint themselves.
    while handling.count == 1, let index = bestIndex(from: queueHead, minimumRank: 3) {
      handle(queued: take(at: index))
    }
  }

  /// How many steps (items, rows, files) a long handler takes between checkpoints.
  static let checkpointInterval = 2048
}
