extension LintRule {
  /// `duplicate-name` (off; warning when enabled): two sibling items with the same name.
  public static let duplicateName = LintRule(
    .duplicateName, "duplicate-name", .off, enabled: .warning,
    summary: "two items with the same name under the same parent item (or at the top of "
      + "one list)")
}

extension LintPass {
  /// Reports an item named like an earlier sibling: an item under the same parent
  /// (`parent`, -1 for none) in the same list.
  mutating func checkDuplicateName(
    _ index: Int, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, parent: Int
  ) {
    let hasEscape = Self.containsBackslash(bytes, name)
    let key: [UInt8]? = hasEscape ? Array(bytes.decodedName(name).utf8) : nil
    var hash: UInt32
    if let key {
      hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<$0.count) }
    } else {
      hash = FirstOccurrenceTable.hash(bytes, name)
    }
    // Siblings share a parent: it goes into the hash, and the comparison checks it.
    hash = (hash ^ UInt32(truncatingIfNeeded: parent &* 0x9E37_79B1)) | 1
    if parent >= 0 { parents[Int32(index)] = Int32(parent) }
    let depth = lines[index].depth
    let first = names.firstIndex(hash: hash, storing: Int32(index)) { other in
      guard Int(parents[other] ?? -1) == parent, lines[Int(other)].depth == depth else {
        return false
      }
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
      let place =
        parent >= 0
        ? "under the same item" : listName.map { "in '\($0)'" } ?? "before the first heading"
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
