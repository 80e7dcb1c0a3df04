import ChecklistKit
import ChkWorkspace

/// Formatting and code actions: each a minimal set of text edits, computed from the
/// buffer and ChecklistKit's result; the server never writes a file.
extension LanguageServer {
  /// The text edits that turn `old` into `new`: one per run of changed lines, never the
  /// whole document when a line changed. A change confined to one stretch (an item
  /// checked, an ID given) is found by comparing from both ends, at memcmp's speed; a
  /// change spread over the file is diffed line by line.
  func textEdits(from old: [UInt8], to new: [UInt8], in document: OpenDocument) -> [JSONValue] {
    let (prefix, suffix) = LineDiff.commonEnds(old, new)
    // Whole lines: back to the start of the first changed line, on to the end of the last.
    let start = document.buffer.lineStarts[document.buffer.line(ofOffset: prefix)]
    var oldEnd = old.count - suffix
    if oldEnd > start {
      let lastLine = document.buffer.line(ofOffset: oldEnd - 1)
      oldEnd =
        lastLine + 1 < document.buffer.lineCount
        ? document.buffer.lineStarts[lastLine + 1] : old.count
    }
    let newEnd = new.count - (old.count - oldEnd)
    let changes: [LineDiff.Change]
    if oldEnd - start <= Self.singleStretch, newEnd >= start {
      changes = [LineDiff.Change(old: start..<oldEnd, new: start..<newEnd)]
    } else {
      changes = LineDiff.changes(from: old, to: new)
    }
    return changes.map { change in
      [
        "range": range(change.old, in: document),
        "newText": .string(String(decoding: new[change.new], as: UTF8.self)),
      ]
    }
  }

  /// Up to this many bytes of changed lines go in one edit.
  static let singleStretch = 1 << 14

  /// `textDocument/formatting`, and `textDocument/rangeFormatting` with the range.
  func formatting(_ document: OpenDocument, range requested: (Position, Position)?)
    throws(ResponseError) -> JSONValue
  {
    if document.isObsidianTasks { return [] }
    guard case .success(let parsedDocument) = parsed(document.uri) else {
      throw ResponseError(
        ErrorCode.requestFailed, "the document cannot be parsed; see its diagnostics")
    }
    // A document without items is not a checklist: formatting it would rewrite a
    // README's headings and blank lines (`chk fmt DIR` skips such files too).
    guard parsedDocument.hasItems else { return [] }
    // Checkpoints in the formatter's rounds and the diff's search: a cancellation stops
    // it, a completion that arrives meanwhile is answered first.
    var stopped: ResponseError?
    func continuing() -> Bool {
      do throws(ResponseError) {
        try checkpoint()
        return true
      } catch {
        stopped = error
        return false
      }
    }
    guard let formatted = ChecklistFormatter().format(parsedDocument, continuing: continuing),
      var changes = LineDiff.changes(
        from: document.bytes, to: formatted, continuing: continuing)
    else {
      throw stopped ?? ResponseError(ErrorCode.requestCancelled, "cancelled")
    }
    if let (start, end) = requested {
      // The changes that touch the lines of the range (a change is whole lines).
      let lower = document.buffer.lineStarts[
        document.buffer.line(ofOffset: document.buffer.offset(of: start, encoding))]
      let upper = document.buffer.offset(of: end, encoding)
      changes = changes.filter { change in
        change.old.isEmpty
          ? change.old.lowerBound >= lower && change.old.lowerBound <= upper
          : change.old.lowerBound <= upper && change.old.upperBound > lower
      }
    }
    return .array(
      changes.map { change in
        [
          "range": range(change.old, in: document),
          "newText": .string(String(decoding: formatted[change.new], as: UTF8.self)),
        ]
      })
  }

  // MARK: - Code actions

  func codeActions(_ params: RangeParams) throws(ResponseError) -> JSONValue {
    let document = params.document
    if let settings = document.vaultSettings { return vaultActions(params, settings) }
    guard case .success(let parsedDocument) = parsed(document.uri) else { return [] }
    let only = params.raw["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
    func wanted(_ kind: String) -> Bool {
      guard let only else { return true }
      return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
    let (from, to) = (params.start, params.end)
    let firstLine = document.buffer.line(ofOffset: document.buffer.offset(of: from, encoding)) + 1
    var lastLine = document.buffer.line(ofOffset: document.buffer.offset(of: to, encoding)) + 1
    // A selection that ends at the start of a line does not take that line.
    if lastLine > firstLine, to.character == 0 { lastLine -= 1 }
    // A buffer without items is no checklist yet: the one action is the way to start
    // one, a plain list line made an item.
    guard parsedDocument.hasItems else {
      guard wanted(CodeActionKind.convert) else { return [] }
      return .array(
        conversionActions(firstLine: firstLine, lastLine: lastLine, document, parsedDocument))
    }
    // Item actions take at most `maximumSelectedItems` items: each edit of an item
    // rewrites the buffer, so a select-all of a large file would take items x bytes.
    var items: [(Int, ChecklistItem)] = []
    for line in firstLine...lastLine {
      guard let item = parsedDocument.item(at: .line(line)) else { continue }
      items.append((line, item))
      if items.count > Self.maximumSelectedItems { break }
    }
    if items.count > Self.maximumSelectedItems { items = [] }
    var actions: [JSONValue] = []
    let today = environment.workspace.today

    if !items.isEmpty {
      let count = items.count
      let noun = count == 1 ? "item" : "\(count) items"
      // Each variant is what `chk check`, `chk uncheck` and `chk toggle` do: an item
      // checked now that has @every and @due comes back. Each has its own kind, so that
      // an editor can bind one of them to a key.
      var variants: [(String, String, ChecklistDocument.CheckChange.Action)] = []
      if items.contains(where: { !$0.1.isChecked }) {
        variants.append(("Check \(noun)", CodeActionKind.check, .check))
      }
      if items.contains(where: { $0.1.isChecked }) {
        variants.append(("Uncheck \(noun)", CodeActionKind.uncheck, .uncheck))
      }
      variants.append(("Toggle \(noun)", CodeActionKind.toggle, .toggle))
      let references = items.map { ItemReference.line($0.0) }
      for (title, kind, boxes) in variants where wanted(kind) {
        let change = ChecklistDocument.CheckChange(boxes, doneDay: today, today: today)
        if let edit = edit(
          document, parsedDocument,
          { copy throws(EditError) in _ = try copy.setChecked(references, change) })
        {
          actions.append(action(title, kind: kind, edit: edit))
        }
      }
      let withoutID = items.filter { $0.1.id == nil }
      if !withoutID.isEmpty, wanted(CodeActionKind.giveIDs),
        let edit = edit(
          document, parsedDocument,
          { copy throws(EditError) in
            for (line, _) in withoutID { _ = try copy.assignID(to: .line(line)) }
          })
      {
        let title =
          withoutID.count == 1 ? "Give the item an ID" : "Give \(withoutID.count) items IDs"
        actions.append(action(title, kind: CodeActionKind.giveIDs, edit: edit))
      }
      if wanted(CodeActionKind.postpone) {
        actions += postponeActions(items, document, parsedDocument)
      }
    }
    if wanted(CodeActionKind.convert) {
      actions += conversionActions(
        firstLine: firstLine, lastLine: lastLine, document, parsedDocument)
    }
    if wanted(CodeActionKind.list) {
      actions += listActions(line: firstLine, document, parsedDocument)
    }

    // Quick fixes for the fixable diagnostics the client sent (or all under the range).
    if wanted(CodeActionKind.quickFix),
      case .success(let configuration) = lintConfiguration(document.uri)
    {
      let linter = ChecklistLinter(configuration: configuration)
      let sent = params.raw["context"]?["diagnostics"]?.arrayValue ?? []
      // Each quick fix lints its copy again: at most `maximumQuickFixes` per request
      // keeps a select-all linear ("fix all" takes the rest).
      let fixable = findings(document.uri, parsedDocument, configuration).filter {
        $0.isFixable && $0.line >= firstLine && $0.line <= lastLine
      }
      for finding in fixable.prefix(Self.maximumQuickFixes) {
        let shown = diagnostic(finding, in: document)
        guard
          let edit = edit(
            document, parsedDocument,
            { copy throws(EditError) in
              _ = try linter.fix(&copy) { $0 == finding }
            })
        else { continue }
        let attached = sent.first { $0["code"] == shown["code"] && $0["range"] == shown["range"] }
        var members: [(String, JSONValue)] = [
          ("title", .string(fixTitle(finding, document))),
          ("kind", .string(CodeActionKind.quickFix)), ("diagnostics", [attached ?? shown]),
          ("isPreferred", true),
          ("edit", edit),
        ]
        if attached == nil { members.remove(at: 2) }
        actions.append(.object(members))
      }
    }
    // "Disable RULE for this line", for each finding on the lines (fixable or not).
    if wanted(CodeActionKind.disable),
      case .success(let configuration) = lintConfiguration(document.uri)
    {
      var seen: Set<String> = []
      for finding in findings(document.uri, parsedDocument, configuration)
      where finding.line >= firstLine && finding.line <= lastLine
        && seen.insert("\(finding.line) \(finding.rule.name)").inserted
      {
        actions.append(disableAction(finding, document, parsedDocument))
        if seen.count >= Self.maximumQuickFixes { break }
      }
    }

    // The actions that rewrite lines all over the file: offered when they would do
    // something, and computed when chosen if the client resolves actions.
    if wanted(CodeActionKind.fixAll),
      case .success(let configuration) = lintConfiguration(document.uri),
      findings(document.uri, parsedDocument, configuration).contains(where: \.isFixable),
      let action = wholeFileAction(.fixAll, document, parsedDocument)
    {
      actions.append(action)
    }
    if wanted(CodeActionKind.archive), parsedDocument.doneCount > 0,
      let action = wholeFileAction(.archive, document, parsedDocument)
    {
      actions.append(action)
    }
    return .array(actions)
  }

  /// The code actions that change the whole file.
  enum WholeFileAction: String {
    case fixAll, archive

    var title: String {
      switch self {
      case .fixAll: return "Fix all chk findings"
      case .archive: return "Archive checked items (to \"Archive\")"
      }
    }

    var kind: String {
      switch self {
      case .fixAll: return CodeActionKind.fixAll
      case .archive: return CodeActionKind.archive
      }
    }
  }

  private func wholeFileAction(
    _ kind: WholeFileAction, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> JSONValue? {
    if clientResolvesEdits {
      return [
        "title": .string(kind.title), "kind": .string(kind.kind),
        "data": [
          "uri": .string(document.uri), "version": .int(document.version),
          "action": .string(kind.rawValue),
        ],
      ]
    }
    return wholeFileEdit(kind, document, parsedDocument).map {
      action(kind.title, kind: kind.kind, edit: $0)
    }
  }

  private func wholeFileEdit(
    _ kind: WholeFileAction, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> JSONValue? {
    switch kind {
    case .fixAll:
      guard case .success(let configuration) = lintConfiguration(document.uri) else { return nil }
      return edit(document, parsedDocument) { copy throws(EditError) in
        _ = try ChecklistLinter(configuration: configuration).fix(&copy)
      }
    case .archive:
      return edit(document, parsedDocument) { copy throws(EditError) in
        try copy.archiveCheckedItems(from: nil, to: "Archive")
      }
    }
  }

  /// `codeAction/resolve`: the edit of an action offered without one.
  func resolveCodeAction(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    guard case .object(var members) = params, let data = params["data"],
      let uri = data["uri"]?.stringValue, let name = data["action"]?.stringValue,
      WholeFileAction(rawValue: name) != nil || ListAction(rawValue: name) != nil
    else { throw .invalidParams("not a code action of chk's to resolve") }
    guard let document = documents[uri], case .success(let parsedDocument) = parsed(uri) else {
      throw .invalidParams("'\(uri)' is not open")
    }
    guard data["version"]?.intValue == document.version else {
      throw ResponseError(
        ErrorCode.contentModified, "the document changed since the action was offered")
    }
    let resolved: JSONValue?
    if let kind = WholeFileAction(rawValue: name) {
      resolved = wholeFileEdit(kind, document, parsedDocument)
    } else if let kind = ListAction(rawValue: name), let line = data["line"]?.intValue {
      resolved = listEdit(kind, line: line, document, parsedDocument)
    } else {
      resolved = nil
    }
    guard let edit = resolved else {
      throw ResponseError(ErrorCode.requestFailed, "the action has nothing left to do")
    }
    members.removeAll { $0.0 == "edit" }
    members.append(("edit", edit))
    return .object(members)
  }

  /// How many quick fixes one code-action request returns at most.
  static let maximumQuickFixes = 20
  /// How many items a selection may hold for check, uncheck, toggle and ID actions
  /// (`chk check` takes more).
  static let maximumSelectedItems = 200

  func action(_ title: String, kind: String, edit: JSONValue) -> JSONValue {
    ["title": .string(title), "kind": .string(kind), "edit": edit]
  }

  /// A workspace edit for a change to a copy of the parsed document; `nil` when the
  /// change fails or changes nothing.
  func edit(
    _ document: OpenDocument, _ parsedDocument: ChecklistDocument,
    _ change: (inout ChecklistDocument) throws(EditError) -> Void
  ) -> JSONValue? {
    var copy = parsedDocument
    do {
      try change(&copy)
    } catch {
      environment.log("code action not offered: \(error.message)")
      return nil
    }
    let new = copy.serialized()
    guard new != document.bytes else { return nil }
    return workspaceEdit(document, new)
  }

  /// A workspace edit that turns the document's text into `new`.
  func workspaceEdit(_ document: OpenDocument, _ new: [UInt8]) -> JSONValue {
    wrap(.array(textEdits(from: document.bytes, to: new, in: document)), document)
  }

  /// Text edits of the document as a workspace edit, versioned when the client takes
  /// `documentChanges`.
  func wrap(_ edits: JSONValue, _ document: OpenDocument) -> JSONValue {
    if clientTakesDocumentChanges {
      return [
        "documentChanges": [
          [
            "textDocument": ["uri": .string(document.uri), "version": .int(document.version)],
            "edits": edits,
          ]
        ]
      ]
    }
    return ["changes": .object([(document.uri, edits)])]
  }
}
