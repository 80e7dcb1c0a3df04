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

  /// The 1-based last line of each list: the line before the next heading, blank lines
  /// at its end left out.
  private func lastLines(of lists: [ItemList], in document: OpenDocument) -> [Int] {
    lists.indices.map { index in
      var last =
        index + 1 < lists.count ? (lists[index + 1].line ?? 1) - 1 : document.buffer.lineCount
      let first = lists[index].line ?? 1
      while last > first, document.lineRange(last).isEmpty { last -= 1 }
      return last
    }
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

  /// The lists, their items and sub-items as a tree, written straight to JSON (a
  /// large file has hundreds of thousands of symbols).
  func documentSymbols(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    let lists = parsedDocument.lists
    let lasts = lastLines(of: lists, in: document)
    var writer = JSONWriter()
    func lineSpan(_ first: Int, _ last: Int) -> Range<Int> {
      document.lineRange(first).lowerBound..<document.lineRange(last).upperBound
    }
    func write(
      name: String, detail: String, kind: Int, lines: (Int, Int), children: [ChecklistItem]
    ) {
      writer.beginObject()
      writer.field("name", name)
      writer.field("detail", detail)
      writer.field("kind", kind)
      writer.key("range")
      writeRange(lineSpan(lines.0, lines.1), in: document, to: &writer)
      writer.key("selectionRange")
      writeRange(document.lineRange(lines.0), in: document, to: &writer)
      writer.key("children")
      writer.beginArray()
      for item in children { write(item) }
      writer.endArray()
      writer.endObject()
    }
    func write(_ item: ChecklistItem) {
      let owned = parsedDocument.lines(ownedBy: .line(item.line)) ?? item.line...item.line
      var detail = item.isChecked ? "done" : "open"
      if let done = item.doneDate { detail += " " + done.description }
      if let due = item.dueDate { detail += ", due " + due.description }
      if let id = item.id { detail += ", @id(\(id))" }
      write(
        name: item.name.isEmpty ? "(no name)" : item.name, detail: detail, kind: 17,
        lines: (owned.lowerBound, owned.upperBound), children: item.children)
    }
    writer.beginArray()
    for (index, list) in lists.enumerated() {
      let first = list.line ?? 1
      let name = list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)"
      let left = list.openCount
      write(
        name: name, detail: "\(left) of \(left + list.doneCount) left", kind: 3,
        lines: (first, max(first, lasts[index])), children: list.items)
    }
    writer.endArray()
    return .raw(writer.bytes)
  }

  func foldingRanges(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    let outlines = parsedDocument.listOutlines.map(\.list)
    var ranges: [JSONValue] = []
    for (index, last) in lastLines(of: outlines, in: document).enumerated() {
      guard let first = outlines[index].line, last > first else { continue }
      ranges.append(["startLine": .int(first - 1), "endLine": .int(last - 1), "kind": "region"])
    }
    for item in parsedDocument.items where !item.children.isEmpty {
      guard let owned = parsedDocument.lines(ownedBy: .line(item.line)),
        owned.upperBound > owned.lowerBound
      else { continue }
      ranges.append([
        "startLine": .int(owned.lowerBound - 1), "endLine": .int(owned.upperBound - 1),
        "kind": "region",
      ])
    }
    return .array(ranges)
  }

  /// "due in 3 days", "due today", "overdue by 2 days".
  static func describeDue(_ due: CalendarDay, today: CalendarDay) -> String {
    let days = due.dayNumber - today.dayNumber
    func count(_ value: Int) -> String { value == 1 ? "1 day" : "\(value) days" }
    switch days {
    case 0: return "due today"
    case 1: return "due tomorrow"
    case 2...: return "due in \(count(days))"
    case -1: return "overdue by 1 day (due yesterday)"
    default: return "overdue by \(count(-days))"
    }
  }

  /// "today", "yesterday", "3 days ago".
  static func describePast(_ day: CalendarDay, today: CalendarDay) -> String {
    let days = today.dayNumber - day.dayNumber
    switch days {
    case 0: return "today"
    case 1: return "yesterday"
    case 2...: return "\(days) days ago"
    case -1: return "tomorrow"
    default: return "in \(-days) days"
    }
  }

  func hover(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position
    else { return .null }
    let line = document.buffer.line(ofOffset: document.buffer.offset(of: position, encoding)) + 1
    let today = environment.today()
    var parts: [String] = []
    if let item = parsedDocument.item(at: .line(line)) {
      if item.isChecked {
        parts.append(
          "**Done**"
            + (item.doneDate.map { " \(Self.describePast($0, today: today)) (\($0))" } ?? ""))
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
    } else if let outline = parsedDocument.listOutlines.first(where: { $0.list.line == line }) {
      parts.append(
        outline.itemCount == 0
          ? "no items"
          : "\(outline.openCount) of \(outline.itemCount) item\(outline.itemCount == 1 ? "" : "s") left"
      )
    } else {
      return .null
    }
    return [
      "contents": ["kind": "markdown", "value": .string(parts.joined(separator: " · "))],
      "range": range(document.lineRange(line), in: document),
    ]
  }

  func inlayHints(_ params: RangeParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found else { return [] }
    let start = params.start.line
    let end = params.end.line
    var hints: [JSONValue] = []
    for outline in parsedDocument.listOutlines {
      guard let line = outline.list.line, line - 1 >= start, line - 1 <= end else { continue }
      let label =
        outline.itemCount == 0
        ? "no items"
        : outline.openCount == 0 ? "all done" : "\(outline.openCount) of \(outline.itemCount) left"
      hints.append([
        "position": document.buffer.position(
          ofOffset: document.lineRange(line).upperBound, encoding
        ).json,
        "label": .string(label), "paddingLeft": true,
      ])
    }
    return .array(hints)
  }

  // MARK: - IDs

  /// The `@id(...)` value under a position, with the line it is on.
  private func idValue(at position: Position, in document: OpenDocument) -> String? {
    let cursor = document.buffer.offset(of: position, encoding)
    let line = document.buffer.line(ofOffset: cursor)
    let range = document.buffer.contentRange(ofLine: line)
    let bytes = document.bytes
    let needle = Array("@id(".utf8)
    var index = range.lowerBound
    while index + needle.count <= range.upperBound {
      if bytes[index..<(index + needle.count)].elementsEqual(needle),
        let close = bytes[(index + needle.count)..<range.upperBound].firstIndex(
          of: UInt8(ascii: ")")),
        cursor >= index, cursor <= close
      {
        let value = String(decoding: bytes[(index + needle.count)..<close], as: UTF8.self)
        return value.isEmpty ? nil : value
      }
      index += 1
    }
    return nil
  }

  /// Every `@id(value)` tag of items and headings in the document, in line order.
  private func idLocations(
    _ value: String, in document: OpenDocument, _ parsedDocument: ChecklistDocument
  )
    -> [JSONValue]
  {
    var lines = parsedDocument.itemLines(withID: value)
    lines += parsedDocument.listOutlines.compactMap { $0.list.id == value ? $0.list.line : nil }
    let needle = Array("@id(\(value))".utf8)
    return lines.sorted().map { line in
      let whole = document.lineRange(line)
      var found: Range<Int>?
      var index = whole.upperBound - needle.count
      while index >= whole.lowerBound {
        if document.bytes[index..<(index + needle.count)].elementsEqual(needle) {
          found = index..<(index + needle.count)
          break
        }
        index -= 1
      }
      return ["uri": .string(document.uri), "range": range(found ?? whole, in: document)]
    }
  }

  func definition(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position,
      let value = idValue(at: position, in: document),
      let first = idLocations(value, in: document, parsedDocument).first
    else { return .null }
    return first
  }

  func references(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let found = checklist(params.document)
    guard let (document, parsedDocument) = found, case let position = params.position,
      let value = idValue(at: position, in: document)
    else { return [] }
    var locations = idLocations(value, in: document, parsedDocument)
    // The first use is the declaration; the others are references to it (duplicates).
    if params.raw["context"]?["includeDeclaration"]?.boolValue == false, !locations.isEmpty {
      locations.removeFirst()
    }
    return .array(locations)
  }
}
