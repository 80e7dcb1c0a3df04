internal import ChkPlatform

/// Splits a buffer into lines and runs the block parser over them.
///
/// A whole-document parse first validates the bytes and counts the lines in one pass,
/// so the records array is allocated once at its exact size and parsed into in place.
/// A large document is split at a top-level heading near its middle (after a heading
/// no block is open, so the second half parses the same on its own) and the halves are
/// validated and parsed on two threads; if the first half ends inside a fenced code or
/// HTML block that would have swallowed the heading, the document is parsed again in
/// one piece.
enum DocumentParser {
  /// The UTF-8 byte-order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Documents at least this large are parsed in two halves on two threads.
  static let parallelThreshold = 2 << 20

  /// Whether the buffer starts with a byte-order mark.
  static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// What a whole-document parse found.
  struct Parsed {
    var records: [LineRecord]
    /// Whether the bytes hold a carriage return anywhere (so line endings can differ
    /// from LF).
    var hasCarriageReturn: Bool
  }

  /// Validates a buffer as UTF-8 and parses every line.
  ///
  /// - Parameters:
  ///   - allowsFastPath: whether simple task lines take the parser's fast path.
  ///   - parallelThreshold: the size from which the document is parsed in two halves.
  /// - Returns: the records, or `ParseError.invalidUTF8` naming the first bad byte.
  /// - Complexity: O(*n*) in the size of the buffer.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsFastPath: Bool = true,
    parallelThreshold: Int = DocumentParser.parallelThreshold
  ) -> Result<Parsed, ParseError> {
    let start = hasByteOrderMark(bytes) ? 3 : 0
    if bytes.count >= parallelThreshold, Parallel.processorCount > 1,
      let split = splitPoint(bytes, from: start)
    {
      return parseHalves(bytes, start: start, split: split, allowsFastPath: allowsFastPath)
    }
    let summary = UTF8Validation.scan(UnsafeBufferPointer(rebasing: bytes[start...]))
    if let invalid = summary.invalidOffset {
      return .failure(.invalidUTF8(in: bytes, at: start + invalid))
    }
    guard !summary.hasCarriageReturn else {
      return .success(parseWithCarriageReturns(bytes, allowsFastPath: allowsFastPath))
    }
    let total = lineCount(lineFeeds: summary.lineFeeds, bytes, from: start)
    var overflowed = false
    let records = [LineRecord](unsafeUninitializedCapacity: total) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      POSIX.adviseHugePages(
        UnsafeMutableRawPointer(base), byteCount: total * MemoryLayout<LineRecord>.stride)
      let result = parseRange(
        bytes, from: start, to: bytes.count, firstLineIndex: 0,
        into: RecordBuffer(region: base, capacity: total), allowsFastPath: allowsFastPath)
      overflowed = result.overflowed || result.count != total
      initialized = overflowed ? 0 : result.count
    }
    guard !overflowed else {
      return .success(
        Parsed(
          records: parseGrowing(bytes, allowsFastPath: allowsFastPath), hasCarriageReturn: false))
    }
    return .success(Parsed(records: records, hasCarriageReturn: false))
  }

  /// Line counts differ from line feed counts: a parse into a buffer that grows.
  private static func parseWithCarriageReturns(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsFastPath: Bool
  ) -> Parsed {
    Parsed(
      records: parseGrowing(bytes, allowsFastPath: allowsFastPath, hasCarriageReturn: true),
      hasCarriageReturn: true)
  }

  /// Parses a buffer known to be valid UTF-8 without checking it, on this thread: for
  /// text chk wrote itself from parsed text (a formatted section, parsed back to
  /// compare).
  ///
  /// - Parameter mayContainCarriageReturn: false when the text is known to hold none
  ///   (written from a document without one, with LF endings): no search for one.
  static func parseTrusted(_ bytes: UnsafeBufferPointer<UInt8>, mayContainCarriageReturn: Bool)
    -> Parsed
  {
    let hasCarriageReturn =
      mayContainCarriageReturn && LineSplitter.containsCarriageReturn(bytes)
    return Parsed(
      records: parseGrowing(bytes, allowsFastPath: true, hasCarriageReturn: hasCarriageReturn),
      hasCarriageReturn: hasCarriageReturn)
  }

  /// Parses a buffer known to be valid UTF-8 (as after an edit of a parsed document).
  static func parseValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
    switch parse(bytes) {
    case .success(let parsed): return parsed
    case .failure:
      let hasCarriageReturn = LineSplitter.containsCarriageReturn(bytes)
      return Parsed(
        records: parseGrowing(bytes, allowsFastPath: true, hasCarriageReturn: hasCarriageReturn),
        hasCarriageReturn: hasCarriageReturn)
    }
  }

  /// The number of lines in `bytes[start...]` that holds `lineFeeds` line feeds and no
  /// carriage return: a last line without a line ending counts.
  private static func lineCount(
    lineFeeds: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
  )
    -> Int
  {
    let unterminated = bytes.count > start && bytes[bytes.count - 1] != ASCII.lineFeed
    return lineFeeds + (unterminated ? 1 : 0)
  }

  /// A whole-document parse into a buffer that grows as needed.
  private static func parseGrowing(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsFastPath: Bool, hasCarriageReturn: Bool = false
  ) -> [LineRecord] {
    let start = hasByteOrderMark(bytes) ? 3 : 0
    return parseRange(
      bytes, from: start, to: bytes.count, firstLineIndex: 0,
      into: RecordBuffer(capacity: bytes.count / 32 + 16), allowsFastPath: allowsFastPath,
      hasCarriageReturn: hasCarriageReturn
    ).records.array
  }

  /// What parsing one range produced.
  private struct RangeResult: ~Copyable {
    var records: RecordBuffer
    var count: Int { records.count }
    var overflowed: Bool { records.overflowed }
    /// Whether a top-level heading right after the range would be read as a heading.
    var readsNextColumnZeroHeading: Bool
  }

  /// Parses the lines from `start` (the document's start after any BOM, or the start of
  /// a line where no block is open) up to `end` (a line start or the buffer's end).
  private static func parseRange(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, firstLineIndex: Int,
    into records: consuming RecordBuffer, allowsFastPath: Bool, hasCarriageReturn: Bool = false
  ) -> RangeResult {
    var parser = BlockParser(
      bytes: bytes, firstLineIndex: firstLineIndex, records: records,
      allowsFastPath: allowsFastPath)
    let splitter = LineSplitter(bytes, hasCarriageReturn: hasCarriageReturn)
    var offset = start
    if firstLineIndex == 0,
      let afterFrontMatter = frontMatterEnd(bytes, from: offset, splitter: splitter)
    {
      while offset < afterFrontMatter {
        let line = splitter.line(from: offset)
        parser.appendVerbatim(start: offset, end: line.contentEnd)
        offset = line.next
      }
    }
    while offset < end {
      let line = splitter.line(from: offset)
      parser.parseLine(start: offset, end: line.contentEnd)
      offset = line.next
    }
    let reads = parser.readsNextColumnZeroHeading
    return RangeResult(records: parser.takeRecords(), readsNextColumnZeroHeading: reads)
  }

  #if DEBUG
    /// How many blank bytes the block parser looks at to parse `bytes` (every line
    /// through the general path): what the tests count to show the parse is linear.
    package static func blanksScanned(_ bytes: [UInt8]) -> Int {
      bytes.withUnsafeBufferPointer { buffer in
        var parser = BlockParser(
          bytes: buffer, firstLineIndex: 0, records: RecordBuffer(capacity: 16),
          allowsFastPath: false)
        let splitter = LineSplitter(buffer)
        var offset = 0
        while offset < buffer.count {
          let line = splitter.line(from: offset)
          parser.parseLine(start: offset, end: line.contentEnd)
          offset = line.next
        }
        return parser.blanksScanned
      }
    }
  #endif

  /// Pointers that may cross to another thread: both halves read the same bytes, which
  /// nothing writes, and each writes its own region of the records.
  private struct SharedPointers: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let records: UnsafeMutablePointer<LineRecord>?
  }

  /// Validates, counts and parses the two halves on two threads.
  private static func parseHalves(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, split: Int, allowsFastPath: Bool
  ) -> Result<Parsed, ParseError> {
    let halves = [start..<split, split..<bytes.count]
    let shared = SharedPointers(bytes: bytes, records: nil)
    let summaries = Parallel.map(2) { index in
      UTF8Validation.scan(UnsafeBufferPointer(rebasing: shared.bytes[halves[index]]))
    }
    for (half, summary) in zip(halves, summaries) {
      if let invalid = summary.invalidOffset {
        return .failure(.invalidUTF8(in: bytes, at: half.lowerBound + invalid))
      }
    }
    if summaries.contains(where: \.hasCarriageReturn) {
      return .success(parseWithCarriageReturns(bytes, allowsFastPath: allowsFastPath))
    }
    let firstLines = summaries[0].lineFeeds
    let total = firstLines + lineCount(lineFeeds: summaries[1].lineFeeds, bytes, from: split)
    var complete = false
    let records = [LineRecord](unsafeUninitializedCapacity: total) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      POSIX.adviseHugePages(
        UnsafeMutableRawPointer(base), byteCount: total * MemoryLayout<LineRecord>.stride)
      let regions = SharedPointers(bytes: bytes, records: base)
      let outcomes = Parallel.map(2) { index -> (count: Int, overflowed: Bool, reads: Bool) in
        guard let records = regions.records else { return (0, true, false) }
        let first = index == 0 ? 0 : firstLines
        let capacity = index == 0 ? firstLines : total - firstLines
        let result = parseRange(
          regions.bytes, from: halves[index].lowerBound, to: halves[index].upperBound,
          firstLineIndex: first, into: RecordBuffer(region: records + first, capacity: capacity),
          allowsFastPath: allowsFastPath)
        return (result.count, result.overflowed, result.readsNextColumnZeroHeading)
      }
      complete =
        outcomes.count == 2 && outcomes[0].reads && !outcomes[0].overflowed
        && !outcomes[1].overflowed && outcomes[0].count == firstLines
        && outcomes[0].count + outcomes[1].count == total
      if !complete {
        // The first half ended inside a block that swallows the heading: one piece.
        let result = parseRange(
          bytes, from: start, to: bytes.count, firstLineIndex: 0,
          into: RecordBuffer(region: base, capacity: total), allowsFastPath: allowsFastPath)
        complete = !result.overflowed && result.count == total
      }
      initialized = complete ? total : 0
    }
    guard complete else {
      return .success(
        Parsed(
          records: parseGrowing(bytes, allowsFastPath: allowsFastPath), hasCarriageReturn: false))
    }
    return .success(Parsed(records: records, hasCarriageReturn: false))
  }

  /// The start of a top-level ATX heading line (`#` to `######`, then a space, a tab
  /// or the line's end) near the middle of the document, after any front matter; `nil`
  /// when there is none in the second half.
  private static func splitPoint(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var offset = start + (count - start) / 2
    let splitter = LineSplitter(bytes, hasCarriageReturn: false)
    if let frontMatter = frontMatterEnd(bytes, from: start, splitter: splitter) {
      offset = max(offset, frontMatter)
    }
    while offset < count {
      guard let found = memchr(base + offset, Int32(ASCII.lineFeed), count - offset) else {
        return nil
      }
      let lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
      var index = lineStart
      while index < count, index - lineStart < 7, bytes[index] == UInt8(ascii: "#") { index += 1 }
      let hashes = index - lineStart
      if hashes >= 1, hashes <= 6,
        index == count || bytes[index] == ASCII.space || bytes[index] == ASCII.tab
          || bytes[index] == ASCII.lineFeed
      {
        return lineStart
      }
      offset = lineStart
    }
    return nil
  }

  /// Parses lines from `start`, which must be the start of the document (after any BOM)
  /// or the line after a heading, where no block is open.
  ///
  /// - Parameters:
  ///   - firstLineIndex: the index the first parsed line has in the whole document.
  ///   - capacity: the number of records to reserve room for at first.
  ///   - stopAfterHeading: called with the offset of each heading parsed; returning true
  ///     stops the parse after that heading, whose state (nothing open) is known.
  /// - Returns: the records, and whether the parse stopped early.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, firstLineIndex: Int, capacity: Int,
    allowsFastPath: Bool = true, stopAfterHeading: (Int) -> Bool
  ) -> (records: [LineRecord], stoppedEarly: Bool) {
    var parser = BlockParser(
      bytes: bytes, firstLineIndex: firstLineIndex, records: RecordBuffer(capacity: capacity),
      allowsFastPath: allowsFastPath)
    let splitter = LineSplitter(bytes)
    var offset = start
    let documentStart = hasByteOrderMark(bytes) ? 3 : 0
    if start == documentStart,
      let afterFrontMatter = frontMatterEnd(bytes, from: offset, splitter: splitter)
    {
      while offset < afterFrontMatter {
        let line = splitter.line(from: offset)
        parser.appendVerbatim(start: offset, end: line.contentEnd)
        offset = line.next
      }
    }
    var stoppedEarly = false
    while offset < bytes.count {
      let line = splitter.line(from: offset)
      parser.parseLine(start: offset, end: line.contentEnd)
      if parser.lastLineWasHeading, stopAfterHeading(offset) {
        stoppedEarly = true
        break
      }
      offset = line.next
    }
    return (parser.takeRecords().array, stoppedEarly)
  }

  /// The offset just past the front matter's closing line, or `nil` when the document
  /// has no front matter: a first line `---` (optionally followed by blanks) and a
  /// later line that is exactly `---` or `...`.
  private static func frontMatterEnd(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, splitter: LineSplitter
  ) -> Int? {
    guard start < bytes.count else { return nil }
    let first = splitter.line(from: start)
    guard first.contentEnd - start >= 3, bytes[start] == ASCII.dash,
      bytes[start + 1] == ASCII.dash, bytes[start + 2] == ASCII.dash
    else { return nil }
    for index in (start + 3)..<first.contentEnd where !ASCII.isSpaceOrTab(bytes[index]) {
      return nil
    }
    var offset = first.next
    while offset < bytes.count {
      let line = splitter.line(from: offset)
      if line.contentEnd - offset == 3 {
        let a = bytes[offset]
        if a == bytes[offset + 1], a == bytes[offset + 2],
          a == ASCII.dash || a == UInt8(ascii: ".")
        {
          return line.next
        }
      }
      offset = line.next
    }
    return nil
  }
}
