/// Splits a byte stream into JSON-RPC messages framed as LSP frames them: header lines
/// (`Content-Length: N`, optionally `Content-Type`) ending in an empty line, then N
/// bytes of body.
///
/// Bytes are fed as they arrive; each complete frame comes out once. A header without a
/// usable `Content-Length` or a body over `maximumBodySize` is reported and skipped, and
/// reading goes on with the next header: bad input never stops the stream.
package struct MessageFramer {
  /// The largest body accepted: 256 MiB, room for a checklist of several million
  /// items; a larger one is read past and reported.
  package static let defaultMaximumBodySize = 256 << 20
  /// The longest header block accepted before it is given up as garbage.
  static let maximumHeaderSize = 8 << 10

  package enum Frame: Equatable {
    /// A complete body.
    case message([UInt8])
    /// A header block without a valid `Content-Length`.
    case badHeader(String)
    /// A body larger than the maximum, skipped (its length).
    case oversized(Int)
  }

  package let maximumBodySize: Int
  private var buffer: [UInt8] = []
  private var start = 0
  /// The body length being waited for, once its header has been read.
  private var pendingLength: Int?
  /// Bytes of an oversized body still to skip.
  private var skipping = 0

  package init(maximumBodySize: Int = Self.defaultMaximumBodySize) {
    self.maximumBodySize = maximumBodySize
  }

  /// Takes more bytes and returns the frames they complete.
  package mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
    var frames: [Frame] = []
    var input = bytes[...]
    if skipping > 0 {
      let skipped = min(skipping, input.count)
      skipping -= skipped
      input = input.dropFirst(skipped)
    }
    buffer += input
    while let frame = next() { frames.append(frame) }
    // Drop what was consumed: all of it at once (a large message is not kept twice),
    // else once it is most of the buffer.
    if start == buffer.count {
      buffer = []
      start = 0
    } else if start > 0, start * 2 >= buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    return frames
  }

  private mutating func next() -> Frame? {
    if skipping > 0 {
      let skipped = min(skipping, buffer.count - start)
      skipping -= skipped
      start += skipped
      if skipping > 0 { return nil }
    }
    if let length = pendingLength {
      guard buffer.count - start >= length else { return nil }
      let body = Array(buffer[start..<(start + length)])
      start += length
      pendingLength = nil
      return .message(body)
    }
    // Find the end of the header block.
    guard let end = headerEnd() else {
      if buffer.count - start > Self.maximumHeaderSize {
        let size = buffer.count - start
        start = buffer.count
        return .badHeader("a header of more than \(size) bytes without an empty line")
      }
      return nil
    }
    let header = buffer[start..<end.headerEnd]
    start = end.bodyStart
    var length: Int?
    for line in header.split(separator: 0x0A, omittingEmptySubsequences: true) {
      var text = line
      if text.last == 0x0D { text = text.dropLast() }
      guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { continue }
      let name = String(decoding: text[..<colon], as: UTF8.self).lowercased()
      let value = String(decoding: text[(colon + 1)...], as: UTF8.self)
        .trimmingCharacters(in: " \t")
      if name == "content-length" {
        length = value.count <= 18 && value.allSatisfy(\.isASCIIDigit) ? Int(value) : nil
        if length == nil { return .badHeader("Content-Length '\(value)' is not a number") }
      }
    }
    guard let length else { return .badHeader("a header without Content-Length") }
    guard length <= maximumBodySize else {
      let available = min(length, buffer.count - start)
      start += available
      skipping = length - available
      return .oversized(length)
    }
    pendingLength = length
    return next()
  }

  /// The end of the header block (before its empty line) and where the body starts:
  /// `\r\n\r\n`, or `\n\n` from a lenient client.
  private func headerEnd() -> (headerEnd: Int, bodyStart: Int)? {
    var index = start
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A {
          return (index, index + 2)
        }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return String(text)
  }
}

extension MessageFramer {
  /// Frames a body for sending.
  package static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}
