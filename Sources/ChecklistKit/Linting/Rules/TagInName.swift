extension LintRule {
  /// `tag-in-name` (warning, fixable): a known tag inside the name.
  public static let tagInName = LintRule(
    .tagInName, "tag-in-name", .warning,
    summary: "a known tag inside the name (after a single space, so it is part of the name)",
    fix: "separates it with two spaces, when the tag then raises no other finding")
}

extension LintPass {
  /// A known tag after a single blank inside the name.
  mutating func checkTagInName(
    _ index: Int, _ line: ParsedLine, _ name: Range<Int>, _ tags: LintPassTags
  ) {
    let bytes = line.bytes
    var position = name.lowerBound
    while let at = Self.find(ASCII.at, bytes, position..<name.upperBound) {
      position = at
      guard position > name.lowerBound, ASCII.isSpaceOrTab(bytes[position - 1]) else {
        position += 1
        continue
      }
      var keyEnd = position + 1
      while keyEnd < name.upperBound, ASCII.isTagKeyByte(bytes[keyEnd]) { keyEnd += 1 }
      guard TagInName.isKnownTag(bytes, at: position) else {
        position = keyEnd
        continue
      }
      let tail = TagInName.tail(bytes, from: position, to: name.upperBound)
      var fixable = false
      if let tail, findsFixes {
        // The document's IDs are gathered (once per pass) only for a tail with an @id,
        // and looked up where they are: a copy would count a reference to a set that
        // the other thread's pass reads too.
        let mentionsID = TagInName.mentionsID(bytes, tail)
        if mentionsID { _ = allIDHashes() }
        fixable = TagInName.canMove(tail, in: line, tags: tags) { value in
          mentionsID && isUsedID(LintPass.idHash(bytes, value))
        }
      }
      // The quoted text stays a slice of the document's bytes until it is shown.
      if tail == nil, let glued = TagInName.gluedRun(bytes, from: position, to: name.upperBound) {
        // `@due(2024-01-01)@id(zz)`: the blank before it is not what is missing.
        report(
          .tagInName, line: index, columns: glued,
          text: .gluedTags(Diagnostic.Quote(glued, of: bytes, shared: document.bytes[glued])),
          fix: nil)
        return
      }
      let shown = position..<(tail?.upperBound ?? keyEnd)
      report(
        .tagInName, line: index, columns: shown,
        text: .tagInName(Diagnostic.Quote(shown, of: bytes, shared: document.bytes[shown])),
        fix: fixable ? .separateTag : nil)
      return
    }
  }
}

/// The `tag-in-name` rule's helpers: whether the end of a name is a run of tags, and
/// whether moving it out of the name raises no other finding.
enum TagInName {
  /// Whether a known tag's `@` is at `position`.
  static func isKnownTag(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    var keyEnd = position + 1
    while keyEnd < bytes.count, ASCII.isTagKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    return ChecklistTag.Key.known(in: bytes, (position + 1)..<keyEnd) != nil
  }

  /// The run of text from `lower` to the next blank when a `)` in it is directly
  /// followed by `@` and a letter (tags written without a blank between them).
  static func gluedRun(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int)
    -> Range<Int>?
  {
    var end = lower
    var glued = false
    while end < upper, !ASCII.isSpaceOrTab(bytes[end]) {
      if bytes[end] == ASCII.closeParen, end + 2 < upper, bytes[end + 1] == ASCII.at,
        ASCII.isLowercaseLetter(bytes[end + 2])
      {
        glued = true
      }
      end += 1
    }
    return glued ? lower..<end : nil
  }

  /// Whether `@id` appears in the range.
  static func mentionsID(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    while index + 3 <= range.upperBound {
      if bytes[index] == ASCII.at, bytes[index + 1] == UInt8(ascii: "i"),
        bytes[index + 2] == UInt8(ascii: "d")
      {
        return true
      }
      index += 1
    }
    return false
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
    _ tail: Range<Int>, in line: ParsedLine, tags: LintPassTags, isUsedID: (Range<Int>) -> Bool
  ) -> Bool {
    let bytes = line.bytes
    let name = line.nameRange
    let rest = FieldScanner.trimmed(bytes, from: name.lowerBound, to: tail.lowerBound)
    if rest.isEmpty { return false }
    var probe = line.record
    probe.tagsStart = UInt32(tail.lowerBound)
    probe.tagsEnd = UInt32(tail.upperBound)
    // The keys seen so far, as byte ranges, on the stack (this runs for every finding
    // of a file whose tags lost their second blank): a tag takes two bytes at least.
    return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: tail.count / 2 + 1) {
      seen in
      var seenCount = 0
      var ok = true
      var spans = ParsedLine(probe, bytes).tagSpanIterator
      while let span = spans.next() {
        let key = span.key
        if seen[..<seenCount].contains(where: { bytes.matches($0, key) }) { ok = false }
        if seenCount < seen.count {
          seen[seenCount] = key
          seenCount += 1
        }
        if !canBecomeTag(span, of: line, tags: tags, isUsedID: isUsedID) { ok = false }
      }
      return ok
    }
  }

  /// Whether one tag of a tail would be a valid tag of the line.
  private static func canBecomeTag(
    _ span: TagSpan, of line: ParsedLine, tags: LintPassTags, isUsedID: (Range<Int>) -> Bool
  ) -> Bool {
    let bytes = line.bytes
    guard let known = ChecklistTag.Key.known(in: bytes, span.key) else { return true }
    if tags.has(known) { return false }
    switch known.value {
    case .day:
      return span.value.flatMap({ CalendarDay.parse(bytes, $0) }) != nil
        && (known != .done || line.record.isChecked)
    case .identifier:
      guard let value = span.value else { return false }
      return LintPass.isValidID(value, bytes) && !isUsedID(value)
    case .moment:
      return span.value.flatMap({ DueMoment.parse(bytes, $0) }) != nil
    case .text:
      return true
    case .recurrence:
      let value = span.value.map { bytes.text($0) } ?? ""
      return Recurrence(value) != nil && line.tag(.due) != nil
    case .reminder:
      let value = span.value.map { bytes.text($0) } ?? ""
      return Reminder(value) != nil && line.tag(.due) != nil
    }
  }
}
