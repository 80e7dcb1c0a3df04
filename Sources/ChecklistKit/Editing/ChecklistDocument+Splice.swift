/// A line an edit writes: its content, and its ending (`nil` for the file's usual one).
struct NewLine {
  var content: [UInt8]
  var ending: [UInt8]?

  init(_ content: [UInt8], ending: [UInt8]? = nil) {
    self.content = content
    self.ending = ending
  }
}

/// What replacing lines did: which old lines went, how many new ones came, and which
/// old lines were parsed again (the only ones whose records can differ, apart from
/// their offsets).
struct Splice {
  /// The old lines replaced.
  var replaced: Range<Int>
  /// How many lines replaced them.
  var count: Int
  /// The old lines parsed again: from the heading before the change to the first
  /// unchanged heading after it (the replaced lines included).
  var reparsed: Range<Int>
  /// Whether every other line parsed again reads as before, for chk and on GitHub: its
  /// kind, its item parent, the list item it starts (and whether that starts a list),
  /// a hard break at its end, and how deep in lists and block quotes it sits.
  var keepsOtherLines: Bool

  /// Where an old line other than the replaced ones is now; `nil` for a replaced one.
  func mapped(_ old: Int) -> Int? {
    if old < replaced.lowerBound { return old }
    if old >= replaced.upperBound { return old - replaced.count + count }
    return nil
  }
}

/// The one place edits change bytes: replace whole lines, then re-parse only as much as
/// the change can affect.
extension ChecklistDocument {
  /// The offset where line `index` starts; the end of the bytes for `lineCount`.
  func startOffset(ofLine index: Int) -> Int {
    index < lines.count ? Int(lines[index].start) : bytes.count
  }

  /// The content of a line, without its ending.
  func content(ofLine index: Int) -> [UInt8] {
    Array(bytes[Int(lines[index].start)..<Int(lines[index].end)])
  }

  /// The ending of a line: LF, CRLF, CR, or empty for a last line without one.
  func ending(ofLine index: Int) -> [UInt8] {
    Array(bytes[Int(lines[index].end)..<startOffset(ofLine: index + 1)])
  }

  /// Whether the last line ends with a line ending (true for an empty file).
  var hasFinalLineEnding: Bool {
    guard let last = lines.last else { return true }
    return Int(last.end) < bytes.count
  }

  /// The ending new lines get: the file's most common one, LF when tied or when the
  /// file has none.
  ///
  /// - Complexity: O(*n*) in the number of lines; O(1) when the document holds no
  ///   carriage return.
  var preferredLineEnding: [UInt8] {
    guard mayContainCarriageReturn else { return [ASCII.lineFeed] }
    var lineFeeds = 0
    var crlf = 0
    var carriageReturns = 0
    for index in lines.indices {
      let end = Int(lines[index].end)
      let next = startOffset(ofLine: index + 1)
      switch next - end {
      case 2: crlf += 1
      case 1:
        if bytes[end] == ASCII.lineFeed { lineFeeds += 1 } else { carriageReturns += 1 }
      default: break
      }
    }
    if crlf > lineFeeds, crlf >= carriageReturns { return [ASCII.carriageReturn, ASCII.lineFeed] }
    if carriageReturns > lineFeeds, carriageReturns > crlf { return [ASCII.carriageReturn] }
    return [ASCII.lineFeed]
  }

  /// Replaces the lines in `range` with `newLines`.
  ///
  /// A line without an explicit ending gets `preferredLineEnding`. The presence or
  /// absence of a final line ending is kept: when the change reaches the end of a file
  /// that has none, the new last line has none either (deleting the last lines also
  /// drops the blank lines before them, which would otherwise end the file).
  ///
  /// - Returns: the lines actually replaced and how many lines replaced them, which
  ///   can be more than asked for at the end of a file without a final line ending,
  ///   and the lines parsed again.
  /// - Complexity: O(*n*) to move the bytes after the change (to copy them all when
  ///   another value shares them), plus re-parsing from the heading before the change
  ///   to the first heading after it that is unchanged.
  ///
  /// - Parameter checksGaps: whether `Splice.keepsOtherLines` also requires every other
  ///   line to keep a blank line before it, or none (for insertions, where a new blank
  ///   line inside a list would make it loose).
  @discardableResult
  mutating func replaceLines(
    _ range: Range<Int>, with newLines: [NewLine], checksGaps: Bool = false
  ) throws(EditError) -> Splice {
    var range = range
    var newLines = newLines
    if range.upperBound == lines.count, !hasFinalLineEnding {
      if newLines.isEmpty {
        var lower = range.lowerBound
        while lower > 0, lines[lower - 1].kind == .blank { lower -= 1 }
        if lower > 0 {
          newLines = [NewLine(content(ofLine: lower - 1))]
          lower -= 1
        }
        range = lower..<range.upperBound
      } else if range.isEmpty, let last = lines.indices.last {
        // Appending after a last line that has no ending: that line gets one.
        newLines.insert(NewLine(content(ofLine: last)), at: 0)
        range = last..<range.upperBound
      }
      if !newLines.isEmpty { newLines[newLines.count - 1].ending = [] }
    }
    let needsDefault = newLines.contains { $0.ending == nil }
    let defaultEnding = needsDefault ? preferredLineEnding : []
    for index in newLines.indices where newLines[index].ending == nil {
      newLines[index].ending = defaultEnding
    }
    // A lone CR followed by a line that starts with LF would read as one CRLF, merging
    // two lines: give the empty line after a lone CR a CR ending too.
    if range.lowerBound > 0, ending(ofLine: range.lowerBound - 1) == [ASCII.carriageReturn] {
      if newLines.isEmpty, range.upperBound < lines.count {
        newLines = [
          NewLine(content(ofLine: range.upperBound), ending: ending(ofLine: range.upperBound))
        ]
        range = range.lowerBound..<(range.upperBound + 1)
      }
      if let first = newLines.first, first.content.isEmpty, first.ending?.first == ASCII.lineFeed {
        newLines[0].ending = [ASCII.carriageReturn]
      }
    }
    if let last = newLines.last, last.ending == [ASCII.carriageReturn],
      range.upperBound < lines.count,
      lines[range.upperBound].start == lines[range.upperBound].end,
      ending(ofLine: range.upperBound).first == ASCII.lineFeed
    {
      newLines[newLines.count - 1].ending = [ASCII.carriageReturn, ASCII.lineFeed]
    }
    var segment: [UInt8] = []
    segment.reserveCapacity(newLines.reduce(0) { $0 + $1.content.count + 2 })
    for line in newLines {
      segment += line.content
      segment += line.ending ?? defaultEnding
    }
    let lower = startOffset(ofLine: range.lowerBound)
    let upper = startOffset(ofLine: range.upperBound)
    guard bytes.count - (upper - lower) + segment.count <= Self.maximumByteCount else {
      throw .tooLarge
    }
    // Take the bytes and records out of the document so that they are changed in place:
    // the bytes after the change move within the buffer (copied first only when another
    // value shares it).
    var newBytes = takeBytes()
    let removed = history == nil ? [] : Array(newBytes[lower..<upper])
    newBytes.replaceSubrange(lower..<upper, with: segment)
    var records = takeLines()
    logWork("splices")
    // Counted as the whole buffer, what a splice may move (all of it when shared).
    logWork("bytesMoved", newBytes.count)
    let (reparsed, keepsOthers) = Self.reparse(
      newBytes, records: &records, replacing: range, newCount: newLines.count,
      byteRange: lower..<upper, newByteCount: segment.count, checksGaps: checksGaps)
    replaceStorage(
      bytes: newBytes, lines: records, addsCarriageReturn: segment.contains(ASCII.carriageReturn),
      step: .spliced(offset: lower, removed: removed, inserted: segment.count))
    return Splice(
      replaced: range, count: newLines.count, reparsed: reparsed, keepsOtherLines: keepsOthers)
  }

  /// The document with the bytes in `range` replaced by `text`, as an editor changes
  /// its buffer: parsed again only from the heading before the change to the first line
  /// after it that starts where a heading started, the later records moved. The
  /// records are those a full parse of the new bytes gives (`IncrementalParseTests`
  /// compares them on random documents and changes); a change at the start of the file,
  /// a small file, or a change that does not fall on character boundaries is parsed
  /// whole.
  ///
  /// - Returns: the lines parsed again: `old`, the old document's lines they replace,
  ///   and `new`, where they are now. The lines before them are as they were; those
  ///   after them are the old ones moved, with the same kinds and bytes (a whole parse
  ///   gives every line).
  /// - Throws: `ParseError.invalidUTF8` or `.tooLarge`, as parsing the new bytes would;
  ///   the document is then unchanged.
  /// - Complexity: O(*m*) for the section parsed again, plus one copy of the bytes and
  ///   of the later records.
  ///
  /// - Parameters:
  ///   - changed: the bytes after the change, when the caller has made them already (an
  ///     editor's buffer): kept instead of a second copy.
  ///   - smallest: the size below which the whole file is parsed again (a test sets it
  ///     to 0 to try the incremental path on small documents).
  @discardableResult
  package mutating func replaceBytes(
    _ range: Range<Int>, with text: [UInt8], giving changed: [UInt8]? = nil,
    parsingWholeBelow smallest: Int = 1 << 16
  ) throws(ParseError) -> (old: Range<Int>, new: Range<Int>) {
    // Clamped to the text, as an editor's buffer clamps a change.
    let lowest = min(max(0, range.lowerBound), bytes.count)
    let range = lowest..<min(max(lowest, range.upperBound), bytes.count)
    let newCount = bytes.count - range.count + text.count
    guard newCount <= Self.maximumByteCount else { throw .tooLarge(byteCount: newCount) }
    let newBytes = changed ?? POSIX.splice(bytes, replacing: range, with: text)
    assert(newBytes.count == newCount, "the changed bytes do not fit the change")
    // A change that a line before it could read differently: near the start (the
    // byte-order mark, front matter) or across a carriage return and line feed.
    let first = Self.lineIndex(startingAt: range.lowerBound + 1, in: lines, from: 0) - 2
    let old = bytes
    func isBoundary(_ offset: Int) -> Bool { offset >= old.count || old[offset] & 0xC0 != 0x80 }
    let textIsValid = text.withUnsafeBufferPointer {
      UTF8Validation.scan($0).invalidOffset == nil
    }
    guard bytes.count >= smallest, first >= 1, isBoundary(range.lowerBound),
      isBoundary(range.upperBound), textIsValid
    else {
      // Parsed whole; the document keeps where its IDs come from, its history (the old
      // buffer kept whole) and its work log.
      var whole = try ChecklistDocument(parsing: newBytes)
      whole.idGenerator = idGenerator
      whole.history = history
      whole.history?.append(.replaced(bytes))
      #if DEBUG
        whole.workLog = workLog
      #endif
      let oldCount = lines.count
      self = whole
      return (0..<oldCount, 0..<lines.count)
    }
    // The lines from the one before the change to the one after it, whole.
    let last = min(
      lines.count - 1, Self.lineIndex(startingAt: range.upperBound + 1, in: lines, from: first))
    let lower = startOffset(ofLine: first)
    let upper = startOffset(ofLine: last + 1)
    let oldCount = lines.count
    var records = takeLines()
    let (reparsed, _) = Self.reparse(
      newBytes, records: &records, replacing: first..<(last + 1), newCount: 0,
      byteRange: lower..<upper, newByteCount: upper - lower - range.count + text.count,
      checksGaps: false, measuresMeaning: false)
    logWork("linesReparsed", reparsed.count)
    let delta = records.count - oldCount
    replaceStorage(
      bytes: newBytes, lines: records, addsCarriageReturn: text.contains(ASCII.carriageReturn))
    return (reparsed, reparsed.lowerBound..<(reparsed.upperBound + delta))
  }

  /// Replaces the content of many lines at once (their endings stay), with one pass
  /// over the bytes and one full parse: for edits that touch lines all over the file.
  ///
  /// - Parameter contents: line indices with their new content, in ascending order of
  ///   line, each line once.
  mutating func rewriteLines(_ contents: [(line: Int, content: [UInt8])]) throws(EditError) {
    guard !contents.isEmpty else { return }
    var newBytes: [UInt8] = []
    newBytes.reserveCapacity(bytes.count + contents.count * 16)
    var copied = 0
    for (index, content) in contents {
      precondition(Int(lines[index].start) >= copied, "rewriteLines: lines out of order")
      newBytes += bytes[copied..<Int(lines[index].start)]
      newBytes += content
      copied = Int(lines[index].end)
    }
    newBytes += bytes[copied...]
    guard newBytes.count <= Self.maximumByteCount else { throw .tooLarge }
    logWork("splices")
    logWork("bytesMoved", newBytes.count)
    let parsed = newBytes.withUnsafeBufferPointer { DocumentParser.parseValid($0) }
    replaceStorage(
      bytes: newBytes, lines: parsed.records, addsCarriageReturn: parsed.hasCarriageReturn)
  }

  /// Updates `records` (the old document's) for `newBytes`, re-parsing from the last
  /// heading before the change (after which nothing is open) to the first heading after
  /// it that was a heading before, and keeping the old records around that, shifted, in
  /// place: an edit of one line touches the records after it once and copies none.
  ///
  /// - Returns: the old lines parsed again, and whether those besides the replaced
  ///   ones read as before.
  private static func reparse(
    _ newBytes: [UInt8], records: inout [LineRecord], replacing range: Range<Int>, newCount: Int,
    byteRange: Range<Int>, newByteCount: Int, checksGaps: Bool, measuresMeaning: Bool = true
  ) -> (reparsed: Range<Int>, keepsOthers: Bool) {
    let byteDelta = newByteCount - byteRange.count
    var restart = range.lowerBound
    while restart > 0, records[restart - 1].kind != .heading { restart -= 1 }
    let restartOffset: Int
    if restart == 0 {
      restartOffset = newBytes.starts(with: DocumentParser.byteOrderMark) ? 3 : 0
    } else if restart < records.count {
      restartOffset = Int(records[restart].start)
    } else {
      restartOffset = byteRange.lowerBound
    }
    let changeEnd = byteRange.lowerBound + newByteCount
    let parsed = newBytes.withUnsafeBufferPointer { buffer in
      DocumentParser.parse(
        buffer, from: restartOffset, firstLineIndex: restart,
        capacity: max(64, (range.upperBound - restart) * 2)
      ) { offset in
        guard offset >= changeEnd else { return false }
        return Self.isHeading(atOldOffset: offset - byteDelta, in: records, from: range.upperBound)
      }
    }
    guard parsed.stoppedEarly, let resumed = parsed.records.last else {
      let oldCount = records.count
      let keepsOthers =
        measuresMeaning
        && LineMeaning.same(
          old: records[restart..<oldCount], new: parsed.records, replacing: range, with: newCount,
          checksGaps: checksGaps)
      records.replaceSubrange(restart..<records.count, with: parsed.records)
      return (restart..<oldCount, keepsOthers)
    }
    let oldResume = Self.lineIndex(
      startingAt: Int(resumed.start) - byteDelta, in: records, from: range.upperBound)
    let keepsOthers =
      measuresMeaning
      && LineMeaning.same(
        old: records[restart..<(oldResume + 1)], new: parsed.records, replacing: range,
        with: newCount, checksGaps: checksGaps)
    let lineDelta = restart + parsed.records.count - (oldResume + 1)
    records.replaceSubrange(restart..<(oldResume + 1), with: parsed.records)
    let kept = (restart + parsed.records.count)..<records.count
    records.withUnsafeMutableBufferPointer { buffer in
      for index in kept { buffer[index].shift(bytes: byteDelta, lines: lineDelta) }
    }
    return (restart..<(oldResume + 1), keepsOthers)
  }

  private static func isHeading(atOldOffset offset: Int, in lines: [LineRecord], from first: Int)
    -> Bool
  {
    let index = lineIndex(startingAt: offset, in: lines, from: first)
    return index < lines.count && Int(lines[index].start) == offset
      && lines[index].kind == .heading
  }

  /// The index of the first line at or after `first` that starts at or after `offset`.
  static func lineIndex(startingAt offset: Int, in lines: [LineRecord], from first: Int)
    -> Int
  {
    var low = first
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if Int(lines[middle].start) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension LineRecord {
  /// Moves the record's offsets by `bytes` and its line index fields by `lines`.
  fileprivate mutating func shift(bytes: Int, lines: Int) {
    func moved(_ value: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: Int(value) + bytes) }
    start = moved(start)
    end = moved(end)
    switch kind {
    case .item, .heading:
      mark = moved(mark)
      tagsStart = moved(tagsStart)
      tagsEnd = moved(tagsEnd)
      if hasNote { note = moved(note) }
      if kind == .item { last = UInt32(truncatingIfNeeded: Int(last) + lines) }
    default:
      break
    }
  }
}
