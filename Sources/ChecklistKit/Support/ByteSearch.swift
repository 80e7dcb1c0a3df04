import CSupport
internal import ChkPlatform

/// Finds bytes eight at a time: for the short ranges of one line, inline word compares
/// beat a call to `memchr`. Across a whole document, finds byte strings with memmem.
enum ByteSearch {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// A word whose lowest set high bit marks the first byte of `word` equal to `byte`'s
  /// repetition in `pattern` (the classic has-zero-byte test; bits above the first
  /// match may be wrong, the first is exact).
  @inline(__always)
  private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
    let x = word ^ pattern
    return (x &- ones) & ~x & highs
  }

  /// The offset of the first `target` in `lower..<upper`, or `nil`.
  @inline(__always)
  static func first(
    _ target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int
  )
    -> Int?
  {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let pattern = ones &* UInt64(target)
    var index = lower
    while index &+ 8 <= upper {
      let found = matches(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), pattern)
      if found != 0 { return index &+ found.trailingZeroBitCount >> 3 }
      index &+= 8
    }
    while index < upper {
      if base[index] == target { return index }
      index &+= 1
    }
    return nil
  }

  /// The offset of the first `first` or `second` in `lower..<upper`, or `nil`.
  @inline(__always)
  static func first(
    _ first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from lower: Int,
    to upper: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let firstPattern = ones &* UInt64(first)
    let secondPattern = ones &* UInt64(second)
    var index = lower
    while index &+ 8 <= upper {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let found = matches(word, firstPattern) | matches(word, secondPattern)
      if found != 0 { return index &+ found.trailingZeroBitCount >> 3 }
      index &+= 8
    }
    while index < upper {
      let byte = base[index]
      if byte == first || byte == second { return index }
      index &+= 1
    }
    return nil
  }

  /// Calls `body` with the offset of each occurrence of `needle` in `bytes`, in order
  /// (occurrences may overlap).
  static func forEachOccurrence(
    of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void
  ) {
    guard let base = bytes.baseAddress, !needle.isEmpty else { return }
    needle.withUnsafeBufferPointer { pattern in
      guard let patternBase = pattern.baseAddress else { return }
      var offset = 0
      while offset + pattern.count <= bytes.count,
        let found = chk_memmem(base + offset, bytes.count - offset, patternBase, pattern.count)
      {
        let position = found.assumingMemoryBound(to: UInt8.self) - base
        body(position)
        offset = position + 1
      }
    }
  }
}

extension Array where Element == UInt8 {
  /// Whether two byte arrays hold the same bytes, compared with `memcmp` (the
  /// standard library's `==` compares element by element).
  package func hasSameBytes(as other: [UInt8]) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in
        guard let a = mine.baseAddress, let b = theirs.baseAddress, a != b else { return true }
        return memcmp(a, b, count) == 0
      }
    }
  }
}
