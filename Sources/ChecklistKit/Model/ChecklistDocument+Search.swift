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
    item(atLine: line, has: search, namesOnly: false)
  }

  /// Whether the name of the item on a 1-based line has `search` in it, in any case (an
  /// ITEM written `/TEXT`), read as `item(atLine:matches:)` reads it.
  ///
  /// - Complexity: O(*m*) in the line's length.
  public func itemName(atLine line: Int, contains search: SearchText) -> Bool {
    item(atLine: line, has: search, namesOnly: true)
  }

  /// The 1-based lines of the items whose names hold `text`, in any case (an ITEM
  /// written `/TEXT`): read from the lines' bytes, with no item made (a name is decoded
  /// only where it holds an escape, or for a search that is not ASCII). An empty text is
  /// in every name.
  ///
  /// - Complexity: O(*n*) in the size of the document.
  public func itemLines(withNameContaining text: String) -> [Int] {
    let search = SearchText(text)
    return lines.indices.compactMap { index in
      lines[index].kind == .item && itemName(atLine: index + 1, contains: search)
        ? index + 1 : nil
    }
  }

  private func item(atLine line: Int, has search: SearchText, namesOnly: Bool) -> Bool {
    guard line >= 1, line <= lines.count, lines[line - 1].kind == .item else { return false }
    guard let needle = search.ascii else { return slowMatch(line, search.text, namesOnly) }
    if needle.isEmpty { return true }
    return bytes.withUnsafeBufferPointer { buffer -> Bool? in
      let parsed = ParsedLine(lines[line - 1], buffer)
      var ranges = [parsed.nameRange]
      if !namesOnly, let note = parsed.noteRange { ranges.append(note) }
      if !namesOnly, let id = parsed.tag(.id)?.value { ranges.append(id) }
      for range in ranges {
        // An escape (`\#`) stands for other text than its bytes: decode, then compare.
        if buffer[range].contains(ASCII.backslash) { return nil }
        if Self.contains(buffer[range], needle) { return true }
      }
      return false
    } ?? slowMatch(line, search.text, namesOnly)
  }

  private func slowMatch(_ line: Int, _ words: String, _ namesOnly: Bool) -> Bool {
    guard let item = itemFields(atLine: line) else { return false }
    if namesOnly { return item.name.lowercased().contains(words) }
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
