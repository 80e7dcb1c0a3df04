internal import ChkPlatform

/// Finds line boundaries: LF, CRLF or a lone CR.
struct LineSplitter {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let hasCarriageReturn: Bool

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.init(bytes, hasCarriageReturn: Self.containsCarriageReturn(bytes))
  }

  /// A splitter for a buffer already known to hold, or not, a carriage return.
  init(_ bytes: UnsafeBufferPointer<UInt8>, hasCarriageReturn: Bool) {
    self.bytes = bytes
    self.hasCarriageReturn = hasCarriageReturn
  }

  /// Whether the buffer holds a carriage return anywhere.
  static func containsCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    return memchr(base, Int32(ASCII.carriageReturn), bytes.count) != nil
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
