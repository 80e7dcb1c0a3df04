#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a buffer into lines and runs the block parser over them.
enum DocumentParser {
  /// The UTF-8 byte-order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether the buffer starts with a byte-order mark.
  static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// Parses every line of a valid UTF-8 buffer.
  ///
  /// The records array is reserved for one line per 24 bytes: more than real checklists
  /// need, so it is allocated once, and the pages it does not use are never touched.
  ///
  /// - Complexity: O(*n*) in the size of the buffer.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [LineRecord] {
    let start = hasByteOrderMark(bytes) ? 3 : 0
    return parse(bytes, from: start, firstLineIndex: 0, capacity: bytes.count / 24 + 16) { _ in
      false
    }.records
  }

  /// Parses lines from `start`, which must be the start of the document (after any BOM)
  /// or the line after a heading, where no block is open.
  ///
  /// - Parameters:
  ///   - firstLineIndex: the index the first parsed line has in the whole document.
  ///   - stopAfterHeading: called with the offset of each heading parsed; returning true
  ///     stops the parse after that heading, whose state (nothing open) is known.
  /// - Returns: the records, and whether the parse stopped early.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, firstLineIndex: Int, capacity: Int,
    stopAfterHeading: (Int) -> Bool
  ) -> (records: [LineRecord], stoppedEarly: Bool) {
    var parser = BlockParser(bytes: bytes, firstLineIndex: firstLineIndex, capacity: capacity)
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
    parser.finish()
    return (parser.records, stoppedEarly)
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

/// Finds line boundaries: LF, CRLF or a lone CR.
struct LineSplitter {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let hasCarriageReturn: Bool

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    if let base = bytes.baseAddress {
      hasCarriageReturn = memchr(base, Int32(ASCII.carriageReturn), bytes.count) != nil
    } else {
      hasCarriageReturn = false
    }
  }

  /// The end of the content of the line that starts at `start`, and where the next
  /// line starts (the buffer's count after the last line).
  @inline(__always)
  func line(from start: Int) -> (contentEnd: Int, next: Int) {
    guard let base = bytes.baseAddress else { return (start, start) }
    let count = bytes.count
    var newline = count
    if let found = memchr(base + start, Int32(ASCII.lineFeed), count - start) {
      newline = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
    if hasCarriageReturn,
      let found = memchr(base + start, Int32(ASCII.carriageReturn), newline - start)
    {
      let carriageReturn = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      if carriageReturn == newline - 1, newline < count {
        return (carriageReturn, newline + 1)
      }
      return (carriageReturn, carriageReturn + 1)
    }
    return (newline, newline < count ? newline + 1 : count)
  }
}
