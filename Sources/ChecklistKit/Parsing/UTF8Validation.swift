/// UTF-8 validation in one pass over the bytes, many at a time where they are ASCII.
enum UTF8Validation {
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
  private static let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The result of `scan`.
  struct Summary {
    /// The offset (within the scanned range) of the first invalid sequence, or `nil`.
    var invalidOffset: Int?
    /// How many line feeds the range holds (up to the invalid byte, if any).
    var lineFeeds: Int
    /// Whether the range holds a carriage return (up to the invalid byte, if any).
    var hasCarriageReturn: Bool
  }

  /// The number of `\n` bytes in one word, exactly.
  @inline(__always)
  private static func lineFeedCount(_ word: UInt64) -> Int {
    let x = word ^ lineFeeds
    return (~(((x & lowBits) &+ lowBits) | x) & highBits).nonzeroBitCount
  }

  /// Nonzero exactly when one of the ASCII word's bytes is `\r` (the has-zero-byte
  /// test; which bits are set beyond that is not exact).
  @inline(__always)
  private static func carriageReturnBits(_ word: UInt64) -> UInt64 {
    let x = word ^ carriageReturns
    return (x &- ones) & ~x & highBits
  }

  /// Validates a range as UTF-8, counts its line feeds and looks for carriage returns
  /// in the same pass, eight bytes at a time (32 at a time through pure ASCII). The
  /// range must start at a character boundary.
  ///
  /// - Complexity: O(*n*).
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Summary {
    guard let base = bytes.baseAddress else {
      return Summary(invalidOffset: nil, lineFeeds: 0, hasCarriageReturn: false)
    }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var lines = 0
    var returns: UInt64 = 0
    var index = 0
    while true {
      while index &+ 32 <= count {
        let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let b = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
        let c = raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
        let d = raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
        if (a | b | c | d) & highBits != 0 { break }
        lines &+= lineFeedCount(a) &+ lineFeedCount(b) &+ lineFeedCount(c) &+ lineFeedCount(d)
        returns |=
          carriageReturnBits(a) | carriageReturnBits(b) | carriageReturnBits(c)
          | carriageReturnBits(d)
        index &+= 32
      }
      var word: UInt64 = 0
      var width = 8
      if index &+ 8 <= count {
        word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      } else {
        // The tail, read a byte at a time into a word.
        width = count &- index
        guard width > 0 else { break }
        for offset in 0..<width {
          word |= UInt64(base[index &+ offset]) << UInt64(offset &* 8)
        }
      }
      let high = word & highBits
      if high == 0 {
        lines &+= lineFeedCount(word)
        returns |= carriageReturnBits(word)
        index &+= width
        continue
      }
      // Count the ASCII bytes before the first non-ASCII one, then check its sequence.
      let ascii = high.trailingZeroBitCount >> 3
      if ascii > 0 {
        // The bytes from the first non-ASCII one on become 0, which matches neither.
        let prefix = word & (UInt64.max >> UInt64(64 &- ascii &* 8))
        lines &+= lineFeedCount(prefix)
        returns |= carriageReturnBits(prefix)
      }
      index &+= ascii
      let length = sequenceLength(bytes, at: index)
      if length == 0 {
        return Summary(invalidOffset: index, lineFeeds: lines, hasCarriageReturn: returns != 0)
      }
      index &+= length
    }
    return Summary(invalidOffset: nil, lineFeeds: lines, hasCarriageReturn: returns != 0)
  }

  /// The offset of the first byte of the first invalid sequence, or `nil` when the
  /// bytes are valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
  /// U+10FFFF).
  ///
  /// - Complexity: O(*n*).
  static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    scan(bytes).invalidOffset
  }

  /// The length of the valid multi-byte sequence at `index`, or 0 if it is invalid.
  @inline(__always)
  private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let count = bytes.count
    @inline(__always) func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF)
      -> Bool
    {
      guard index &+ offset < count else { return false }
      let byte = bytes[index &+ offset]
      return byte >= low && byte <= high
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default:
      return 0
    }
  }
}
