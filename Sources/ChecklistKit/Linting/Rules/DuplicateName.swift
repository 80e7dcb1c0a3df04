extension LintRule {
  /// `duplicate-name` (warning): two items with the same name in a list.
  public static let duplicateName = LintRule(
    .duplicateName, "duplicate-name", .warning, summary: "two items with the same name in one list")
}

extension LintPass {
  mutating func checkDuplicateName(
    _ index: Int, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let hasEscape = Self.containsBackslash(bytes, name)
    let key: [UInt8]? = hasEscape ? Array(bytes.decodedName(name).utf8) : nil
    let hash: UInt32
    if let key {
      hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<$0.count) }
    } else {
      hash = FirstOccurrenceTable.hash(bytes, name)
    }
    let first = names.firstIndex(hash: hash, storing: Int32(index)) { other in
      let otherName = ParsedLine(lines[Int(other)], bytes).nameRange
      let otherHasEscape = Self.containsBackslash(bytes, otherName)
      if key == nil, !otherHasEscape {
        return otherName.count == name.count
          && UnsafeBufferPointer(rebasing: bytes[otherName]).elementsEqual(
            UnsafeBufferPointer(rebasing: bytes[name]))
      }
      return bytes.decodedName(otherName)
        == bytes.decodedName(name)
    }
    if let first {
      let place = listName.map { "in '\($0)'" } ?? "before the first heading"
      report(
        .duplicateName, line: index, columns: name,
        "another item \(place) is named '\(bytes.decodedName(name))' "
          + "(line \(first + 1))")
    }
  }

  private static func containsBackslash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    find(ASCII.backslash, bytes, range) != nil
  }
}
