/// Writing user text into a line so that it parses back to exactly that text.
///
/// Escapes are added only where the grammar would otherwise misread the text: a `#`
/// that would start a note, an `@` that would start trailing tags, a closing `#`
/// run on a heading, `[x]` that GitHub would render as a checked box, and a backslash
/// that would itself read as an escape.
enum Escaping {
  /// Rejects line breaks and trims surrounding blanks.
  static func singleLine(_ text: String) throws(EditError) -> [UInt8] {
    let bytes = Array(text.utf8)
    if bytes.contains(where: { $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }) {
      throw .lineBreak(in: text)
    }
    return bytes.withUnsafeBufferPointer { buffer in
      Array(buffer[FieldScanner.trimmed(buffer, from: 0, to: buffer.count)])
    }
  }

  /// An item name as written after the checkbox.
  ///
  /// - Throws: `EditError.emptyName` for an empty or blank name, `.lineBreak`.
  static func itemName(_ name: String) throws(EditError) -> [UInt8] {
    var bytes = try singleLine(name)
    guard !bytes.isEmpty else { throw .emptyName }
    bytes = escapingBackslashes(bytes)
    bytes = escapingNoteHashes(bytes)
    bytes = escapingCheckedBoxes(bytes)
    bytes = escapingTrailingTags(bytes)
    return bytes
  }

  /// A heading title as written after the `#`s.
  static func headingName(_ name: String) throws(EditError) -> [UInt8] {
    var bytes = try singleLine(name)
    guard !bytes.isEmpty else { throw .emptyName }
    bytes = escapingBackslashes(bytes)
    bytes = escapingTrailingTags(bytes)
    var runStart = bytes.count
    while runStart > 0, bytes[runStart - 1] == ASCII.hash { runStart -= 1 }
    if runStart < bytes.count, runStart == 0 || ASCII.isSpaceOrTab(bytes[runStart - 1]) {
      bytes.insert(ASCII.backslash, at: runStart)
    }
    return bytes
  }

  /// A tag value, with `(`, `)` and `\` escaped.
  ///
  /// - Throws: `.lineBreak`, or `.unrepresentableValue` when the value holds two
  ///   blanks, `#` and a blank, which would start a note.
  static func tagValue(_ value: String) throws(EditError) -> [UInt8] {
    let bytes = try singleLine(value)
    let startsNote = bytes.withUnsafeBufferPointer {
      FieldScanner.noteHash($0, from: 0, to: $0.count) != nil
    }
    if startsNote { throw .unrepresentableValue(value) }
    return Array(ChecklistTag.escape(String(decoding: bytes, as: UTF8.self)).utf8)
  }

  /// A note's text: any single line.
  static func note(_ note: String) throws(EditError) -> [UInt8] {
    try singleLine(note)
  }

  /// Doubles a backslash that is followed by a character it would escape.
  private static func escapingBackslashes(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(ASCII.backslash) else { return bytes }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 2)
    for (index, byte) in bytes.enumerated() {
      output.append(byte)
      guard byte == ASCII.backslash, index + 1 < bytes.count else { continue }
      switch bytes[index + 1] {
      case ASCII.hash, ASCII.at, ASCII.openBracket, ASCII.closeBracket, ASCII.backslash:
        output.append(ASCII.backslash)
      default:
        break
      }
    }
    return output
  }

  /// Escapes every `#` that follows two blanks and precedes a blank or the end.
  private static func escapingNoteHashes(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    var index = output.count - 1
    while index >= 2 {
      if output[index] == ASCII.hash, ASCII.isSpaceOrTab(output[index - 1]),
        ASCII.isSpaceOrTab(output[index - 2]),
        index + 1 == output.count || ASCII.isSpaceOrTab(output[index + 1])
      {
        output.insert(ASCII.backslash, at: index)
      }
      index -= 1
    }
    return output
  }

  /// Writes `[x]` and `[X]` as `[x\]` so GitHub does not render the item checked.
  private static func escapingCheckedBoxes(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      output.append(bytes[index])
      if bytes[index] == ASCII.openBracket, index + 2 < bytes.count,
        bytes[index + 1] | 0x20 == UInt8(ascii: "x"), bytes[index + 2] == ASCII.closeBracket
      {
        output.append(bytes[index + 1])
        output.append(ASCII.backslash)
        output.append(ASCII.closeBracket)
        index += 3
        continue
      }
      index += 1
    }
    return output
  }

  /// Escapes the `@` of every tag in a trailing run that would read as tags.
  private static func escapingTrailingTags(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    while true {
      let tail = output.withUnsafeBufferPointer {
        FieldScanner.trailingTags($0, from: 0, to: $0.count)
      }
      guard let tail else { return output }
      output.insert(ASCII.backslash, at: tail.lowerBound)
    }
  }
}
