import CSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte values the scanners compare against, named for readability.
enum ASCII {
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let hash = UInt8(ascii: "#")
  static let at = UInt8(ascii: "@")
  static let backslash = UInt8(ascii: "\\")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let dash = UInt8(ascii: "-")
  static let underscore = UInt8(ascii: "_")
  static let backtick = UInt8(ascii: "`")
  static let tilde = UInt8(ascii: "~")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")

  @inline(__always)
  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  @inline(__always)
  static func isLowercaseLetter(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26
  }

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
  }

  /// Whether the byte may appear in a tag key after its first letter: `a-z`, `0-9`,
  /// `-` or `_`, looked up in a 128-bit set.
  @inline(__always)
  static func isTagKeyByte(_ byte: UInt8) -> Bool {
    // Bits 45 ("-") and 48-57 ("0"-"9") of the low word; 31 ("_") and 33-58 ("a"-"z")
    // of the high word.
    let low: UInt64 = 0x03FF_2000_0000_0000
    let high: UInt64 = 0x07FF_FFFE_8000_0000
    let word = byte < 64 ? low : high
    return byte < 128 && (word >> UInt64(byte & 63)) & 1 != 0
  }

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    isLetter(byte) ? byte | 0x20 : byte
  }
}

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
  func hasSameBytes(as other: [UInt8]) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in
        guard let a = mine.baseAddress, let b = theirs.baseAddress, a != b else { return true }
        return memcmp(a, b, count) == 0
      }
    }
  }
}
