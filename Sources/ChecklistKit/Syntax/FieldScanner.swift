/// Splits the text of an item or heading line into name, tags and note, per the
/// format's rules, by scanning bytes in place.
///
/// All offsets are absolute indices into the buffer. Every function here is linear in
/// the length of the range it is given, whatever the input: tags are parsed backwards
/// from the end of the line so that a long line of near-tags cannot cause rescans.
enum FieldScanner {
  /// The offset of the `#` that starts the note, or `nil`.
  ///
  /// The note starts at the first `#` that follows two or more spaces or tabs (counted
  /// from `lower`) and is followed by a space, a tab or the end of the range.
  ///
  /// - Complexity: O(*n*) in the length of the range.
  static func noteHash(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int)
    -> Int?
  {
    var index = lower
    while let hash = ByteSearch.first(ASCII.hash, in: bytes, from: index, to: upper) {
      if hash - lower >= 2, ASCII.isSpaceOrTab(bytes[hash - 1]),
        ASCII.isSpaceOrTab(bytes[hash - 2]),
        hash + 1 == upper || ASCII.isSpaceOrTab(bytes[hash + 1])
      {
        return hash
      }
      index = hash + 1
    }
    return nil
  }

  /// The range of the trailing tags in `lower..<upper`, or `nil` when there are none.
  ///
  /// The tags are the longest tail that is two or more spaces or tabs followed by
  /// nothing but tags; when everything after `lower` (past leading blanks) is tags,
  /// all of it is. The returned range starts at the first tag's `@` and ends after the
  /// last tag.
  ///
  /// - Complexity: O(*n*) in the length of the range.
  static func trailingTags(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int)
    -> Range<Int>?
  {
    var end = upper
    while end > lower, ASCII.isSpaceOrTab(bytes[end &- 1]) { end &-= 1 }
    switch forwardTags(bytes, from: lower, to: end) {
    case .some(let tags): return tags
    case .none: return nil
    case .unknown: break
    }
    var candidate: Int?
    var position = end
    while position > lower {
      guard let tagStart = tagStart(bytes, endingAt: position, lower: lower) else { break }
      var blanks = tagStart
      while blanks > lower, ASCII.isSpaceOrTab(bytes[blanks - 1]) { blanks -= 1 }
      if blanks == lower {
        candidate = tagStart
        break
      }
      let separator = tagStart - blanks
      if separator == 0 { break }
      if separator >= 2 { candidate = tagStart }
      position = blanks
    }
    guard let first = candidate else { return nil }
    return first..<end
  }

  private enum ForwardResult {
    case some(Range<Int>)
    case none
    case unknown
  }

  /// The common case, read forwards: the tags start at the first `@` after two blanks,
  /// and everything from there to `end` is tags. When the line is not that simple (a
  /// name that starts with `@`, or a tag-like word that is not followed by tags only),
  /// the answer is `unknown` and the backward scan decides.
  @inline(__always)
  private static func forwardTags(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to end: Int)
    -> ForwardResult
  {
    var first = lower
    while first < end, ASCII.isSpaceOrTab(bytes[first]) { first &+= 1 }
    if first < end, bytes[first] == ASCII.at { return .unknown }
    var search = first
    var start = -1
    while search < end {
      guard let at = ByteSearch.first(ASCII.at, in: bytes, from: search, to: end) else {
        return .none
      }
      if at &- 2 >= lower, ASCII.isSpaceOrTab(bytes[at &- 1]), ASCII.isSpaceOrTab(bytes[at &- 2]) {
        start = at
        break
      }
      search = at &+ 1
    }
    guard start >= 0 else { return .none }
    var index = start
    while true {
      // One tag: @key or @key(value), the value without unescaped parentheses.
      guard index &+ 1 < end, bytes[index] == ASCII.at, ASCII.isLowercaseLetter(bytes[index &+ 1])
      else { return .unknown }
      index &+= 2
      while index < end, ASCII.isTagKeyByte(bytes[index]) { index &+= 1 }
      if index < end, bytes[index] == ASCII.openParen {
        // The value ends at the first ')'; one with '(' or '\\' in it goes the slow way.
        index &+= 1
        while true {
          guard index < end else { return .unknown }
          let byte = bytes[index]
          if byte == ASCII.closeParen { break }
          if byte == ASCII.openParen || byte == ASCII.backslash { return .unknown }
          index &+= 1
        }
        index &+= 1
      }
      if index == end { return .some(start..<end) }
      guard ASCII.isSpaceOrTab(bytes[index]) else { return .unknown }
      while index < end, ASCII.isSpaceOrTab(bytes[index]) { index &+= 1 }
    }
  }

  /// The offset of the `@` of a tag that ends exactly at `end`, or `nil`.
  private static func tagStart(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int, lower: Int)
    -> Int?
  {
    var keyEnd = end
    if bytes[end - 1] == ASCII.closeParen {
      if isEscaped(bytes, end - 1, lower: lower) { return nil }
      var index = end - 2
      while index >= lower {
        let byte = bytes[index]
        // "(" is 0x28 and ")" is 0x29: one test finds either.
        if byte & 0xFE == ASCII.openParen, !isEscaped(bytes, index, lower: lower) {
          if byte == ASCII.closeParen { return nil }
          break
        }
        index -= 1
      }
      if index < lower { return nil }
      keyEnd = index
    }
    var keyStart = keyEnd
    while keyStart > lower, ASCII.isTagKeyByte(bytes[keyStart - 1]) { keyStart -= 1 }
    guard keyStart < keyEnd, keyStart > lower, bytes[keyStart - 1] == ASCII.at,
      ASCII.isLowercaseLetter(bytes[keyStart])
    else { return nil }
    return keyStart - 1
  }

  /// Whether the byte at `index` is escaped by an odd run of backslashes before it.
  @inline(__always)
  static func isEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, lower: Int) -> Bool {
    var count = 0
    var cursor = index
    while cursor > lower, bytes[cursor - 1] == ASCII.backslash {
      count += 1
      cursor -= 1
    }
    return count & 1 == 1
  }

  /// Where a hard line break starts when `lower..<upper` (a line's content) ends with
  /// one: two spaces as its last bytes, or a backslash that is not itself escaped (as
  /// cmark reads them). The break is the trailing run of blanks, or the backslash with
  /// the blanks before it; `nil` when the line ends with neither.
  ///
  /// Whether it is a break at all depends on the next line continuing the paragraph:
  /// the parser asks only then.
  static func hardBreak(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int)
    -> Int?
  {
    guard upper > lower else { return nil }
    var start: Int
    if bytes[upper - 1] == ASCII.backslash {
      guard !isEscaped(bytes, upper - 1, lower: lower) else { return nil }
      start = upper - 1
    } else if upper - lower >= 2, bytes[upper - 1] == ASCII.space, bytes[upper - 2] == ASCII.space {
      start = upper - 2
    } else {
      return nil
    }
    while start > lower, ASCII.isSpaceOrTab(bytes[start - 1]) { start -= 1 }
    return start
  }

  /// The bounds of `lower..<upper` without leading and trailing spaces and tabs.
  @inline(__always)
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int)
    -> Range<Int>
  {
    var start = lower
    var end = upper
    while start < end, ASCII.isSpaceOrTab(bytes[start]) { start += 1 }
    while end > start, ASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  /// Splits the text after an item's checkbox.
  ///
  /// - Parameters:
  ///   - afterBox: the offset just past the `]`.
  ///   - end: the end of the line's content.
  ///   - record: receives `tagsStart`, `tagsEnd` and `note`.
  @inline(__always)
  static func splitItem(
    _ bytes: UnsafeBufferPointer<UInt8>, afterBox: Int, end: Int, into record: inout LineRecord
  ) {
    if splitSimpleItem(bytes, afterBox: afterBox, end: end, into: &record) { return }
    splitItemInGeneral(bytes, afterBox: afterBox, end: end, into: &record)
  }

  /// `splitItem` by the rules as written: the note, then the tags backwards.
  static func splitItemInGeneral(
    _ bytes: UnsafeBufferPointer<UInt8>, afterBox: Int, end: Int, into record: inout LineRecord
  ) {
    var textEnd = end
    if let hash = noteHash(bytes, from: afterBox, to: end) {
      record.note = UInt32(truncatingIfNeeded: hash)
      textEnd = hash
      while textEnd > afterBox, ASCII.isSpaceOrTab(bytes[textEnd - 1]) { textEnd -= 1 }
    } else {
      record.note = LineRecord.noNote
    }
    setTags(bytes, from: afterBox, to: textEnd, into: &record)
  }

  /// Whether the `#` at `hash` starts a note: two blanks before it (after `lower`) and
  /// a blank or the end after it.
  @inline(__always)
  private static func isNoteHash(
    _ bytes: UnsafeBufferPointer<UInt8>, _ hash: Int, lower: Int, upper: Int
  )
    -> Bool
  {
    hash &- lower >= 2 && ASCII.isSpaceOrTab(bytes[hash &- 1])
      && ASCII.isSpaceOrTab(bytes[hash &- 2])
      && (hash &+ 1 == upper || ASCII.isSpaceOrTab(bytes[hash &+ 1]))
  }

  /// The common item line in one forward pass over its text: a name, then optionally
  /// tags after two blanks, then optionally a note. Returns false, having set nothing,
  /// for anything less simple (text that starts with `@`, a tag-like word followed by
  /// more name, a value with `(`, `\\` or `#` in it), which `splitItemInGeneral`
  /// handles.
  @inline(__always)
  private static func splitSimpleItem(
    _ bytes: UnsafeBufferPointer<UInt8>, afterBox: Int, end: Int, into record: inout LineRecord
  ) -> Bool {
    var index = afterBox
    while index < end, ASCII.isSpaceOrTab(bytes[index]) { index &+= 1 }
    if index < end, bytes[index] == ASCII.at { return false }
    var tagsStart = -1
    var tagsEnd = -1
    var note = -1
    search: while let found = ByteSearch.first(
      ASCII.at, or: ASCII.hash, in: bytes, from: index, to: end)
    {
      if bytes[found] == ASCII.hash {
        if isNoteHash(bytes, found, lower: afterBox, upper: end) {
          note = found
          break search
        }
        index = found &+ 1
        continue
      }
      guard found &- 2 >= afterBox, ASCII.isSpaceOrTab(bytes[found &- 1]),
        ASCII.isSpaceOrTab(bytes[found &- 2])
      else {
        index = found &+ 1
        continue
      }
      // Tags from here to the end or to a note; anything else is not simple.
      tagsStart = found
      index = found
      while true {
        guard index &+ 1 < end, bytes[index] == ASCII.at, ASCII.isLowercaseLetter(bytes[index &+ 1])
        else { return false }
        index &+= 2
        while index < end, ASCII.isTagKeyByte(bytes[index]) { index &+= 1 }
        if index < end, bytes[index] == ASCII.openParen {
          index &+= 1
          while true {
            guard index < end else { return false }
            let byte = bytes[index]
            if byte == ASCII.closeParen { break }
            if byte == ASCII.openParen || byte == ASCII.backslash || byte == ASCII.hash {
              return false
            }
            index &+= 1
          }
          index &+= 1
        }
        tagsEnd = index
        if index == end { break search }
        guard ASCII.isSpaceOrTab(bytes[index]) else { return false }
        while index < end, ASCII.isSpaceOrTab(bytes[index]) { index &+= 1 }
        if index == end { break search }
        if bytes[index] == ASCII.hash {
          guard isNoteHash(bytes, index, lower: afterBox, upper: end) else { return false }
          note = index
          break search
        }
      }
    }
    if note >= 0 {
      record.note = UInt32(truncatingIfNeeded: note)
    } else {
      record.note = LineRecord.noNote
    }
    if tagsStart >= 0 {
      record.tagsStart = UInt32(truncatingIfNeeded: tagsStart)
      record.tagsEnd = UInt32(truncatingIfNeeded: tagsEnd)
    } else {
      var textEnd = note >= 0 ? note : end
      while textEnd > afterBox, ASCII.isSpaceOrTab(bytes[textEnd &- 1]) { textEnd &-= 1 }
      record.tagsStart = UInt32(truncatingIfNeeded: textEnd)
      record.tagsEnd = record.tagsStart
    }
    return true
  }

  /// Splits a heading's text: removes the closing `#` sequence, then finds the tags.
  ///
  /// - Parameters:
  ///   - afterMarker: the offset just past the opening `#`s.
  ///   - end: the end of the line's content.
  @inline(__always)
  static func splitHeading(
    _ bytes: UnsafeBufferPointer<UInt8>, afterMarker: Int, end: Int, into record: inout LineRecord
  ) {
    var textEnd = end
    while textEnd > afterMarker, ASCII.isSpaceOrTab(bytes[textEnd - 1]) { textEnd -= 1 }
    var runStart = textEnd
    while runStart > afterMarker, bytes[runStart - 1] == ASCII.hash { runStart -= 1 }
    if runStart < textEnd,
      runStart == afterMarker || ASCII.isSpaceOrTab(bytes[runStart - 1])
    {
      textEnd = runStart
      while textEnd > afterMarker, ASCII.isSpaceOrTab(bytes[textEnd - 1]) { textEnd -= 1 }
    }
    var titleStart = afterMarker
    while titleStart < textEnd, ASCII.isSpaceOrTab(bytes[titleStart]) { titleStart += 1 }
    record.mark = UInt32(truncatingIfNeeded: titleStart)
    record.note = LineRecord.noNote
    setTags(bytes, from: afterMarker, to: textEnd, into: &record)
  }

  @inline(__always)
  private static func setTags(
    _ bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int,
    into record: inout LineRecord
  ) {
    if let tags = trailingTags(bytes, from: lower, to: upper) {
      record.tagsStart = UInt32(truncatingIfNeeded: tags.lowerBound)
      record.tagsEnd = UInt32(truncatingIfNeeded: tags.upperBound)
    } else {
      var end = upper
      while end > lower, ASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
      record.tagsStart = UInt32(truncatingIfNeeded: end)
      record.tagsEnd = record.tagsStart
    }
  }
}
