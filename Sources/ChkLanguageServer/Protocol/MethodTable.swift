import ChecklistKit
import ChkWorkspace

/// Every method the server takes, in one table: each request's handler (its params
/// decoded into a typed struct first) and the capability `initialize` advertises for
/// it, so that what is dispatched and what is advertised cannot drift apart.
extension LanguageServer {
  /// A request the server answers.
  struct RequestMethod: Sendable {
    typealias Handler = @Sendable (LanguageServer, JSONValue) throws(ResponseError) -> JSONValue
    typealias Capability = @Sendable (LanguageServer) -> (String, JSONValue)?

    let name: String
    /// The `ServerCapabilities` member that announces it; `nil` for none (`shutdown`).
    let capability: Capability?
    let handle: Handler

    init(_ name: String, capability: Capability? = nil, _ handle: @escaping Handler) {
      self.name = name
      self.capability = capability
      self.handle = handle
    }

    /// A request announced by a `true` capability.
    init(_ name: String, provider: String, _ handle: @escaping Handler) {
      self.init(name, announcing: provider, true, handle)
    }

    /// A request announced by a capability with options.
    init(_ name: String, announcing key: String, _ value: JSONValue, _ handle: @escaping Handler) {
      self.init(name, capability: { _ in (key, value) }, handle)
    }
  }

  /// A notification the server takes.
  struct NotificationMethod: Sendable {
    let name: String
    /// The `ServerCapabilities` member that announces it, if any.
    let capability: RequestMethod.Capability?
    let handle: @Sendable (LanguageServer, JSONValue) -> Void

    /// A notification that nothing announces (or that needs nothing done).
    init(
      _ name: String,
      _ handle: @escaping @Sendable (LanguageServer, JSONValue) -> Void = { _, _ in }
    ) {
      self.name = name
      capability = nil
      self.handle = handle
    }

    /// A notification announced by `capability`.
    init(
      _ name: String, capability: @escaping RequestMethod.Capability,
      _ handle: @escaping @Sendable (LanguageServer, JSONValue) -> Void
    ) {
      self.name = name
      self.capability = capability
      self.handle = handle
    }
  }

  /// The requests, in the order `initialize` lists their capabilities.
  static let requestMethods: [RequestMethod] = [
    RequestMethod("shutdown") { server, _ throws(ResponseError) in
      server.state = .shutDown
      return .null
    },
    RequestMethod("textDocument/formatting", provider: "documentFormattingProvider") {
      server, params throws(ResponseError) in
      try server.formatting(DocumentParams(params, in: server).document, range: nil)
    },
    RequestMethod("textDocument/rangeFormatting", provider: "documentRangeFormattingProvider") {
      server, params throws(ResponseError) in
      let request = try RangeParams(params, in: server)
      return try server.formatting(request.document, range: (request.start, request.end))
    },
    RequestMethod(
      "textDocument/codeAction", announcing: "codeActionProvider",
      ["codeActionKinds": .array(CodeActionKind.all.map { .string($0) }), "resolveProvider": true]
    ) { server, params throws(ResponseError) in
      try server.codeActions(RangeParams(params, in: server))
    },
    RequestMethod("codeAction/resolve") { server, params throws(ResponseError) in
      try server.resolveCodeAction(params)
    },
    RequestMethod(
      "textDocument/completion", announcing: "completionProvider",
      ["triggerCharacters": ["@", "(", "["], "resolveProvider": false]
    ) { server, params throws(ResponseError) in
      try server.completion(PositionParams(params, in: server))
    },
    RequestMethod("textDocument/documentSymbol", provider: "documentSymbolProvider") {
      server, params throws(ResponseError) in
      try server.documentSymbols(DocumentParams(params, in: server))
    },
    RequestMethod("textDocument/foldingRange", provider: "foldingRangeProvider") {
      server, params throws(ResponseError) in
      try server.foldingRanges(DocumentParams(params, in: server))
    },
    RequestMethod("textDocument/hover", provider: "hoverProvider") {
      server, params throws(ResponseError) in
      try server.hover(PositionParams(params, in: server))
    },
    RequestMethod("textDocument/inlayHint", provider: "inlayHintProvider") {
      server, params throws(ResponseError) in
      try server.inlayHints(RangeParams(params, in: server))
    },
    RequestMethod("textDocument/definition", provider: "definitionProvider") {
      server, params throws(ResponseError) in
      try server.definition(PositionParams(params, in: server))
    },
    RequestMethod("textDocument/references", provider: "referencesProvider") {
      server, params throws(ResponseError) in
      try server.references(PositionParams(params, in: server))
    },
    RequestMethod(
      "textDocument/rename", announcing: "renameProvider", ["prepareProvider": true]
    ) { server, params throws(ResponseError) in
      try server.rename(PositionParams(params, in: server))
    },
    RequestMethod("textDocument/prepareRename") { server, params throws(ResponseError) in
      try server.prepareRename(PositionParams(params, in: server))
    },
    RequestMethod(
      "textDocument/onTypeFormatting", announcing: "documentOnTypeFormattingProvider",
      ["firstTriggerCharacter": "\n"]
    ) { server, params throws(ResponseError) in
      try server.onTypeFormatting(PositionParams(params, in: server))
    },
    RequestMethod("workspace/symbol", provider: "workspaceSymbolProvider") {
      server, params throws(ResponseError) in
      try server.workspaceSymbols(params)
    },
    // Pulled diagnostics are announced only to clients that pull them; the others get
    // them pushed.
    RequestMethod(
      "textDocument/diagnostic",
      capability: { server in
        server.clientPullsDiagnostics
          ? (
            "diagnosticProvider",
            ["identifier": "chk", "interFileDependencies": false, "workspaceDiagnostics": false]
          ) : nil
      },
      { server, params throws(ResponseError) in
        try server.pullDiagnostics(DocumentParams(params, in: server))
      }),
  ]

  /// The notifications.
  static let notificationMethods: [NotificationMethod] = [
    NotificationMethod("initialized"),
    NotificationMethod("$/cancelRequest"),
    NotificationMethod("$/setTrace"),
    NotificationMethod("workspace/didChangeConfiguration") { server, params in
      server.configure(params["settings"])
    },
    // Full and incremental changes; open and close; saves (for `.chk.json`).
    NotificationMethod(
      "textDocument/didOpen",
      capability: { _ in ("textDocumentSync", ["openClose": true, "change": 2, "save": true]) },
      { server, params in server.didOpen(params) }),
    NotificationMethod("textDocument/didChange") { server, params in server.didChange(params) },
    NotificationMethod("textDocument/didClose") { server, params in server.didClose(params) },
    NotificationMethod("textDocument/didSave") { server, params in server.didSave(params) },
    NotificationMethod("workspace/didChangeWatchedFiles") { server, _ in
      server.filesChanged()
    },
  ]

  static let requestsByName = Dictionary(
    requestMethods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  static let notificationsByName = Dictionary(
    notificationMethods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// What `initialize` advertises: the capability of every method that has one.
  var advertisedCapabilities: [(String, JSONValue)] {
    (Self.notificationMethods.compactMap(\.capability)
      + Self.requestMethods.compactMap(\.capability))
      .compactMap { $0(self) }
  }
}

/// The code action kinds the server offers, as `initialize` announces them: each action
/// a person may bind to a key has its own kind under the standard hierarchy (an editor
/// asking for `refactor.rewrite` still gets them all).
enum CodeActionKind {
  static let quickFix = "quickfix"
  /// "Disable RULE for this line".
  static let disable = "quickfix.disable"
  static let check = "refactor.rewrite.check"
  static let uncheck = "refactor.rewrite.uncheck"
  static let toggle = "refactor.rewrite.toggle"
  static let giveIDs = "refactor.rewrite.id"
  static let postpone = "refactor.rewrite.postpone"
  /// A plain list line to an item and back.
  static let convert = "refactor.rewrite.item"
  /// The actions of a whole list, on its heading.
  static let list = "refactor.rewrite.list"
  static let fixAll = "source.fixAll.chk"
  static let archive = "source.archive.chk"
  static let all = [
    quickFix, disable, check, uncheck, toggle, giveIDs, postpone, convert, list, fixAll,
    archive,
  ]
}
