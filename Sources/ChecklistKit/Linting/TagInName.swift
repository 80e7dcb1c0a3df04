/// The `tag-in-name` rule's helpers: whether the end of a name is a run of tags, and
/// whether moving it out of the name raises no other finding.
enum TagInName {
  private static let knownKeys: [StaticString] = ["id", "done", "due", "icon"]

  /// Whether a known tag's `@` is at `position`.
  static func isKnownTag(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    var keyEnd = position + 1
    while keyEnd < bytes.count, ASCII.isTagKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    let key = (position + 1)..<keyEnd
    return knownKeys.contains { ChecklistDocument.equals(bytes, key, $0) }
  }

  /// `lower..<upper` when it is one or more tags separated by blanks.
  static func tail(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int) -> Range<
    Int
  >? {
    var index = lower
    while index < upper {
      guard bytes[index] == ASCII.at, index + 1 < upper, ASCII.isLowercaseLetter(bytes[index + 1])
      else { return nil }
      index += 1
      while index < upper, ASCII.isTagKeyByte(bytes[index]) { index += 1 }
      if index < upper, bytes[index] == ASCII.openParen {
        index += 1
        while index < upper, bytes[index] != ASCII.closeParen {
          if bytes[index] == ASCII.openParen { return nil }
          index += bytes[index] == ASCII.backslash ? 2 : 1
        }
        guard index < upper else { return nil }
        index += 1
      }
      guard index == upper || ASCII.isSpaceOrTab(bytes[index]) else { return nil }
      while index < upper, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    }
    return lower..<upper
  }

  /// Whether the tags in `tail` can become real tags of the item without a new finding:
  /// valid dates, `@done` only on a checked item, an unused valid ID, and no tag the
  /// line already has.
  static func canMove(
    _ tail: Range<Int>, record: LineRecord, tags: LintPassTags, bytes: UnsafeBufferPointer<UInt8>,
    ids document: ChecklistDocument
  ) -> Bool {
    var seen = Set<String>()
    var ok = true
    let name = ChecklistDocument.nameRange(record, in: bytes)
    let rest = FieldScanner.trimmed(bytes, from: name.lowerBound, to: tail.lowerBound)
    if rest.isEmpty { return false }
    var probe = record
    probe.tagsStart = UInt32(tail.lowerBound)
    probe.tagsEnd = UInt32(tail.upperBound)
    ChecklistDocument.forEachTag(probe, in: bytes) { span in
      let key = ChecklistDocument.string(bytes, span.key)
      if !seen.insert(key).inserted { ok = false }
      switch key {
      case "done":
        if tags.hasDone || !record.isChecked { ok = false }
        if span.value.flatMap({ Checklist.Day.parse(bytes, $0) }) == nil { ok = false }
      case "due":
        if tags.hasDue { ok = false }
        if span.value.flatMap({ Checklist.Day.parse(bytes, $0) }) == nil { ok = false }
      case "id":
        guard !tags.hasID, let value = span.value, LintPassTags.isValidID(value, bytes) else {
          ok = false
          return
        }
        if document.existingIDs().contains(ChecklistDocument.string(bytes, value)) { ok = false }
      case "icon":
        if tags.hasIcon { ok = false }
      default:
        break
      }
    }
    return ok
  }
}
