import ChecklistKit
import ChkWorkspace

/// Symbols, folding, hover, inlay hints, and `@id` definitions and references.
extension LanguageServer {
  /// The parse of a request's document, or an empty answer for a document that is not
  /// a checklist (or does not parse).
  private func checklist(_ document: OpenDocument) -> (OpenDocument, ChecklistDocument)? {
    guard case .success(let parsedDocument) = parsed(document.uri), parsedDocument.hasItems else {
      return nil
    }
    return (document, parsedDocument)
  }

  /// The 1-based last line of a list of the outline: the line before the next heading,
  /// blank lines at its end left out.
  private func lastLine(of row: OutlineRow, in document: OpenDocument) -> Int {
    let first = max(1, row.line)
    var last = row.lastLine
    while last > first, document.lineRange(last).isEmpty { last -= 1 }
    return last
  }

  /// Writes an LSP range of byte offsets.
  func writeRange(_ bytes: Range<Int>, in document: OpenDocument, to writer: inout JSONWriter) {
    let start = document.buffer.position(ofOffset: bytes.lowerBound, encoding)
    let end = document.buffer.position(ofOffset: bytes.upperBound, encoding)
    writer.beginObject()
    for (name, position) in [("start", start), ("end", end)] {
      writer.key(name)
      writer.beginObject()
      writer.field("line", position.line)
      writer.field("character", position.character)
      writer.endObject()
    }
    writer.endObject()
  }

  /// In a document of more than this many items, symbols list at most this many items
  /// in all, and at most `symbolItemsPerList` of each list (each list's detail says how
  /// many are left out): an outline of 100,000 items helps no one and costs the editor
  /// seconds.
  static let symbolItemLimit = 5000
  static let symbolItemsPerList = 200

  /// The lists, their items and sub-items as a tree, written straight to JSON from the
  /// outline (only the items listed are decoded), once per version of the text.
  func documentSymbols(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    if let cached = document.symbols { return cached }
    let rows = outline(document, parsedDocument)
    // Each list's counts, first: a list's detail comes before its items.
    var counts: [(open: Int, total: Int)] = []
    for row in rows {
      if row.kind == .list {
        counts.append((0, 0))
      } else {
        counts[counts.count - 1].total += 1
        if !row.isChecked { counts[counts.count - 1].open += 1 }
      }
    }
    let itemCount = rows.count - counts.count
    var budget = itemCount > Self.symbolItemLimit ? Self.symbolItemLimit : itemCount
    let perList = itemCount > Self.symbolItemLimit ? Self.symbolItemsPerList : itemCount
    var writer = JSONWriter()
    func begin(name: String, detail: String, kind: Int, lines: (Int, Int)) {
      writer.beginObject()
      writer.field("name", name)
      writer.field("detail", detail)
      writer.field("kind", kind)
      writer.key("range")
      writeRange(
        document.lineRange(lines.0).lowerBound..<document.lineRange(lines.1).upperBound,
        in: document, to: &writer)
      writer.key("selectionRange")
      writeRange(document.lineRange(lines.0), in: document, to: &writer)
      writer.key("children")
      writer.beginArray()
    }
    func end() {
      writer.endArray()
      writer.endObject()
    }
    // The levels of the items whose children are being written.
    var open: [Int] = []
    var listIndex = -1
    var shownInList = 0
    var limit = 0
    writer.beginArray()
    for (index, row) in rows.enumerated() {
      if index % Self.checkpointInterval == 0 { try checkpoint() }
      if row.kind == .list {
        while !open.isEmpty {
          open.removeLast()
          end()
        }
        if listIndex >= 0 { end() }
        listIndex += 1
        let (left, total) = counts[listIndex]
        limit = min(total, perList, budget)
        budget -= limit
        shownInList = 0
        let first = max(1, row.line)
        let name = parsedDocument.listFields(atLine: row.line)?.name
        var detail = ItemList.Outline.progress(open: left, total: total) ?? ""
        if limit == 0, total > 0 {
          detail += "; items not listed (the file has over \(Self.symbolItemLimit))"
        } else if limit < total {
          detail += "; the first \(limit) listed"
        }
        begin(
          name: name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)", detail: detail,
          kind: 3, lines: (first, max(first, lastLine(of: row, in: document))))
        continue
      }
      guard shownInList < limit, let item = parsedDocument.itemFields(atLine: row.line) else {
        continue
      }
      shownInList += 1
      while let level = open.last, level >= row.level {
        open.removeLast()
        end()
      }
      var detail = item.isChecked ? "done" : "open"
      if let done = item.doneDate { detail += " " + done.description }
      if let due = item.dueDate { detail += ", due " + due.description }
      if let id = item.id { detail += ", @id(\(id))" }
      begin(
        name: item.name.isEmpty ? "(no name)" : item.name, detail: detail, kind: 17,
        lines: (row.line, row.lastLine))
      open.append(row.level)
    }
    while !open.isEmpty {
      open.removeLast()
      end()
    }
    if listIndex >= 0 { end() }
    writer.endArray()
    let result = JSONValue.raw(writer.bytes)
    documents[document.uri]?.symbols = result
    return result
  }

  /// Folding ranges: each list with a heading, and each item with sub-items; from the
  /// outline, once per version of the text.
  func foldingRanges(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    if let cached = document.folding { return cached }
    let rows = outline(document, parsedDocument)
    var writer = JSONWriter()
    func fold(_ first: Int, _ last: Int) {
      writer.beginObject()
      writer.field("startLine", first - 1)
      writer.field("endLine", last - 1)
      writer.field("kind", "region")
      writer.endObject()
    }
    writer.beginArray()
    // The lists first, then the items with sub-items.
    for row in rows where row.kind == .list && row.line > 0 {
      let last = lastLine(of: row, in: document)
      if last > row.line { fold(row.line, last) }
    }
    for (index, row) in rows.enumerated() {
      if index % Self.checkpointInterval == 0 { try checkpoint() }
      if row.kind == .item, index + 1 < rows.count, rows[index + 1].kind == .item,
        rows[index + 1].level > row.level, row.lastLine > row.line
      {
        fold(row.line, row.lastLine)
      }
    }
    writer.endArray()
    let result = JSONValue.raw(writer.bytes)
    documents[document.uri]?.folding = result
    return result
  }

  /// The outline of a document, built once per version of its text.
  private func outline(_ document: OpenDocument, _ parsedDocument: ChecklistDocument)
    -> [OutlineRow]
  {
    if let cached = document.outline { return cached }
    let rows = parsedDocument.outline
    documents[document.uri]?.outline = rows
    return rows
  }

  /// "due in 3 days", "due today", "overdue by 2 days", "due in 5 months".
  static func describeDue(_ due: CalendarDay, today: CalendarDay) -> String {
    let days = due.dayNumber - today.dayNumber
    switch days {
    case 0: return "due today"
    case 1: return "due tomorrow"
    case 2...: return "due in \(RelativeDay.span(days))"
    case -1: return "overdue by 1 day (due yesterday)"
    default: return "overdue by \(RelativeDay.span(-days))"
    }
  }

  func hover(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position
    else { return .null }
    let line = document.buffer.line(ofOffset: document.buffer.offset(of: position, encoding)) + 1
    let today = environment.workspace.today
    var parts: [String] = []
    if let item = parsedDocument.item(at: .line(line)) {
      if item.isChecked {
        parts.append(
          "**Done**"
            + (item.doneDate.map { " \(RelativeDay.words($0, today: today)) (\($0))" } ?? ""))
      } else {
        parts.append("**Open**")
      }
      if let due = item.due {
        parts.append(
          item.isChecked
            ? "was due \(due)" : "\(Self.describeDue(due.day, today: today)) (\(due))")
        if !item.isChecked {
          let reminder = item.remindAt(reminderDefaults(params.document.uri))
          parts.append(
            reminder.map { "reminded \($0.day) \($0.time)" }
              ?? "no reminder")
        }
      }
      // The subtree's counts, this item's own state taken out.
      let done = item.doneCount - (item.isChecked ? 1 : 0)
      let below = item.openCount + item.doneCount - 1
      if below > 0 {
        parts.append("\(done) of \(below) sub-item\(below == 1 ? "" : "s") done")
      }
      if let id = item.id { parts.append("`@id(\(id))`") }
    } else if let outline = parsedDocument.listOutlines.first(where: { $0.list.line == line }),
      let progress = outline.progress
    {
      // A heading without items of its own (a title) gets nothing.
      parts.append(progress)
    } else {
      return .null
    }
    return [
      "contents": ["kind": "markdown", "value": .string(parts.joined(separator: " · "))],
      "range": range(document.lineRange(line), in: document),
    ]
  }

  /// Inlay hints: "2 of 5 left" after each heading with items, and, unless `dueHints`
  /// says otherwise, "due tomorrow" or "overdue by 3 days" after each open item with a
  /// due date, in the range asked for.
  func inlayHints(_ params: RangeParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    let first = params.start.line + 1
    let last = min(params.end.line + 1, document.buffer.lineCount)
    var hints: [(Int, JSONValue)] = []
    func hint(_ line: Int, _ label: String) {
      hints.append(
        (
          line,
          [
            "position": document.buffer.position(
              ofOffset: document.lineRange(line).upperBound, encoding
            ).json,
            "label": .string(label), "paddingLeft": true,
          ]
        ))
    }
    for outline in parsedDocument.listOutlines {
      guard let line = outline.list.line, line >= first, line <= last,
        let progress = outline.progress
      else { continue }
      hint(line, progress)
    }
    if dueHints == .inlay, first <= last {
      let today = environment.workspace.today
      for line in first...last {
        if line % Self.checkpointInterval == 0 { try checkpoint() }
        guard document.lineContains(line, Self.dueTag),
          let item = parsedDocument.itemFields(atLine: line), !item.isChecked,
          let due = item.dueDate
        else { continue }
        hint(line, Self.describeDue(due, today: today))
      }
    }
    // In line order (a heading's hint before its items').
    return .array(hints.sorted { $0.0 < $1.0 }.map(\.1))
  }

  static let dueTag = Array("@due(".utf8)

  // MARK: - IDs

  /// The `@id(...)` value under a position.
  private func idValue(
    at position: Position, in document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> String? {
    idTag(at: position, in: document, parsedDocument)?.0
  }

  /// The value of the `@id(...)` tag under a position (of an item or a heading, not
  /// text in a name or note), and the byte range of the value.
  func idTag(
    at position: Position, in document: OpenDocument, _ parsedDocument: ChecklistDocument
  ) -> (String, Range<Int>)? {
    let cursor = document.buffer.offset(of: position, encoding)
    let line = document.buffer.line(ofOffset: cursor)
    for tag in parsedDocument.tagRanges(.id, atLine: line + 1) {
      guard let value = tag.value, !value.isEmpty, tag.whole.contains(cursor) else { continue }
      return (String(decoding: document.bytes[value], as: UTF8.self), value)
    }
    return nil
  }

  /// Every `@id(value)` tag of items and headings in the document, in line order: the
  /// first such tag of each line that has one.
  func idLocations(
    _ value: String, in document: OpenDocument, _ parsedDocument: ChecklistDocument
  )
    -> [JSONValue]
  {
    var lines = parsedDocument.itemLines(withID: value)
    lines += parsedDocument.listOutlines.compactMap { $0.list.id == value ? $0.list.line : nil }
    let wanted = Array(value.utf8)
    return lines.sorted().map { line in
      let tag = parsedDocument.tagRanges(.id, atLine: line).first {
        $0.value.map { document.bytes[$0].elementsEqual(wanted) } ?? false
      }
      let found = tag?.whole ?? document.lineRange(line)
      return ["uri": .string(document.uri), "range": range(found, in: document)]
    }
  }

  func definition(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position,
      let value = idValue(at: position, in: document, parsedDocument),
      let first = idLocations(value, in: document, parsedDocument).first
    else { return .null }
    return first
  }

  func references(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position,
      let value = idValue(at: position, in: document, parsedDocument)
    else { return [] }
    var locations = idLocations(value, in: document, parsedDocument)
    // The first use is the declaration; the others are references to it (duplicates).
    if params.raw["context"]?["includeDeclaration"]?.boolValue == false, !locations.isEmpty {
      locations.removeFirst()
    }
    return .array(locations)
  }
}
