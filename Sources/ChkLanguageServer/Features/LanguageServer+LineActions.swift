import ChecklistKit
import ChkWorkspace

/// The code actions of one line or a heading: postponing a due date, turning a plain
/// list line into an item and back, turning a rule off for a line, the quick fixes'
/// titles, and the actions of a whole list (check all, reset, archive, copy).
extension LanguageServer {
  /// "Postpone a day" and "Postpone a week" for the open items with a due date.
  func postponeActions(
    _ items: [(Int, ChecklistItem)], _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> [JSONValue] {
    let due = items.filter { !$0.1.isChecked && $0.1.due != nil }
    guard !due.isEmpty else { return [] }
    let noun = due.count == 1 ? "" : " \(due.count) items"
    return [(1, "a day"), (7, "a week")].compactMap { days, words in
      edit(document, parsedDocument) { copy throws(EditError) in
        for (line, item) in due {
          guard let moment = item.due, let day = moment.day.adding(days: days) else { continue }
          try copy.setDue(DueMoment(day: day, time: moment.time), of: .line(line))
        }
      }.map { action("Postpone\(noun) \(words)", kind: CodeActionKind.postpone, edit: $0) }
    }
  }

  /// "Make it an item" for plain list lines (`- text`), "Make it a plain line" for
  /// items: the box put in after the marker, or taken out.
  func conversionActions(
    firstLine: Int, lastLine: Int, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> [JSONValue] {
    var toItems: [(Int, Int)] = []  // (line, offset of the text after the marker)
    var toPlain: [Range<Int>] = []  // the box and the blank after it
    for line in firstLine...min(lastLine, firstLine + Self.maximumSelectedItems) {
      let range = document.lineRange(line)
      guard let text = Self.afterListMarker(document.bytes[range]) else { continue }
      if parsedDocument.item(at: .line(line)) != nil {
        toPlain.append(text..<min(range.upperBound, text + 4))
      } else if !document.bytes[text..<range.upperBound].starts(with: Array("[".utf8)) {
        toItems.append((line, text))
      }
    }
    var actions: [JSONValue] = []
    if !toItems.isEmpty {
      var new = document.bytes
      for (_, offset) in toItems.reversed() {
        new.insert(contentsOf: Array("[ ] ".utf8), at: offset)
      }
      // Offered only where each line then reads as an item (not in a fence, a quote
      // of code, an HTML block).
      if let parsedNew = try? ChecklistDocument(parsing: new),
        toItems.allSatisfy({ parsedNew.item(at: .line($0.0)) != nil })
      {
        let title = toItems.count == 1 ? "Make it an item" : "Make \(toItems.count) lines items"
        actions.append(
          action(title, kind: CodeActionKind.convert, edit: workspaceEdit(document, new)))
      }
    }
    if !toPlain.isEmpty {
      var new = document.bytes
      for range in toPlain.reversed() { new.removeSubrange(range) }
      let title =
        toPlain.count == 1 ? "Make it a plain line" : "Make \(toPlain.count) items plain lines"
      actions.append(
        action(title, kind: CodeActionKind.convert, edit: workspaceEdit(document, new)))
    }
    return actions
  }

  /// The offset of what follows a list marker and one blank (`- `, `* `, `+ `, `1. `,
  /// `1) `), after the indentation; `nil` when the line does not start so.
  static func afterListMarker(_ bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
    var end = index
    while end < bytes.endIndex, end - index < 9,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
    {
      end += 1
    }
    if end == index {
      guard end < bytes.endIndex,
        [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[end])
      else { return nil }
    } else {
      guard end < bytes.endIndex, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")
      else { return nil }
    }
    end += 1
    guard end < bytes.endIndex, bytes[end] == UInt8(ascii: " ") else { return nil }
    return end + 1
  }

  /// "Disable RULE for this line": the comment the linter reads, on its own line
  /// above. Above an item that follows another item's lines, the comment goes at the
  /// item's text column, inside the item above: at its own indentation an HTML comment
  /// would end the list, and GitHub would show two lists where there was one.
  func disableAction(
    _ finding: Diagnostic, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> JSONValue {
    let line = document.lineRange(finding.line)
    let start = document.buffer.lineStarts[finding.line - 1]
    var indentation = String(
      decoding: document.bytes[line].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") },
      as: UTF8.self)
    // The last line with text above (an item's lines end before the blank ones).
    var previous = finding.line - 1
    while previous >= 1,
      document.bytes[document.lineRange(previous)].allSatisfy({
        $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
      })
    {
      previous -= 1
    }
    if parsedDocument.itemFields(atLine: finding.line) != nil,
      let text = Self.afterListMarker(document.bytes[line]),
      let above = nearestItem(above: finding.line, parsedDocument),
      let owned = parsedDocument.lines(ownedBy: .line(above)), owned.contains(previous)
    {
      indentation = String(repeating: " ", count: text - line.lowerBound)
    }
    let lineBreak = document.bytes[line.upperBound...].starts(with: [13, 10]) ? "\r\n" : "\n"
    let comment =
      indentation + "<!-- chk-disable-next-line " + finding.rule.name + " -->" + lineBreak
    let edits: JSONValue = [
      ["range": range(start..<start, in: document), "newText": .string(comment)]
    ]
    return action(
      "Disable \(finding.rule.name) for this line", kind: CodeActionKind.disable,
      edit: wrap(edits, document))
  }

  /// The nearest item line above `line`, looking back at most 100 lines.
  private func nearestItem(above line: Int, _ parsedDocument: ChecklistDocument) -> Int? {
    var candidate = line - 1
    while candidate >= max(1, line - 100) {
      if parsedDocument.itemFields(atLine: candidate) != nil { return candidate }
      candidate -= 1
    }
    return nil
  }

  /// What a quick fix does to its line, in words.
  func fixTitle(_ finding: Diagnostic, _ document: OpenDocument) -> String {
    let start = document.offset(line: finding.line, column: finding.column)
    let end = max(start, document.offset(line: finding.endLine, column: finding.endColumn))
    let text = String(decoding: document.bytes[start..<end], as: UTF8.self)
    let quoted = text.isEmpty || text.count > 60 ? nil : "'\(text)'"
    switch finding.rule.name {
    case LintRule.tagInName.name:
      return "Move \(quoted ?? "the tag") out of the name"
    case LintRule.doneUnchecked.name:
      return "Remove \(quoted ?? "the @done tag") from the open item"
    case LintRule.duplicateID.name:
      return "Give this item a new ID"
        + (finding.related.map { " (line \($0.line) keeps it)" } ?? "")
    case LintRule.checkboxInText.name:
      return "Escape \(quoted ?? "the box") so that it reads as text"
    case LintRule.missingID.name:
      return "Give the item an ID"
    default:
      return "Fix: \(finding.rule.fixSummary ?? "fix") (\(finding.rule.name))"
    }
  }

  // MARK: - Lists

  /// The actions of a whole list, offered on its heading.
  enum ListAction: String, CaseIterable {
    case checkAll, reset, archive, copy

    func title(_ name: String) -> String {
      switch self {
      case .checkAll: return "Check every item of '\(name)'"
      case .reset: return "Reset '\(name)' (uncheck every item)"
      case .archive: return "Archive the checked items of '\(name)'"
      case .copy: return "Copy '\(name)' below it"
      }
    }
  }

  /// The list actions for a heading on `line` that has items.
  func listActions(
    line: Int, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> [JSONValue] {
    // Only a heading is worth counting the lists' items for.
    guard parsedDocument.listFields(atLine: line) != nil,
      let outline = parsedDocument.listOutlines.first(where: { $0.list.line == line }),
      outline.itemCount > 0, let name = outline.list.name
    else { return [] }
    var wanted: [ListAction] = [.copy]
    if outline.openCount > 0 { wanted.insert(.checkAll, at: 0) }
    if outline.doneCount > 0 {
      wanted.insert(.reset, at: wanted.count - 1)
      if name != "Archive" { wanted.insert(.archive, at: wanted.count - 1) }
    }
    return wanted.compactMap { kind in
      if clientResolvesEdits {
        return [
          "title": .string(kind.title(name)), "kind": .string(CodeActionKind.list),
          "data": [
            "uri": .string(document.uri), "version": .int(document.version),
            "action": .string(kind.rawValue), "line": .int(line),
          ],
        ]
      }
      return listEdit(kind, line: line, document, parsedDocument).map {
        action(kind.title(name), kind: CodeActionKind.list, edit: $0)
      }
    }
  }

  /// The edit of a list action; `nil` when it changes nothing or fails.
  func listEdit(
    _ kind: ListAction, line: Int, _ document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> JSONValue? {
    let today = environment.workspace.today
    return edit(document, parsedDocument) { copy throws(EditError) in
      switch kind {
      case .checkAll:
        guard let list = copy.list(.line(line)) else { throw .listNotFound(.line(line)) }
        let references = list.allItems.filter { !$0.isChecked }.map { ItemReference.line($0.line) }
        _ = try copy.setChecked(references, .init(.check, doneDay: today, today: today))
      case .reset:
        _ = try copy.resetItems(in: .line(line))
      case .archive:
        try copy.archiveCheckedItems(from: .line(line), to: "Archive")
      case .copy:
        let name = copy.listFields(atLine: line)?.name ?? ""
        var copyName = name + " (copy)"
        var number = 2
        while copy.list(named: copyName) != nil {
          copyName = name + " (copy \(number))"
          number += 1
        }
        try copy.copyList(.line(line), as: copyName, after: .line(line))
      }
    }
  }
}
