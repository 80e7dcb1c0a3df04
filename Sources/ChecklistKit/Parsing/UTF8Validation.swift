/// UTF-8 validation in one pass over the bytes, many at a time where they are ASCII.
enum UTF8Validation {
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The offset of the first byte of the first invalid sequence, or `nil` when the
  /// bytes are valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
  /// U+10FFFF).
  ///
  /// ASCII runs are checked 32 bytes at a time.
  ///
  /// - Complexity: O(*n*).
  static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = 0
    while index < count {
      while index &+ 32 <= count {
        let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let b = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
        let c = raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
        let d = raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
        if (a | b | c | d) & highBits != 0 { break }
        index &+= 32
      }
      while index &+ 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits != 0 { break }
        index &+= 8
      }
      while index < count, bytes[index] < 0x80 { index &+= 1 }
      guard index < count else { break }
      let length = sequenceLength(bytes, at: index)
      if length == 0 { return index }
      index &+= length
      while index < count, bytes[index] >= 0x80 {
        let next = sequenceLength(bytes, at: index)
        if next == 0 { return index }
        index &+= next
      }
    }
    return nil
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
