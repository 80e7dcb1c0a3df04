#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: a file descriptor (buffered) or memory, for tests.
package final class ByteOutput {
  private let descriptor: Int32?
  /// What was written (in memory), or what waits to be flushed.
  package private(set) var bytes: [UInt8] = []
  /// Whether the output is a terminal, which allows colour.
  package let isTerminal: Bool

  /// Output to a file descriptor, flushed every 64 KiB and by `flush()`.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
    isTerminal = isatty(descriptor) == 1
    bytes.reserveCapacity(65_536)
  }

  /// Output collected in memory.
  package init(isTerminal: Bool = false) {
    descriptor = nil
    self.isTerminal = isTerminal
  }

  /// What was written, as text (memory outputs).
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  package func write(_ text: String) {
    bytes += text.utf8
    flushIfFull()
  }

  package func write(_ data: some Sequence<UInt8>) {
    bytes += data
    flushIfFull()
  }

  /// Writes bytes that stay valid only during the call; to a descriptor, a large piece
  /// goes out directly rather than through the buffer.
  package func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let descriptor, buffer.count >= 65_536 else {
      bytes += buffer
      flushIfFull()
      return
    }
    flush()
    _ = POSIX.writeAll(descriptor, buffer)
  }

  /// Writes a line: the text and a line feed.
  package func line(_ text: String = "") {
    bytes += text.utf8
    bytes.append(ASCII.lineFeed)
    flushIfFull()
  }

  private func flushIfFull() {
    if descriptor != nil, bytes.count >= 65_536 { flush() }
  }

  /// Writes out what is buffered. Errors (a closed pipe) are ignored: there is nowhere
  /// left to report them.
  package func flush() {
    guard let descriptor, !bytes.isEmpty else { return }
    _ = POSIX.writeAll(descriptor, bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Terminal styles, used only when colour is on.
struct Style {
  var isEnabled: Bool

  func apply(_ code: String, _ text: String) -> String {
    isEnabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func green(_ text: String) -> String { apply("32", text) }
  func red(_ text: String) -> String { apply("31", text) }
  func yellow(_ text: String) -> String { apply("33", text) }
}
