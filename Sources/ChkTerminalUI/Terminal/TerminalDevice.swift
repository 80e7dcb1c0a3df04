import ChecklistKit
import ChkPlatform

/// The terminal the UI draws on: raw mode, the alternate screen, mouse reporting, and
/// getting all of it back on every way out, a crash included.
///
/// Everything that must run in a signal handler (restoring the modes, leaving the
/// alternate screen) uses only async-signal-safe calls on state saved before the
/// handler can run.
package final class TerminalDevice {
  let input: Int32
  let output: Int32

  /// What the terminal is set back to: the modes it had, and the bytes that leave the
  /// alternate screen, show the cursor and stop mouse reporting.
  nonisolated(unsafe) static var saved = termios()
  nonisolated(unsafe) static var savedDescriptor: Int32 = -1
  nonisolated(unsafe) static var isActive = false
  /// Written on every way out: bracketed paste off, mouse off, attributes off, cursor
  /// shown, main screen.
  static let resetSequence: [UInt8] = Array(
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
  nonisolated(unsafe) static let resetBytes: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: resetSequence.count)
    pointer.initialize(from: resetSequence, count: resetSequence.count)
    return pointer
  }()

  /// The terminal on `input` and `output`.
  ///
  /// - Throws: a message when they are not a terminal.
  package init(input: Int32, output: Int32) throws(TerminalError) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    self.input = input
    self.output = output
  }

  /// The largest window drawn, in each direction: a window that says it is larger
  /// (65535×65535 is four billion cells, which a hostile or broken terminal can claim)
  /// is drawn in its top left 1,000×1,000 cells.
  package static let largestSide = 1_000

  /// The window's size in cells (80×24 when the terminal does not say), at most
  /// `largestSide` each way.
  package var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return (80, 24) }
    return (min(Int(window.ws_col), Self.largestSide), min(Int(window.ws_row), Self.largestSide))
  }

  /// Raw mode (no echo, no line editing, no signals from keys: Ctrl-C and Ctrl-Z are
  /// keys the UI handles), the alternate screen, the cursor hidden, mouse reporting,
  /// bracketed paste (pasted text arrives marked, so it is never taken as keys).
  package func enter() {
    var modes = termios()
    if tcgetattr(input, &modes) == 0 {
      Self.saved = modes
      Self.savedDescriptor = input
      modes.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
      modes.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | INPCK | ISTRIP)
      modes.c_oflag &= ~tcflag_t(OPOST)
      modes.c_cflag |= tcflag_t(CS8)
      withUnsafeMutablePointer(to: &modes.c_cc) { pointer in
        pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
          cc[Int(VMIN)] = 1
          cc[Int(VTIME)] = 0
        }
      }
      tcsetattr(input, TCSAFLUSH, &modes)
    }
    Self.isActive = true
    write(
      Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[2J".utf8))
  }

  /// Back to the terminal as it was.
  package func leave() {
    Self.restore()
  }

  /// Restores the terminal; safe in a signal handler. Keys typed after the one that
  /// quit stay in the terminal's input for the shell (TCSADRAIN, as less and vim do):
  /// a command typed ahead is not lost.
  static func restore() {
    guard isActive else { return }
    isActive = false
    _ = Glibc.write(1, resetBytes, resetSequence.count)
    if savedDescriptor >= 0 { tcsetattr(savedDescriptor, TCSADRAIN, &saved) }
  }

  /// Writes all of `bytes`.
  package func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBufferPointer { POSIX.writeAll(output, $0) }
  }

  /// Reads what is available, waiting at most `timeout` milliseconds (-1: forever);
  /// empty on timeout, `nil` at end of input.
  package func read(timeout: Int32) -> [UInt8]? {
    var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
    let ready = poll(&descriptors, 1, timeout)
    guard ready > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR || errno == EAGAIN { return [] }
    guard count > 0 else { return nil }
    return Array(buffer[0..<count])
  }
}

/// Why the UI cannot run.
package enum TerminalError: Error {
  case notATerminal
}
