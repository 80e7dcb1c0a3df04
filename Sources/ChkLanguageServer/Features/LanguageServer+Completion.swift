import ChecklistKit
import ChkWorkspace

/// Completion: tag keys after `@`, dates inside `@done(` and `@due(`, a fresh ID inside
/// `@id(`, and the boxes after `- [`.
extension LanguageServer {
  func completion(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let document = params.document
    let position = params.position
    let cursor = document.buffer.offset(of: position, encoding)
    let line = document.buffer.line(ofOffset: cursor)
    let lineStart = document.buffer.lineStarts[line]
    let before = Array(document.bytes[lineStart..<cursor])
    let items = completions(before: before, cursor: cursor, document: document)
    return ["isIncomplete": false, "items": .array(items)]
  }

  private func completions(before: [UInt8], cursor: Int, document: OpenDocument) -> [JSONValue] {
    // The word being typed: letters, digits, `-` and `_` back from the cursor.
    var wordStart = before.count
    while wordStart > 0, Self.isWordByte(before[wordStart - 1]) { wordStart -= 1 }
    let replaced = (cursor - (before.count - wordStart))..<cursor
    let opening = wordStart > 0 ? before[wordStart - 1] : 0
    // A value typed before an existing `)` does not get a second one.
    let close =
      cursor < document.bytes.count && document.bytes[cursor] == UInt8(ascii: ")") ? "" : ")"

    // Inside `@key(`: the value.
    if opening == UInt8(ascii: "("),
      let at = before[..<(wordStart - 1)].lastIndex(of: UInt8(ascii: "@")),
      before[(at + 1)..<(wordStart - 1)].allSatisfy(Self.isWordByte)
    {
      let key = String(decoding: before[(at + 1)..<(wordStart - 1)], as: UTF8.self)
      switch key {
      case ChecklistTag.Key.done.name, ChecklistTag.Key.due.name:
        return dateCompletions(replacing: replaced, close: close, in: document)
      case ChecklistTag.Key.every.name:
        return Self.recurrences.map { value, detail in
          item(
            value, detail: detail, kind: 12, replacing: replaced, with: value + close, in: document)
        }
      case ChecklistTag.Key.remind.name:
        return Self.reminders.map { value, detail in
          item(
            value, detail: detail, kind: 12, replacing: replaced, with: value + close, in: document)
        }
      case ChecklistTag.Key.id.name:
        guard case .success(var parsedDocument) = parsed(document.uri) else { return [] }
        let id = parsedDocument.unusedID()
        return [
          item(
            id, detail: "a new ID no item or list of this file uses", kind: 12,
            replacing: replaced, with: id + close, in: document)
        ]
      default: return []
      }
    }

    // After `@` that starts a word: the known tag keys (see `recurrences` for `@every(`).
    if opening == UInt8(ascii: "@"),
      wordStart == 1 || before[wordStart - 2] == UInt8(ascii: " ")
        || before[wordStart - 2] == UInt8(ascii: "\t")
    {
      let isHeading = before.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "#")
      let today = environment.today()
      var result: [JSONValue] = []
      for key in ChecklistTag.Key.known where isHeading ? key.isForLists : key.isForItems {
        var insert = key.name + "("
        switch key.name {
        case ChecklistTag.Key.done.name: insert += today.description + ")"
        case ChecklistTag.Key.id.name:
          if case .success(var parsedDocument) = parsed(document.uri) {
            insert += parsedDocument.unusedID() + ")"
          }
        default: break
        }
        result.append(
          item(
            key.name, detail: key.summary, kind: 14, replacing: replaced, with: insert, in: document
          ))
      }
      return result
    }

    // `- [` (or `*`, `+`, `1.`, `1)`) at the start of a line: the boxes.
    if before.last == UInt8(ascii: "["), Self.isBulletBeforeBox(before.dropLast()) {
      let bracket = (cursor - 1)..<cursor
      return [
        item(
          "[ ]", detail: "an open item", kind: 12, replacing: bracket, with: "[ ] ", in: document),
        item(
          "[x]", detail: "a checked item", kind: 12, replacing: bracket, with: "[x] ", in: document),
      ]
    }
    return []
  }

  /// Today, tomorrow, next Monday and the end of the month: labels in words, inserted
  /// as ISO dates.
  private func dateCompletions(
    replacing replaced: Range<Int>, close: String, in document: OpenDocument
  ) -> [JSONValue] {
    let today = environment.today()
    let untilMonday = (8 - today.weekday) % 7
    let candidates: [(String, CalendarDay?)] = [
      ("today", today),
      ("tomorrow", today.adding(days: 1)),
      ("next Monday", today.adding(days: untilMonday == 0 ? 7 : untilMonday)),
      ("end of month", today.endOfMonth),
    ]
    return candidates.enumerated().compactMap { index, candidate in
      guard let day = candidate.1 else { return nil }
      var value = item(
        candidate.0, detail: day.description, kind: 12, replacing: replaced,
        with: day.description + close, in: document)
      if case .object(var members) = value {
        // Typed digits filter by the date; the order stays as listed.
        members.append(("filterText", .string(day.description + " " + candidate.0)))
        members.append(("sortText", .string(String(index))))
        value = .object(members)
      }
      return value
    }
  }

  private func item(
    _ label: String, detail: String, kind: Int, replacing replaced: Range<Int>, with text: String,
    in document: OpenDocument
  ) -> JSONValue {
    [
      "label": .string(label), "kind": .int(kind), "detail": .string(detail),
      "textEdit": ["range": range(replaced, in: document), "newText": .string(text)],
    ]
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default: return false
    }
  }

  /// Whether the bytes are blanks, then a list marker and one blank: what precedes an
  /// item's box.
  static func isBulletBeforeBox(_ bytes: ArraySlice<UInt8>) -> Bool {
    var rest = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard rest.last == UInt8(ascii: " ") else { return false }
    rest = rest.dropLast()
    if rest.count == 1, let marker = rest.first {
      return marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*")
        || marker == UInt8(ascii: "+")
    }
    guard let last = rest.last, last == UInt8(ascii: ".") || last == UInt8(ascii: ")") else {
      return false
    }
    let digits = rest.dropLast()
    return (1...9).contains(digits.count)
      && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// The values offered inside `@every(`.
  static let recurrences: [(String, String)] = [
    ("day", "every day"), ("week", "every week, on the due day's weekday"),
    ("2 weeks", "every other week"), ("month", "every month, on the due day's date"),
    ("year", "every year"), ("weekday", "the next Monday to Friday"),
    ("monday", "every Monday"), ("friday", "every Friday"),
    ("week from done", "a week after it was done"),
  ]

  /// The values offered inside `@remind(`.
  static let reminders: [(String, String)] = [
    ("09:00", "at 09:00 on the due day"), ("15 minutes before", "before the due time"),
    ("30 minutes before", "before the due time"), ("1 hour before", "before the due time"),
    ("1 day before", "the day before, at the due time"), ("off", "no reminder"),
  ]
}
