import ChecklistKit
import ChkWorkspace

/// One checklist file of the workspace: its items, as `workspace/symbol` searches them.
struct WorkspaceFile {
  var path: String
  var items: [(name: String, id: String?, line: Int, isChecked: Bool, list: String?)]
}

/// `workspace/symbol`: items of every checklist file under the workspace folders, found
/// as `chk lint DIR` finds them (git's file list and `.gitignore` in a work tree,
/// `.chk.json` `exclude`), matched by name or ID.
extension LanguageServer {
  /// At most this many symbols per answer.
  static let maximumWorkspaceSymbols = 1_000

  func workspaceSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    let query = (params["query"]?.stringValue ?? "").lowercased()
    // Built whole or not at all: a cancelled request leaves no half index behind.
    if workspaceIndex == nil { workspaceIndex = try indexWorkspace() }
    var symbols: [JSONValue] = []
    // Open documents are searched as the editor has them, not as on disk.
    var openPaths: Set<String> = []
    for uri in documents.keys.sorted() {
      guard let path = FileURI.path(of: uri), case .success(let parsedDocument) = parsed(uri)
      else { continue }
      openPaths.insert(path)
      try checkpoint()
      // Read once per version of the text: a search typed letter by letter reads none.
      let items: WorkspaceFile
      if let cached = documents[uri]?.workspaceItems {
        items = cached
      } else {
        items = try fileItems(path, parsedDocument)
        documents[uri]?.workspaceItems = items
      }
      try search(items, query, into: &symbols)
    }
    for file in workspaceIndex ?? [] where !openPaths.contains(file.path) {
      try search(file, query, into: &symbols)
      if symbols.count >= Self.maximumWorkspaceSymbols { break }
    }
    return .array(Array(symbols.prefix(Self.maximumWorkspaceSymbols)))
  }

  /// Adds the file's items that match; a checkpoint every so many items, and one per
  /// file.
  private func search(_ file: WorkspaceFile, _ query: String, into symbols: inout [JSONValue])
    throws(ResponseError)
  {
    try checkpoint()
    let uri = FileURI.uri(of: file.path)
    for (index, item) in file.items.enumerated() {
      guard symbols.count < Self.maximumWorkspaceSymbols else { return }
      if index > 0, index % Self.checkpointInterval == 0 { try checkpoint() }
      guard
        query.isEmpty || item.name.lowercased().contains(query)
          || (item.id.map { $0.lowercased().hasPrefix(query) } ?? false)
      else { continue }
      var symbol: [(String, JSONValue)] = [
        ("name", .string(item.name.isEmpty ? "(no name)" : item.name)),
        ("kind", 17),
        (
          "location",
          [
            "uri": .string(uri),
            "range": [
              "start": ["line": .int(item.line - 1), "character": 0],
              "end": ["line": .int(item.line), "character": 0],
            ],
          ]
        ),
      ]
      if let list = item.list { symbol.append(("containerName", .string(list))) }
      if item.isChecked { symbol.append(("tags", [1])) }
      symbols.append(.object(symbol))
    }
  }

  /// The items of a file, from its outline (no item values), with a checkpoint every
  /// `checkpointInterval` rows: a file of 100k items takes tens of milliseconds.
  func fileItems(_ path: String, _ document: ChecklistDocument) throws(ResponseError)
    -> WorkspaceFile
  {
    var file = WorkspaceFile(path: path, items: [])
    var list: String?
    var buffer: [UInt8] = []
    for (index, row) in document.outline.enumerated() {
      if index % Self.checkpointInterval == Self.checkpointInterval - 1 { try checkpoint() }
      guard row.kind == .item else {
        list = document.listFields(atLine: row.line)?.name
        continue
      }
      buffer.removeAll(keepingCapacity: true)
      guard let fields = document.appendItemLine(atLine: row.line, to: &buffer) else { continue }
      let name = String(decoding: buffer[fields.name], as: UTF8.self)
      let id = fields.id.map { String(decoding: buffer[$0], as: UTF8.self) }
      file.items.append((name, id, row.line, fields.isChecked, list))
    }
    return file
  }

  /// Every checklist file under the workspace roots, read and parsed, with a checkpoint
  /// before each file.
  private func indexWorkspace() throws(ResponseError) -> [WorkspaceFile] {
    var files: [WorkspaceFile] = []
    var configurations = ConfigurationCache(home: environment.workspace.variables["HOME"])
    for root in workspaceRoots {
      let expansion = FileWalker.expand(
        [root], relativeTo: "/",
        options: FileWalker.Options(environment: environment.workspace.variables),
        configurations: &configurations)
      for entry in expansion.files {
        try checkpoint()
        guard let bytes = try? ChecklistFile.read(entry.path.absolute),
          let document = try? ChecklistDocument(parsing: bytes), entry.counts(document)
        else { continue }
        files.append(try fileItems(entry.path.absolute, document))
      }
    }
    return files
  }
}
