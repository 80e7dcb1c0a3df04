import ChecklistKit
import ChkWorkspace

/// `initialize` and the open documents: what the server holds of each buffer.
extension LanguageServer {
  func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    guard state == .waitingForInitialize else {
      throw ResponseError(ErrorCode.invalidRequest, "'initialize' was already sent")
    }
    guard params.isObject else { throw .invalidParams("'initialize' needs params") }
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
    configure(params["initializationOptions"])
    state = .running
    // The position encoding, then what the method table announces.
    let provides =
      [("positionEncoding", JSONValue.string(encoding.rawValue))] + advertisedCapabilities
    return [
      "capabilities": .object(provides),
      "serverInfo": ["name": "chk", "version": .string(ChkVersion.current)],
    ]
  }

  func didOpen(_ params: JSONValue) {
    guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
      let text = item["text"]?.stringValue
    else { return environment.log("didOpen without a text document") }
    // The text's UTF-8 view is copied once; the message is dropped by the caller.
    var document = OpenDocument(uri: uri, text: Array(text.utf8))
    document.version = item["version"]?.intValue ?? 0
    document.languageID = item["languageId"]?.stringValue ?? "markdown"
    if let path = FileURI.path(of: uri),
      case .obsidianTasks(let settings, _)? = try? configurations.dialect(
        for: SystemPath.directory(of: path))
    {
      document.vaultSettings = settings
      environment.log("\(path): in the Obsidian Tasks format: only check, uncheck and toggle")
    }
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
      if let range = change["range"], let first = Position(json: range["start"]),
        let second = Position(json: range["end"])
      {
        let (start, end) = Position.ordered(first, second)
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
    if pendingSet.remove(uri) != nil { pendingDiagnostics.removeAll { $0 == uri } }
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
    configurations = ConfigurationCache(home: environment.workspace.variables["HOME"])
    forgetFindings()
    for open in documents.keys.sorted() { diagnosticsChanged(open) }
  }

  /// Takes the server's settings: `initializationOptions`, or the `chk` member of
  /// `workspace/didChangeConfiguration`'s settings (either `{"dueHints": ...}` or
  /// `{"chk": {"dueHints": ...}}`). Unknown values are logged and ignored.
  func configure(_ settings: JSONValue?) {
    guard let settings, settings.isObject else { return }
    let own = settings["chk"]?.isObject == true ? settings["chk"] : settings
    guard let value = own?["dueHints"] else { return }
    guard let mode = value.stringValue.flatMap(DueHints.init) else {
      return environment.log("ignored dueHints: expected \"inlay\", \"diagnostic\" or \"off\"")
    }
    dueHints = mode
    for uri in documents.keys.sorted() { diagnosticsChanged(uri) }
  }

  /// An LSP range from byte offsets of a document.
  func range(_ bytes: Range<Int>, in document: OpenDocument) -> JSONValue {
    [
      "start": document.buffer.position(ofOffset: bytes.lowerBound, encoding).json,
      "end": document.buffer.position(ofOffset: bytes.upperBound, encoding).json,
    ]
  }

  /// Files changed on disk (`.chk.json`, the workspace's checklists): what was read
  /// from them is read again.
  func filesChanged() {
    configurations = ConfigurationCache(home: environment.workspace.variables["HOME"])
    forgetFindings()
    workspaceIndex = nil
    for uri in documents.keys.sorted() { diagnosticsChanged(uri) }
  }
}
