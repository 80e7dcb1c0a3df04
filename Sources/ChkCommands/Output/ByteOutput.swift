#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: a file descriptor (buffered) or memory, for tests.
///
/// Not thread-safe: commands write from one thread.
public final class ByteOutput {
  private let descriptor: Int32?
  /// What was written (in memory), or what waits to be flushed.
  public private(set) var bytes: [UInt8] = []
  /// Whether the output is a terminal, which allows colour.
  public let isTerminal: Bool

  /// Output to a file descriptor, flushed every 64 KiB and by `flush()`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    isTerminal = isatty(descriptor) == 1
    bytes.reserveCapacity(65_536)
  }

  /// Output collected in memory.
  public init(isTerminal: Bool = false) {
    descriptor = nil
    self.isTerminal = isTerminal
  }

  /// What was written, as text (memory outputs).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes text.
  public func write(_ text: String) {
    bytes += text.utf8
    flushIfFull()
  }

  /// Writes bytes.
  public func write(_ data: some Sequence<UInt8>) {
    bytes += data
    flushIfFull()
  }

  /// Writes bytes that stay valid only during the call; to a descriptor, a large piece
  /// goes out directly rather than through the buffer.
  public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let descriptor, buffer.count >= 65_536 else {
      bytes += buffer
      flushIfFull()
      return
    }
    flush()
    _ = FileSystem.writeAll(descriptor, buffer)
  }

  /// Writes a line: the text and a line feed.
  public func line(_ text: String = "") {
    bytes += text.utf8
    bytes.append(UInt8(ascii: "\n"))
    flushIfFull()
  }

  private func flushIfFull() {
    if descriptor != nil, bytes.count >= 65_536 { flush() }
  }

  /// Writes out what is buffered. Errors (a closed pipe) are ignored: there is nowhere
  /// left to report them.
  public func flush() {
    guard let descriptor, !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBufferPointer { FileSystem.writeAll(descriptor, $0) }
    bytes.removeAll(keepingCapacity: true)
  }
}
