import ChecklistKit
import ChkPlatform
import ChkWorkspace

/// Completion: tag keys after `@` (only those the line can still take, then the file's
/// own keys), past days inside `@done(` and coming ones inside `@due(`, a fresh ID inside
/// `@id(`, and the boxes after `- [`.
extension LanguageServer {
  func completion(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let document = params.document
    let position = params.position
    let cursor = document.buffer.offset(of: position, encoding)
    let line = document.buffer.line(ofOffset: cursor)
    let lineStart = document.buffer.lineStarts[line]
    let before = Array(document.bytes[lineStart..<cursor])
    let after = Array(
      document.bytes[cursor..<document.buffer.contentRange(ofLine: line).upperBound])
    let (items, incomplete) =
      document.vaultSettings.map { settings in
        vaultCompletions(
          before: before, after: after, cursor: cursor, document: document, settings: settings)
      } ?? completions(before: before, after: after, cursor: cursor, document: document)
    return ["isIncomplete": .bool(incomplete), "items": .array(items)]
  }

  /// The offers at the cursor, and whether they depend on what is typed next (dates:
  /// the client asks again as the word grows, so that both "tom" and "2026-1" match).
  private func completions(before: [UInt8], after: [UInt8], cursor: Int, document: OpenDocument)
    -> ([JSONValue], Bool)
  {
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
      let typed = String(decoding: before[wordStart...], as: UTF8.self)
      switch key {
      case ChecklistTag.Key.done.name, ChecklistTag.Key.due.name:
        let days = key == ChecklistTag.Key.done.name ? pastDays() : comingDays()
        return (
          dateCompletions(days, typed: typed, replacing: replaced, close: close, in: document), true
        )
      case ChecklistTag.Key.every.name:
        return (values(Self.recurrences, replacing: replaced, close: close, in: document), false)
      case ChecklistTag.Key.remind.name:
        return (values(Self.reminders, replacing: replaced, close: close, in: document), false)
      case ChecklistTag.Key.id.name:
        guard case .success(var parsedDocument) = parsed(document.uri) else { return ([], false) }
        let id = parsedDocument.unusedID()
        return (
          [
            item(
              id, detail: "a new ID no item or list of this file uses", kind: 12,
              replacing: replaced, with: id + close, in: document)
          ], false
        )
      default: return ([], false)
      }
    }

    // After `@` that starts a word: the known tag keys (see `recurrences` for `@every(`).
    if opening == UInt8(ascii: "@"),
      wordStart == 1 || before[wordStart - 2] == UInt8(ascii: " ")
        || before[wordStart - 2] == UInt8(ascii: "\t")
    {
      let isHeading = before.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "#")
      // What the line has already (the word being typed left out), and its box.
      let present = Self.tagKeys(in: Array(before[..<(wordStart - 1)]) + after)
      let isChecked = Self.isCheckedItem(before)
      let today = environment.workspace.today
      // `- [ ] call @`: one blank after the name would leave the tag in the name
      // (tag-in-name); each offer puts in the second blank.
      var extraBlank: JSONValue?
      if !isHeading, let blank = Self.singleBlankAfterName(before[..<(wordStart - 1)]) {
        let at = cursor - before.count + blank
        extraBlank = [["range": range(at..<at, in: document), "newText": " "]]
      }
      var result: [JSONValue] = []
      for key in ChecklistTag.Key.known where isHeading ? key.isForLists : key.isForItems {
        guard !present.contains(key.name), key.name != ChecklistTag.Key.done.name || isChecked
        else { continue }
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
      // Then the file's own keys, in the order of the alphabet.
      for key in usedKeys(document.uri) where !present.contains(key) {
        result.append(
          item(
            key, detail: "a key this file uses", kind: 14, replacing: replaced, with: key + "(",
            in: document))
      }
      if let extraBlank {
        result = result.map { offer in
          guard case .object(var members) = offer else { return offer }
          members.append(("additionalTextEdits", extraBlank))
          return .object(members)
        }
      }
      return (result, false)
    }

    // `- [` (or `*`, `+`, `1.`, `1)`) at the start of a line: the boxes.
    if before.last == UInt8(ascii: "["), Self.isBulletBeforeBox(before.dropLast()) {
      // The `]` an editor paired with the `[`, and a blank after it, are replaced too.
      var end = cursor
      if after.first == UInt8(ascii: "]") {
        end += 1
        if after.dropFirst().first == UInt8(ascii: " ") { end += 1 }
      }
      let bracket = (cursor - 1)..<end
      return (
        [
          item(
            "[ ]", detail: "an open item", kind: 12, replacing: bracket, with: "[ ] ",
            in: document),
          item(
            "[x]", detail: "a checked item", kind: 12, replacing: bracket, with: "[x] ",
            in: document),
        ], false
      )
    }
    return ([], false)
  }

  /// Fixed values of a tag, each with what it means.
  private func values(
    _ values: [(String, String)], replacing replaced: Range<Int>, close: String,
    in document: OpenDocument
  ) -> [JSONValue] {
    values.map { value, detail in
      item(value, detail: detail, kind: 12, replacing: replaced, with: value + close, in: document)
    }
  }

  /// The keys of the tags in a line's bytes: `@key(` after a blank or at the start.
  static func tagKeys(in bytes: [UInt8]) -> Set<String> {
    var keys: Set<String> = []
    var index = 0
    while let at = bytes[index...].firstIndex(of: UInt8(ascii: "@")) {
      index = at + 1
      guard at == 0 || bytes[at - 1] == UInt8(ascii: " ") || bytes[at - 1] == UInt8(ascii: "\t")
      else { continue }
      var end = index
      while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
      guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: "(") else { continue }
      keys.insert(String(decoding: bytes[index..<end], as: UTF8.self))
    }
    return keys
  }

  /// Where the one blank before an `@` is, when it follows an item's name (`- [ ] call
  /// @`), which makes the tag part of the name; `nil` when the `@` follows two blanks,
  /// the box, or another tag (`@due(...) @` chains tags).
  static func singleBlankAfterName(_ bytes: ArraySlice<UInt8>) -> Int? {
    let line = Array(bytes)
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let blank = line.indices.last, isBlank(line[blank]), blank >= 1,
      !isBlank(line[blank - 1]), let open = boxStart(line), blank > open + 3
    else { return nil }
    // The word before the blank: another tag chains, a name's word does not.
    var start = blank
    while start > open + 3, !isBlank(line[start - 1]) { start -= 1 }
    return line[start] == UInt8(ascii: "@") ? nil : blank
  }

  /// Whether the bytes start an item whose box is checked (`[x]` or `[X]`).
  static func isCheckedItem(_ bytes: [UInt8]) -> Bool {
    guard let open = boxStart(bytes) else { return false }
    return bytes[open + 1] == UInt8(ascii: "x") || bytes[open + 1] == UInt8(ascii: "X")
  }

  /// Where the `[` of an item's box is, when the bytes start an item: a list marker,
  /// then `[`, one character and `]`.
  private static func boxStart(_ bytes: [UInt8]) -> Int? {
    guard let open = bytes.firstIndex(of: UInt8(ascii: "[")), open + 2 < bytes.count,
      isBulletBeforeBox(bytes[..<open]), bytes[open + 2] == UInt8(ascii: "]")
    else { return nil }
    return open
  }

  /// The tag keys the document uses that chk does not know, in the order of the
  /// alphabet (at most 50), found once per version of its text: one pass over the
  /// bytes from `@` to `@`, a string made only for a key not seen yet.
  private func usedKeys(_ uri: String) -> [String] {
    guard let document = documents[uri] else { return [] }
    if let cached = document.usedKeys { return cached }
    var seen: [[UInt8]] = ChecklistTag.Key.known.map { Array($0.name.utf8) }
    let knownCount = seen.count
    document.bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index < buffer.count, seen.count - knownCount < 50,
        let found = memchr(base + index, Int32(UInt8(ascii: "@")), buffer.count - index)
      {
        let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        index = at + 1
        guard at == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(buffer[at - 1]) else { continue }
        var end = index
        while end < buffer.count, Self.isWordByte(buffer[end]) { end += 1 }
        guard end > index, end < buffer.count, buffer[end] == UInt8(ascii: "(") else { continue }
        let key = UnsafeBufferPointer(rebasing: buffer[index..<end])
        guard !seen.contains(where: { $0.elementsEqual(key) }),
          ChecklistTag.isValidKey(String(decoding: key, as: UTF8.self))
        else { continue }
        seen.append(Array(key))
      }
    }
    let keys = seen[knownCount...].map { String(decoding: $0, as: UTF8.self) }.sorted()
    documents[uri]?.usedKeys = keys
    return keys
  }

  /// The days offered inside `@due(`: today, tomorrow, next Monday, in a week and the
  /// end of the month.
  func comingDays() -> [(String, CalendarDay?)] {
    let today = environment.workspace.today
    return [
      ("today", today), ("tomorrow", today.adding(days: 1)),
      ("next Monday", today.next(weekday: 1)),
      ("in a week", today.adding(days: 7)), ("end of month", today.endOfMonth),
    ]
  }

  /// The days offered inside `@done(`: today, yesterday, and the five days before by
  /// their weekday ("last Friday").
  private func pastDays() -> [(String, CalendarDay?)] {
    let today = environment.workspace.today
    var days: [(String, CalendarDay?)] = [("today", today), ("yesterday", today.adding(days: -1))]
    for back in 2...6 {
      guard let day = today.adding(days: -back) else { continue }
      days.append(("last " + day.weekdayName, day))
    }
    return days
  }

  /// Days as completions: labels in words, inserted as ISO dates. The filter text
  /// starts with what is being typed: the word ("tom") or the date ("2026-1").
  func dateCompletions(
    _ days: [(String, CalendarDay?)], typed: String, replacing replaced: Range<Int>,
    close: String, in document: OpenDocument
  ) -> [JSONValue] {
    let byDate = typed.first?.isNumber == true
    return days.enumerated().compactMap { index, candidate in
      guard let day = candidate.1 else { return nil }
      var value = item(
        candidate.0, detail: day.description, kind: 12, replacing: replaced,
        with: day.description + close, in: document)
      if case .object(var members) = value {
        let filter =
          byDate ? day.description + " " + candidate.0 : candidate.0 + " " + day.description
        members.append(("filterText", .string(filter)))
        // The order stays as listed.
        members.append(("sortText", .string(String(index))))
        value = .object(members)
      }
      return value
    }
  }

  func item(
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
