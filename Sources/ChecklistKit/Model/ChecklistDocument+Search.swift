/// Finding items by a few typed characters, as a filter does on every keystroke.
extension ChecklistDocument {
  /// A lower-cased search text, ready to be looked for in items (`item(atLine:matches:)`).
  public struct SearchText: Sendable, Hashable {
    /// The text, lower case.
    public let text: String
    /// Its UTF-8 bytes, when every one is ASCII: then a line is searched as bytes,
    /// folding ASCII case, with no string made.
    let ascii: [UInt8]?

    /// A search for `text` (any case).
    public init(_ text: String) {
      self.text = text.lowercased()
      let bytes = Array(self.text.utf8)
      ascii = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }
  }

  /// Whether the item on a 1-based line has `search` in its name, its note or its ID,
  /// in any case (what `chk tui`'s filter shows).
  ///
  /// An ASCII search reads the line's bytes where the name, the note and the ID are,
  /// without decoding them; a name or note holding an escape, and any other search,
  /// is decoded and compared as text.
  ///
  /// - Complexity: O(*m*) in the line's length.
  public func item(atLine line: Int, matches search: SearchText) -> Bool {
    guard line >= 1, line <= lines.count, lines[line - 1].kind == .item else { return false }
    guard let needle = search.ascii else { return slowMatch(line, search.text) }
    if needle.isEmpty { return true }
    return bytes.withUnsafeBufferPointer { buffer -> Bool? in
      let parsed = ParsedLine(lines[line - 1], buffer)
      var ranges = [parsed.nameRange]
      if let note = parsed.noteRange { ranges.append(note) }
      if let id = parsed.tag(.id)?.value { ranges.append(id) }
      for range in ranges {
        // An escape (`\#`) stands for other text than its bytes: decode, then compare.
        if buffer[range].contains(ASCII.backslash) { return nil }
        if Self.contains(buffer[range], needle) { return true }
      }
      return false
    } ?? slowMatch(line, search.text)
  }

  private func slowMatch(_ line: Int, _ words: String) -> Bool {
    guard let item = itemFields(atLine: line) else { return false }
    return item.name.lowercased().contains(words)
      || (item.note?.lowercased().contains(words) ?? false)
      || (item.id?.lowercased().contains(words) ?? false)
  }

  /// Whether `haystack` holds `needle` (lower-case ASCII), folding ASCII case.
  private static func contains(_ haystack: Slice<UnsafeBufferPointer<UInt8>>, _ needle: [UInt8])
    -> Bool
  {
    let count = needle.count
    guard haystack.count >= count, let first = needle.first else { return false }
    var index = haystack.startIndex
    let last = haystack.endIndex - count
    while index <= last {
      if haystack[index] | 0x20 == first | 0x20, Self.lowered(haystack[index]) == first {
        var offset = 1
        while offset < count, Self.lowered(haystack[index + offset]) == needle[offset] {
          offset += 1
        }
        if offset == count { return true }
      }
      index += 1
    }
    return false
  }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
