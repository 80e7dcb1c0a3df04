import ChecklistKit
import ChkWorkspace

/// `initialize` and the open documents: what the server holds of each buffer.
extension LanguageServer {
  func initialize(_ params: JSONValue) -> Result<JSONValue, ResponseError> {
    guard state == .waitingForInitialize else {
      return .failure(ResponseError(ErrorCode.invalidRequest, "'initialize' was already sent"))
    }
    guard params.isObject else { return .failure(.invalidParams("'initialize' needs params")) }
    let capabilities = params["capabilities"] ?? .null
    // UTF-8 when the client offers it (no conversion at all); UTF-16 otherwise, which
    // every client must take.
    let offered = capabilities["general"]?["positionEncodings"]?.arrayValue ?? []
    encoding = offered.contains(.string("utf-8")) ? .utf8 : .utf16
    clientPullsDiagnostics = capabilities["textDocument"]?["diagnostic"]?.isObject ?? false
    clientTakesDocumentChanges =
      capabilities["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
    clientResolvesEdits =
      capabilities["textDocument"]?["codeAction"]?["resolveSupport"]?["properties"]?.arrayValue?
      .contains("edit") ?? false
    var roots: [String] = []
    for folder in params["workspaceFolders"]?.arrayValue ?? [] {
      if let uri = folder["uri"]?.stringValue, let path = FileURI.path(of: uri) {
        roots.append(path)
      }
    }
    if roots.isEmpty, let uri = params["rootUri"]?.stringValue, let path = FileURI.path(of: uri) {
      roots.append(path)
    }
    if roots.isEmpty, let path = params["rootPath"]?.stringValue, path.hasPrefix("/") {
      roots.append(path)
    }
    workspaceRoots = roots
    state = .running
    var provides: [(String, JSONValue)] = [
      ("positionEncoding", .string(encoding.rawValue)),
      // Full and incremental changes; open and close; saves (for `.chk.json`).
      ("textDocumentSync", ["openClose": true, "change": 2, "save": true]),
      ("documentFormattingProvider", true),
      ("documentRangeFormattingProvider", true),
      (
        "codeActionProvider",
        [
          "codeActionKinds": [
            "quickfix", "refactor.rewrite", "source.fixAll.chk", "source.archive.chk",
          ],
          "resolveProvider": true,
        ]
      ),
      (
        "completionProvider",
        ["triggerCharacters": ["@", "(", "["], "resolveProvider": false]
      ),
      ("documentSymbolProvider", true),
      ("foldingRangeProvider", true),
      ("hoverProvider", true),
      ("inlayHintProvider", true),
      ("definitionProvider", true),
      ("referencesProvider", true),
      ("workspaceSymbolProvider", true),
    ]
    if clientPullsDiagnostics {
      provides.append(
        (
          "diagnosticProvider",
          ["identifier": "chk", "interFileDependencies": false, "workspaceDiagnostics": false]
        ))
    }
    return .success([
      "capabilities": .object(provides),
      "serverInfo": ["name": "chk", "version": .string(ChkVersion.current)],
    ])
  }

  func didOpen(_ params: JSONValue) {
    guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
      let text = item["text"]?.stringValue
    else { return environment.log("didOpen without a text document") }
    // The text's UTF-8 view is copied once; the message is dropped by the caller.
    var document = OpenDocument(uri: uri, text: Array(text.utf8))
    document.version = item["version"]?.intValue ?? 0
    document.languageID = item["languageId"]?.stringValue ?? "markdown"
    documents[uri] = document
    diagnosticsChanged(uri)
  }

  func didChange(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri]
    else { return environment.log("didChange for a document that is not open") }
    // Take the document out so that its buffer is changed in place, not copied.
    documents[uri] = nil
    for change in params["contentChanges"]?.arrayValue ?? [] {
      guard let text = change["text"]?.stringValue else { continue }
      if let range = change["range"], let first = Self.position(range["start"]),
        let second = Self.position(range["end"])
      {
        let (start, end) = Self.ordered(first, second)
        let lower = document.buffer.offset(of: start, encoding)
        let upper = max(lower, document.buffer.offset(of: end, encoding))
        document.replace(lower..<upper, with: Array(text.utf8))
      } else {
        document.replaceAll(with: Array(text.utf8))
      }
    }
    document.version = params["textDocument"]?["version"]?.intValue ?? document.version
    documents[uri] = document
    diagnosticsChanged(uri)
  }

  func didClose(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
    documents[uri] = nil
    pendingDiagnostics.removeAll { $0 == uri }
    // Clear what was shown for it.
    if !clientPullsDiagnostics {
      outgoing.append(
        Self.notification(
          "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
    }
  }

  func didSave(_ params: JSONValue) {
    // A saved `.chk.json` changes the rules of every open document.
    guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
    workspaceIndex = nil
    guard uri.hasSuffix("/.chk.json") else { return }
    configurations = ConfigurationCache()
    forgetFindings()
    for open in documents.keys.sorted() { diagnosticsChanged(open) }
  }

  /// Two positions, the earlier first: a range may come reversed.
  static func ordered(_ a: Position, _ b: Position) -> (Position, Position) {
    (a.line, a.character) <= (b.line, b.character) ? (a, b) : (b, a)
  }

  static func position(_ value: JSONValue?) -> Position? {
    guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    return Position(line: line, character: character)
  }

  func json(_ position: Position) -> JSONValue {
    ["line": .int(position.line), "character": .int(position.character)]
  }

  /// An LSP range from byte offsets of a document.
  func range(_ bytes: Range<Int>, in document: OpenDocument) -> JSONValue {
    [
      "start": json(document.buffer.position(ofOffset: bytes.lowerBound, encoding)),
      "end": json(document.buffer.position(ofOffset: bytes.upperBound, encoding)),
    ]
  }

  /// The open document a request's `textDocument.uri` names.
  func document(_ params: JSONValue) -> Result<OpenDocument, ResponseError> {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      return .failure(.invalidParams("textDocument.uri is missing"))
    }
    guard let document = documents[uri] else {
      return .failure(ResponseError(ErrorCode.invalidParams, "'\(uri)' is not open"))
    }
    return .success(document)
  }
}
