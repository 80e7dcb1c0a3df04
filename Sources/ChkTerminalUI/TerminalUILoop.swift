import ChecklistKit
import ChkPlatform
import ChkWorkspace

/// How `chk tui` was asked to run.
public struct TerminalUIOptions {
  /// The files to open, and whether each was named (else found by walking).
  package var paths: [FileWalker.Entry]
  /// Where files are found, locked and edited; the day due dates count from (its
  /// fixed day, else the clock's).
  package var workspace: Workspace
  /// Whether colours are drawn (`--color`, `NO_COLOR`).
  public var usesColor: Bool

  package init(
    paths: [FileWalker.Entry], workspace: Workspace, usesColor: Bool
  ) {
    self.paths = paths
    self.workspace = workspace
    self.usesColor = usesColor
  }
}

/// The process side of `chk tui`: the terminal, signals, and the loop that feeds keys
/// to the session, draws its frames and looks for other writers twice a second.
public enum TerminalUILoop {
  /// The read end of the pipe signal handlers write to, and the write end.
  nonisolated(unsafe) static var signalPipe: [Int32] = [-1, -1]

  /// Runs until `q`, Ctrl-C, SIGTERM, SIGHUP, SIGINT or SIGQUIT; restores the terminal
  /// on every way out, a crash signal included.
  ///
  /// - Returns: the signal that ended it, if one did (the command then exits with
  ///   128 + its number, as shells expect).
  /// - Throws: a usage error when standard input or output is not a terminal; the
  ///   error of the first file that cannot be opened.
  package static func run(_ options: TerminalUIOptions) throws(WorkspaceError) -> Int32? {
    let device: TerminalDevice
    do throws(TerminalError) {
      device = try TerminalDevice(input: 0, output: 1)
    } catch {
      throw .usage("tui needs a terminal: standard input and output must both be one")
    }
    let session = try Session(paths: options.paths, workspace: options.workspace)
    installSignalHandlers()
    device.enter()
    defer {
      device.leave()
      removeSignalHandlers()
    }
    var renderer = FrameRenderer(usesColor: options.usesColor)
    var decoder = KeyDecoder()
    var lastCheck = now()
    var ending: Int32?
    loop: while true {
      // The session learns the window's size; drawing it only reads.
      let size = device.size
      if session.size != (size.columns, size.rows) {
        session.resize(columns: size.columns, rows: size.rows)
      }
      device.write(renderer.render(session.frame()))
      let timeout: Int32 = decoder.isWaiting ? 30 : 250
      var descriptors = [
        pollfd(fd: device.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalPipe[0], events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, timeout)
      if ready > 0, descriptors[1].revents != 0 {
        var signals = [UInt8](repeating: 0, count: 64)
        let count = signals.withUnsafeMutableBytes { read(signalPipe[0], $0.baseAddress, $0.count) }
        for signal in signals.prefix(max(0, count)) where Int32(signal) != SIGWINCH {
          ending = Int32(signal)
          break loop
        }
        renderer.invalidate()
      }
      var keys: [Key] = []
      if ready > 0, descriptors[0].revents != 0 {
        guard let bytes = device.read(timeout: 0) else { break loop }
        keys = decoder.feed(bytes)
      } else if decoder.isWaiting {
        keys = decoder.flushEscape()
      }
      for var key in keys {
        if case .mouse(var mouse) = key {
          mouse.time = now()
          key = .mouse(mouse)
        }
        switch session.handle(key) {
        case .quit: break loop
        case .suspend:
          device.leave()
          signal(SIGTSTP, SIG_DFL)
          raise(SIGTSTP)
          device.enter()
          renderer.invalidate()
        case .redraw: renderer.invalidate()
        case .none: break
        }
      }
      if now() - lastCheck >= 0.5 {
        session.checkFiles()
        lastCheck = now()
      }
    }
    return ending
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Ending signals and SIGWINCH go to the pipe the loop reads; crash signals restore
  /// the terminal and then do what they would have done.
  private static func installSignalHandlers() {
    // Signals a parent blocked stay blocked across exec: unblock the ones handled here.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in endingSignals + crashSignals + [SIGWINCH, SIGTSTP, SIGCONT] {
      sigaddset(&handled, number)
    }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    if pipe(&signalPipe) == 0 {
      for end in signalPipe { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
    }
    for number in endingSignals + [SIGWINCH] {
      signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(TerminalUILoop.signalPipe[1], &byte, 1)
      }
    }
    for number in crashSignals {
      signal(number) { number in
        TerminalDevice.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  private static func removeSignalHandlers() {
    for number in endingSignals + crashSignals + [SIGWINCH] { signal(number, SIG_DFL) }
    for end in signalPipe where end >= 0 { close(end) }
    signalPipe = [-1, -1]
  }
}
