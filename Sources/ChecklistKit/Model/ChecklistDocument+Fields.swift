/// The byte ranges of one tag on a line.
struct TagSpan: Hashable, Sendable {
  /// From `@` to the end of the key, or past `)` when there is a value.
  var whole: Range<Int>
  var key: Range<Int>
  /// Between the parentheses, still escaped; `nil` without parentheses.
  var value: Range<Int>?
}

/// A list's extent: its heading (if any) and the lines up to the next heading.
struct ListSpan: Hashable, Sendable {
  /// The heading's line index; `nil` for the unnamed list before the first heading.
  var heading: Int?
  /// Every line of the list, the heading included.
  var lines: Range<Int>
}

/// Field access on the line records: ranges and decoded strings.
extension ChecklistDocument {
  /// The byte range of an item's or heading's name, still escaped.
  func nameRange(ofLine index: Int) -> Range<Int> {
    bytes.withUnsafeBufferPointer { Self.nameRange(lines[index], in: $0) }
  }

  static func nameRange(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var start = Int(record.mark)
    if record.kind == .item { start += 3 }
    var end = Int(record.tagsStart)
    while start < end, ASCII.isSpaceOrTab(bytes[start]) { start += 1 }
    while end > start, ASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
    return start..<max(start, end)
  }

  /// The byte range of an item's note text (after `#`, trimmed), or `nil`.
  static func noteRange(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard record.hasNote else { return nil }
    return FieldScanner.trimmed(bytes, from: Int(record.note) + 1, to: Int(record.end))
  }

  /// The tags of a line's tag range, in order.
  static func tagSpans(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) -> [TagSpan] {
    var spans: [TagSpan] = []
    forEachTag(record, in: bytes) { spans.append($0) }
    return spans
  }

  /// Calls `body` with each tag of a line's tag range, in order, without allocating.
  @inline(__always)
  static func forEachTag(
    _ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>, _ body: (TagSpan) -> Void
  ) {
    var index = Int(record.tagsStart)
    let end = Int(record.tagsEnd)
    while index < end {
      while index < end, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
      guard index < end, bytes[index] == ASCII.at else { break }
      let keyStart = index + 1
      var keyEnd = keyStart
      while keyEnd < end, ASCII.isTagKeyByte(bytes[keyEnd]) { keyEnd += 1 }
      var wholeEnd = keyEnd
      var value: Range<Int>?
      if keyEnd < end, bytes[keyEnd] == ASCII.openParen {
        var cursor = keyEnd + 1
        while cursor < end, bytes[cursor] != ASCII.closeParen {
          cursor += bytes[cursor] == ASCII.backslash ? 2 : 1
        }
        cursor = min(cursor, end)
        value = (keyEnd + 1)..<cursor
        wholeEnd = min(cursor + 1, end)
      }
      body(TagSpan(whole: index..<wholeEnd, key: keyStart..<keyEnd, value: value))
      index = wholeEnd
    }
  }

  /// The first tag with `key` on a line, or `nil`.
  static func tagSpan(
    _ key: StaticString, _ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>
  ) -> TagSpan? {
    guard record.hasTags else { return nil }
    var found: TagSpan?
    forEachTag(record, in: bytes) { span in
      if found == nil, equals(bytes, span.key, key) { found = span }
    }
    return found
  }

  static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString)
    -> Bool
  {
    guard range.count == text.utf8CodeUnitCount else { return false }
    let pointer = text.utf8Start
    for offset in 0..<range.count where bytes[range.lowerBound + offset] != pointer[offset] {
      return false
    }
    return true
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// A name with `\#`, `\@`, `\[`, `\]` and `\\` decoded.
  static func decodedName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    decoded(bytes, range) {
      $0 == ASCII.hash || $0 == ASCII.at || $0 == ASCII.openBracket
        || $0 == ASCII.closeBracket || $0 == ASCII.backslash
    }
  }

  /// A tag value with `\(`, `\)` and `\\` decoded.
  static func decodedValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    decoded(bytes, range) {
      $0 == ASCII.openParen || $0 == ASCII.closeParen || $0 == ASCII.backslash
    }
  }

  private static func decoded(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isEscapable: (UInt8) -> Bool
  ) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard slice.contains(ASCII.backslash) else { return String(decoding: slice, as: UTF8.self) }
    var output: [UInt8] = []
    output.reserveCapacity(slice.count)
    var index = 0
    while index < slice.count {
      let byte = slice[index]
      if byte == ASCII.backslash, index + 1 < slice.count, isEscapable(slice[index + 1]) {
        output.append(slice[index + 1])
        index += 2
      } else {
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func tags(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) -> [Checklist.Tag] {
    guard record.hasTags else { return [] }
    return tagSpans(record, in: bytes).map { span in
      Checklist.Tag(
        key: string(bytes, span.key), value: span.value.map { decodedValue(bytes, $0) })
    }
  }

  // MARK: - Lists

  /// Every list's extent, in order. The unnamed list exists only when items come before
  /// the first heading.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  func listSpans() -> [ListSpan] {
    var spans: [ListSpan] = []
    var sawItem = false
    for (index, record) in lines.enumerated() {
      if record.kind == .heading {
        if spans.isEmpty {
          if sawItem { spans.append(ListSpan(heading: nil, lines: 0..<index)) }
        } else {
          spans[spans.count - 1].lines = spans[spans.count - 1].lines.lowerBound..<index
        }
        spans.append(ListSpan(heading: index, lines: index..<lines.count))
      } else if record.kind == .item, spans.isEmpty {
        sawItem = true
      }
    }
    if spans.isEmpty, sawItem {
      spans.append(ListSpan(heading: nil, lines: 0..<lines.count))
    }
    return spans
  }
}
