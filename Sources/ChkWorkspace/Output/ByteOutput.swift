import ChecklistKit
import ChkPlatform

/// Where a command writes: a file descriptor (buffered) or memory, for tests.
///
/// Not thread-safe: commands write from one thread.
public final class ByteOutput {
  private let descriptor: Int32?
  /// What was written (in memory), or what waits to be flushed.
  public private(set) var bytes: [UInt8] = []
  /// Whether the output is a terminal, which allows colour.
  public let isTerminal: Bool
  /// How control characters in what is written are shown (`nil`: written as they
  /// are). Standard output on a terminal shows them visibly, keeping lines; standard
  /// error always does, as one line per message (`ChkTool` sets both). `writeExact`
  /// bypasses it, for JSON and for lines that escaped their text before styling it.
  package var visible: Visible.Mode?

  /// Output to a file descriptor, flushed every 64 KiB and by `flush()`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    isTerminal = isatty(descriptor) == 1
    visible = isTerminal ? .lines : nil
    bytes.reserveCapacity(65_536)
  }

  /// Output collected in memory.
  public init(isTerminal: Bool = false) {
    descriptor = nil
    self.isTerminal = isTerminal
    visible = isTerminal ? .lines : nil
  }

  /// Output collected in memory, into `storage` (emptied, its capacity kept): for a
  /// buffer filled again and again.
  package init(isTerminal: Bool, reusing storage: [UInt8]) {
    descriptor = nil
    self.isTerminal = isTerminal
    visible = isTerminal ? .lines : nil
    bytes = storage
    bytes.removeAll(keepingCapacity: true)
  }

  /// Hands over what was collected (memory outputs), leaving the output empty.
  package func takeBytes() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &bytes)
    return taken
  }

  /// What was written, as text (memory outputs).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes text.
  public func write(_ text: String) {
    var copy = text
    copy.withUTF8 { write($0) }
  }

  /// Writes bytes.
  public func write(_ data: [UInt8]) {
    data.withUnsafeBufferPointer { write($0) }
  }

  /// Writes bytes.
  public func write(_ data: some Sequence<UInt8>) {
    let array = Array(data)
    array.withUnsafeBufferPointer { write($0) }
  }

  /// Writes bytes that stay valid only during the call; to a descriptor, a large piece
  /// goes out directly rather than through the buffer.
  public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    if let visible, Visible.needsEscaping(buffer, visible) {
      Visible.escape(buffer, visible, into: &bytes)
      flushIfFull()
      return
    }
    writeExact(buffer)
  }

  /// Writes bytes as they are, whatever `visible` says: JSON (whose strings escape
  /// control characters themselves) and text already made visible.
  package func writeExact(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let descriptor, buffer.count >= 65_536 else {
      bytes += buffer
      flushIfFull()
      return
    }
    flush()
    _ = POSIX.writeAll(descriptor, buffer)
  }

  /// Writes bytes as they are (see `writeExact(_:)`).
  package func writeExact(_ data: [UInt8]) {
    data.withUnsafeBufferPointer { writeExact($0) }
  }

  /// Writes a line as it is (see `writeExact(_:)`).
  package func lineExact(_ text: String) {
    bytes += text.utf8
    bytes.append(UInt8(ascii: "\n"))
    flushIfFull()
  }

  /// Writes a line: the text and a line feed.
  public func line(_ text: String = "") {
    write(text)
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
    _ = bytes.withUnsafeBufferPointer { POSIX.writeAll(descriptor, $0) }
    bytes.removeAll(keepingCapacity: true)
  }
}
