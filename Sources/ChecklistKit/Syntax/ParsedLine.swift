/// The byte ranges of one tag on a line.
struct TagSpan: Hashable, Sendable {
  /// From `@` to the end of the key, or past `)` when there is a value.
  var whole: Range<Int>
  var key: Range<Int>
  /// Between the parentheses, still escaped; `nil` without parentheses.
  var value: Range<Int>?

  /// Where the `T` of a `@due(YYYY-MM-DDTHH:MM)` is, which canonical form writes as a
  /// space; `nil` for any other tag.
  func dueTimeSeparator(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let value, value.count == 16, bytes[value.lowerBound + 10] == UInt8(ascii: "T"),
      ChecklistTag.Key.due.matches(bytes, key), DueMoment.parse(bytes, value) != nil
    else { return nil }
    return value.lowerBound + 10
  }
}

/// The tags in a range of a line, in order.
struct TagSpanIterator: IteratorProtocol {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  let end: Int

  @inline(__always)
  mutating func next() -> TagSpan? {
    while index < end, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    guard index < end, bytes[index] == ASCII.at else { return nil }
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
    let span = TagSpan(whole: index..<wholeEnd, key: keyStart..<keyEnd, value: value)
    index = wholeEnd
    return span
  }
}

/// One parsed line read in place: its record and the bytes the record points into.
///
/// A view, valid only while the buffer is; the name, tags and note are found from the
/// record's offsets when asked for, and strings are built only by the properties that
/// return them.
struct ParsedLine {
  let record: LineRecord
  let bytes: UnsafeBufferPointer<UInt8>

  @inline(__always)
  init(_ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>) {
    self.record = record
    self.bytes = bytes
  }

  var kind: LineKind { record.kind }

  /// The line's content, without its ending.
  var contentRange: Range<Int> { Int(record.start)..<Int(record.end) }

  /// The byte range of an item's or heading's name, still escaped.
  var nameRange: Range<Int> {
    var start = Int(record.mark)
    if record.kind == .item { start += 3 }
    var end = Int(record.tagsStart)
    while start < end, ASCII.isSpaceOrTab(bytes[start]) { start += 1 }
    while end > start, ASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
    return start..<max(start, end)
  }

  /// The name as the user sees it, escapes decoded.
  var name: String { bytes.decodedName(nameRange) }

  /// Where the fields end: the content's end, or before a backslash that makes a hard
  /// line break (it belongs to no field).
  var fieldsEnd: Int {
    let end = Int(record.end)
    guard record.renders(LineRecord.Rendering.hardBreak), end > 0, bytes[end - 1] == ASCII.backslash
    else { return end }
    return end - 1
  }

  /// The byte range of an item's note text (after `#`, trimmed), or `nil`.
  var noteRange: Range<Int>? {
    guard record.hasNote else { return nil }
    return FieldScanner.trimmed(bytes, from: Int(record.note) + 1, to: fieldsEnd)
  }

  /// The note's text, or `nil`.
  var note: String? { noteRange.map { bytes.text($0) } }

  /// Calls `body` with each tag of the line's tag range, in order, without allocating.
  @inline(__always)
  func forEachTag(_ body: (TagSpan) -> Void) {
    var tags = tagSpanIterator
    while let span = tags.next() { body(span) }
  }

  /// The tags of the line's tag range, one at a time: for loops that change state as
  /// they go (a closure would capture it).
  var tagSpanIterator: TagSpanIterator {
    TagSpanIterator(bytes: bytes, index: Int(record.tagsStart), end: Int(record.tagsEnd))
  }

  /// The tags of the line's tag range, in order.
  var tagSpans: [TagSpan] {
    var spans: [TagSpan] = []
    forEachTag { spans.append($0) }
    return spans
  }

  /// The tags as values, values decoded.
  var tags: [ChecklistTag] {
    guard record.hasTags else { return [] }
    return tagSpans.map { span in
      ChecklistTag(key: bytes.text(span.key), value: span.value.map { bytes.decodedTagValue($0) })
    }
  }

  /// The first tag with a known key, or `nil`.
  func tag(_ key: ChecklistTag.Key) -> TagSpan? {
    guard record.hasTags else { return nil }
    // The tags after the first match are not read.
    var spans = tagSpanIterator
    while let span = spans.next() {
      if key.matches(bytes, span.key) { return span }
    }
    return nil
  }

  /// The raw range of the line's first `@id` value.
  var idRange: Range<Int>? { tag(.id)?.value }

  /// The line's first `@id` value, decoded.
  var id: String? { idRange.map { bytes.decodedTagValue($0) } }

  /// The value of the line's first tag with `key`, decoded.
  func value(of key: ChecklistTag.Key) -> String? {
    tag(key)?.value.map { bytes.decodedTagValue($0) }
  }
}

extension UnsafeBufferPointer where Element == UInt8 {
  /// The bytes in `range` as a string.
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
  }

  /// Whether two ranges of the buffer hold the same bytes.
  @inline(__always)
  func matches(_ range: Range<Int>, _ other: Range<Int>) -> Bool {
    guard range.count == other.count else { return false }
    for offset in 0..<range.count
    where self[range.lowerBound + offset] != self[other.lowerBound + offset] {
      return false
    }
    return true
  }

  /// Whether the bytes in `range` are exactly `expected`.
  func matches(_ range: Range<Int>, _ expected: [UInt8]) -> Bool {
    guard range.count == expected.count else { return false }
    for offset in 0..<range.count where self[range.lowerBound + offset] != expected[offset] {
      return false
    }
    return true
  }

  /// A name with `\#`, `\@`, `\[`, `\]` and `\\` decoded.
  func decodedName(_ range: Range<Int>) -> String {
    decoded(range, isEscapable: Self.isNameEscape)
  }

  /// A tag value with `\(`, `\)` and `\\` decoded.
  func decodedTagValue(_ range: Range<Int>) -> String {
    decoded(range, isEscapable: Self.isTagValueEscape)
  }

  /// Appends `decodedName`'s bytes.
  func appendDecodedName(_ range: Range<Int>, to output: inout [UInt8]) {
    appendDecoded(range, to: &output, isEscapable: Self.isNameEscape)
  }

  /// Appends `decodedTagValue`'s bytes.
  func appendDecodedTagValue(_ range: Range<Int>, to output: inout [UInt8]) {
    appendDecoded(range, to: &output, isEscapable: Self.isTagValueEscape)
  }

  private static func isNameEscape(_ byte: UInt8) -> Bool {
    byte == ASCII.hash || byte == ASCII.at || byte == ASCII.openBracket
      || byte == ASCII.closeBracket || byte == ASCII.backslash
  }

  private static func isTagValueEscape(_ byte: UInt8) -> Bool {
    byte == ASCII.openParen || byte == ASCII.closeParen || byte == ASCII.backslash
  }

  private func decoded(_ range: Range<Int>, isEscapable: (UInt8) -> Bool) -> String {
    let slice = UnsafeBufferPointer(rebasing: self[range])
    guard slice.contains(ASCII.backslash) else { return String(decoding: slice, as: UTF8.self) }
    var output: [UInt8] = []
    output.reserveCapacity(slice.count)
    appendDecoded(range, to: &output, isEscapable: isEscapable)
    return String(decoding: output, as: UTF8.self)
  }

  private func appendDecoded(
    _ range: Range<Int>, to output: inout [UInt8], isEscapable: (UInt8) -> Bool
  ) {
    let slice = UnsafeBufferPointer(rebasing: self[range])
    // The runs between escapes are appended whole: a byte at a time, each append checked
    // the buffer's owner and room again (a list appends every name).
    var runStart = 0
    var index = 0
    while index < slice.count {
      if slice[index] == ASCII.backslash, index + 1 < slice.count, isEscapable(slice[index + 1]) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: slice[runStart..<index]))
        output.append(slice[index + 1])
        index += 2
        runStart = index
      } else {
        index += 1
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: slice[runStart..<slice.count]))
  }
}
