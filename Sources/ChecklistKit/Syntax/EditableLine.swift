/// An item or heading line taken apart into the pieces an edit changes, still as the
/// bytes written in the file, and put back together in canonical form.
///
/// Canonical form from the checkbox on: `[ ]` or `[x]`, one space, the name, two spaces
/// before each tag, two spaces and `# ` before the note, then the line's ending (see
/// `Ending`). A heading keeps its indent and `#`s, then one space, the name and its
/// tags; closing `#`s are dropped.
struct EditableLine {
  /// What an item line keeps after its last field, because GitHub's rendering needs it.
  enum Ending: Equatable {
    case none
    /// A hard line break (the next line continues the item's text): two spaces.
    case spaceBreak
    /// A hard line break written as a backslash: ` \`.
    case backslashBreak
    /// An empty box followed by a blank: GitHub renders `- [ ] ` as a checkbox and
    /// `- [ ]` as the text `[ ]`, so the blank stays (one space).
    case spaceAfterEmptyBox

    /// The ending of a parsed item line.
    static func of(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) -> Ending {
      guard record.kind == .item else { return .none }
      let end = Int(record.end)
      if record.renders(LineRecord.Rendering.hardBreak) {
        return bytes[end - 1] == ASCII.backslash ? .backslashBreak : .spaceBreak
      }
      let afterBox = Int(record.mark) + 3
      if end > afterBox, !record.hasTags, !record.hasNote,
        FieldScanner.trimmed(bytes, from: afterBox, to: end).isEmpty
      {
        return .spaceAfterEmptyBox
      }
      return .none
    }

    /// The bytes after the fields.
    var bytes: [UInt8] {
      switch self {
      case .none: return []
      case .spaceBreak: return [ASCII.space, ASCII.space]
      case .backslashBreak: return [ASCII.space, ASCII.backslash]
      case .spaceAfterEmptyBox: return [ASCII.space]
      }
    }
  }

  /// Everything before the checkbox (indent, bullet, gap), or a heading's indent and
  /// `#`s.
  var prefix: [UInt8]
  var isHeading: Bool
  var isChecked: Bool
  /// The name, escaped as written.
  var name: [UInt8]
  /// Each tag as written: `@key` or `@key(value)`.
  var tags: [[UInt8]]
  /// The note's text (after `# `), or `nil`.
  var note: [UInt8]?
  /// What follows the fields.
  var ending: Ending = .none

  /// Takes apart the parsed line `record`, which must be an item or a heading.
  init(_ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>) {
    isHeading = record.kind == .heading
    isChecked = record.isChecked
    let start = Int(record.start)
    if isHeading {
      var index = start
      while ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
      while index < Int(record.end), bytes[index] == ASCII.hash { index += 1 }
      prefix = Array(bytes[start..<index])
    } else {
      prefix = Array(bytes[start..<Int(record.mark)])
    }
    name = Array(bytes[ParsedLine(record, bytes).nameRange])
    tags = ParsedLine(record, bytes).tagSpans.map { Array(bytes[$0.whole]) }
    note = ParsedLine(record, bytes).noteRange.map { Array(bytes[$0]) }
    ending = Ending.of(record, in: bytes)
  }

  /// Whether the two hold the same fields: the box, name, tags and note (a line
  /// composed from either reads the same).
  func holdsTheSameFields(as other: EditableLine) -> Bool {
    isChecked == other.isChecked && name == other.name && tags == other.tags
      && note == other.note && prefix == other.prefix
  }

  /// A new item line.
  init(itemPrefix: [UInt8], name: [UInt8]) {
    prefix = itemPrefix
    isHeading = false
    isChecked = false
    self.name = name
    tags = []
    note = nil
  }

  /// A new heading line.
  init(headingPrefix: [UInt8], name: [UInt8]) {
    prefix = headingPrefix
    isHeading = true
    isChecked = false
    self.name = name
    tags = []
    note = nil
  }

  /// The line's content in canonical form, without a line ending.
  var composed: [UInt8] {
    var output = prefix
    output.reserveCapacity(
      prefix.count + name.count + tags.reduce(0) { $0 + $1.count + 2 } + (note?.count ?? 0) + 12)
    if !isHeading {
      output.append(ASCII.openBracket)
      output.append(isChecked ? UInt8(ascii: "x") : ASCII.space)
      output.append(ASCII.closeBracket)
    }
    if !name.isEmpty {
      output.append(ASCII.space)
      output += name
    }
    // Bytes appended one by one: an array literal here is an allocation per line.
    for tag in tags {
      output.append(ASCII.space)
      output.append(ASCII.space)
      output += tag
    }
    if let note {
      output.append(ASCII.space)
      output.append(ASCII.space)
      output.append(ASCII.hash)
      if !note.isEmpty {
        output.append(ASCII.space)
        output += note
      }
    }
    if ending != .spaceAfterEmptyBox || (name.isEmpty && tags.isEmpty && note == nil) {
      output += ending.bytes
    }
    return output
  }

  /// Appends what `EditableLine(record, in: bytes).composed` would give after the
  /// prefix, for an item, without building the line: the checkbox, the name, the tags
  /// and the note, copied from the document.
  static func appendCanonical(
    _ record: LineRecord, in bytes: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer
  ) {
    output.append(ASCII.openBracket)
    output.append(record.isChecked ? UInt8(ascii: "x") : ASCII.space)
    output.append(ASCII.closeBracket)
    let name = ParsedLine(record, bytes).nameRange
    if !name.isEmpty {
      output.append(ASCII.space)
      output.append(UnsafeBufferPointer(rebasing: bytes[name]))
    }
    if record.hasTags {
      ParsedLine(record, bytes).forEachTag { tag in
        output.append(ASCII.space, repeating: 2)
        if let separator = tag.dueTimeSeparator(in: bytes) {
          // `@due(2024-06-01T09:30)` is written with the space.
          output.append(UnsafeBufferPointer(rebasing: bytes[tag.whole.lowerBound..<separator]))
          output.append(ASCII.space)
          output.append(
            UnsafeBufferPointer(rebasing: bytes[(separator + 1)..<tag.whole.upperBound]))
        } else {
          output.append(UnsafeBufferPointer(rebasing: bytes[tag.whole]))
        }
      }
    }
    if let note = ParsedLine(record, bytes).noteRange {
      output.append(ASCII.space, repeating: 2)
      output.append(ASCII.hash)
      if !note.isEmpty {
        output.append(ASCII.space)
        output.append(UnsafeBufferPointer(rebasing: bytes[note]))
      }
    }
    Ending.of(record, in: bytes).bytes.withUnsafeBufferPointer { output.append($0) }
  }

  /// Whether the item line already reads exactly as `appendCanonical` would write it
  /// after a prefix of `indent` spaces and its canonical bullet (`-`, or its own
  /// number and delimiter), so that its bytes can be copied as they are.
  ///
  /// - Parameter bullet: the bullet's range when the item keeps its own (or has a
  ///   number); `nil` for `-`.
  @inline(__always)
  static func isCanonical(
    _ record: LineRecord, indent: Int, bullet: Range<Int>? = nil,
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let start = Int(record.start)
    let mark = Int(record.mark)
    let end = Int(record.end)
    var index = start
    while index < start + indent {
      guard bytes[index] == ASCII.space else { return false }
      index += 1
    }
    if ASCII.isDigit(bytes[index]) {
      while ASCII.isDigit(bytes[index]) { index += 1 }
      index += 1
    } else {
      guard bytes[index] == (bullet.map { bytes[$0.lowerBound] } ?? ASCII.dash) else {
        return false
      }
      index += 1
    }
    guard index + 1 == mark, bytes[index] == ASCII.space,
      bytes[mark + 1] == (record.isChecked ? UInt8(ascii: "x") : ASCII.space)
    else { return false }
    var cursor = mark + 3
    let line = ParsedLine(record, bytes)
    let name = line.nameRange
    if !name.isEmpty {
      guard name.lowerBound == cursor + 1, bytes[cursor] == ASCII.space else { return false }
      cursor = name.upperBound
    }
    if record.hasTags {
      var tags = line.tagSpanIterator
      while let tag = tags.next() {
        guard tag.whole.lowerBound == cursor + 2, bytes[cursor] == ASCII.space,
          bytes[cursor + 1] == ASCII.space, tag.dueTimeSeparator(in: bytes) == nil
        else { return false }
        cursor = tag.whole.upperBound
      }
    }
    if let note = line.noteRange {
      let hash = Int(record.note)
      guard hash == cursor + 2, bytes[cursor] == ASCII.space, bytes[cursor + 1] == ASCII.space
      else { return false }
      if note.isEmpty {
        cursor = hash + 1
      } else {
        guard note.lowerBound == hash + 2, bytes[hash + 1] == ASCII.space else { return false }
        cursor = note.upperBound
      }
    }
    // The ending compared in place (its `bytes` would make an array for every line).
    switch Ending.of(record, in: bytes) {
    case .none: return end == cursor
    case .spaceBreak:
      return end - cursor == 2 && bytes[cursor] == ASCII.space && bytes[cursor + 1] == ASCII.space
    case .backslashBreak:
      return end - cursor == 2 && bytes[cursor] == ASCII.space
        && bytes[cursor + 1] == ASCII.backslash
    case .spaceAfterEmptyBox: return end - cursor == 1 && bytes[cursor] == ASCII.space
    }
  }

  /// The key of a tag as written.
  static func key(of tag: [UInt8]) -> ArraySlice<UInt8> {
    let end = tag.firstIndex(of: ASCII.openParen) ?? tag.count
    return tag[1..<end]
  }

  func index(ofTag key: ChecklistTag.Key) -> Int? {
    tags.firstIndex { Self.key(of: $0).elementsEqual(key.utf8) }
  }

  func hasTag(_ key: ChecklistTag.Key) -> Bool {
    index(ofTag: key) != nil
  }

  /// Sets the first tag with `key` (in place), or adds it before `@id` when there is
  /// one, else after the last tag.
  ///
  /// - Parameter value: the value, already escaped; `nil` for a tag without one.
  mutating func setTag(_ key: ChecklistTag.Key, escapedValue value: [UInt8]?) {
    setTag(named: Array(key.utf8), escapedValue: value)
  }

  /// `setTag` for a key of any name.
  mutating func setTag(named key: [UInt8], escapedValue value: [UInt8]?) {
    var text = [ASCII.at] + key
    if let value { text += [ASCII.openParen] + value + [ASCII.closeParen] }
    if let existing = tags.firstIndex(where: { Self.key(of: $0).elementsEqual(key) }) {
      tags[existing] = text
    } else if let id = index(ofTag: .id) {
      tags.insert(text, at: id)
    } else {
      tags.append(text)
    }
  }

  /// Removes every tag with `key`, with its separator.
  mutating func removeTags(_ key: ChecklistTag.Key) {
    removeTags(named: Array(key.utf8))
  }

  /// `removeTags` for a key of any name.
  mutating func removeTags(named key: [UInt8]) {
    tags.removeAll { Self.key(of: $0).elementsEqual(key) }
  }
}
