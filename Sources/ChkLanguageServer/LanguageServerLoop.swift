import ChecklistKit
import ChkPlatform
import ChkWorkspace

/// The process side of `chk lsp`: reads frames from standard input, hands them to the
/// server, writes its answers to standard output, and publishes diagnostics once input
/// has paused for the debounce time.
public enum LanguageServerLoop {
  /// Runs until `exit` or the end of input: 0 after `shutdown`, 1 otherwise (LSP 3.17,
  /// "exit").
  public static func run(_ options: LanguageServerOptions) -> ExitCode {
    let log = Log(path: options.logPath)
    var environment = LanguageServer.Environment(
      workspace: options.workspace, log: { log.write($0) })
    environment.verbose = options.verbose
    let server = LanguageServer(environment: environment)
    log.write("chk lsp \(ChkVersion.current) started (pid \(getpid()))")
    let status = run(
      server, input: 0, output: 1, debounceMilliseconds: options.debounceMilliseconds,
      verbose: options.verbose, log: log)
    log.write("chk lsp stopped with status \(status)")
    return ExitCode(status)
  }

  /// The loop over descriptors.
  static func run(
    _ server: LanguageServer, input: Int32, output: Int32, debounceMilliseconds: Int,
    verbose: Bool, log: Log
  ) -> Int32 {
    let reader = Reader(descriptor: input, output: output, log: log)
    // Each answer is written as soon as it is made; a long request polls for more
    // input (a cancellation, a completion to answer first) without waiting.
    var answered = (count: 0, bytes: 0)
    // A client that closed its end (or died) reads nothing more: the server says so
    // once and stops, rather than answering into the void until input ends.
    var outputFailed = false
    func send(_ body: [UInt8]) {
      guard !outputFailed else { return }
      if let failure = write(MessageFramer.frame(body), to: output) {
        outputFailed = true
        log.write("writing standard output failed: \(failure); stopping (the client is gone)")
      }
    }
    server.emit = { body in
      answered.count += 1
      answered.bytes += body.count
      send(body)
    }
    server.pollInput = { isReadable(input, timeoutMilliseconds: 0) ? reader.read() ?? [] : [] }
    defer {
      server.emit = nil
      server.pollInput = nil
    }
    // When the oldest unpublished change was made.
    var firstPending: Double?
    while server.exitStatus == nil, !outputFailed {
      if server.hasPendingDiagnostics {
        if firstPending == nil { firstPending = reader.lastInput }
        // Wait for the debounce after the last input, but never more than ten times
        // the debounce after the first change: steady typing still gets diagnostics.
        let sinceLast = (now() - reader.lastInput) * 1000
        let sinceFirst = (now() - (firstPending ?? reader.lastInput)) * 1000
        let wait = min(
          Double(debounceMilliseconds) - sinceLast, Double(debounceMilliseconds * 10) - sinceFirst)
        if wait <= 0 || !isReadable(input, timeoutMilliseconds: Int32(wait.rounded(.up))) {
          let started = now()
          let notifications = server.publishPending()
          for body in notifications { send(body) }
          if verbose {
            log.write(
              "-> textDocument/publishDiagnostics for \(notifications.count) document(s), "
                + milliseconds(now() - started))
          }
          firstPending = nil
          continue
        }
      }
      guard let bodies = reader.read() else { break }
      guard !bodies.isEmpty else { continue }
      let started = now()
      let sizes = bodies.map(\.count)
      answered = (0, 0)
      // The server holds no body longer than it needs it (a didOpen can be megabytes).
      _ = server.receive(consume bodies)
      if verbose {
        log.write(
          "-> \(answered.count) answer(s) (\(answered.bytes) bytes) to "
            + "\(sizes.count) message(s) (\(sizes.reduce(0, +)) bytes) and what came meanwhile: "
            + milliseconds(now() - started))
      }
    }
    if server.hasPendingDiagnostics, server.exitStatus == nil {
      for body in server.publishPending() { send(body) }
    }
    return outputFailed ? 1 : server.exitStatus ?? 1
  }

  /// Reads standard input into bodies.
  final class Reader {
    private let descriptor: Int32
    private let output: Int32
    private let log: Log
    private var framer = MessageFramer()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether input ended (or failed).
    private(set) var ended = false
    /// When input last arrived.
    private(set) var lastInput = LanguageServerLoop.now()

    init(descriptor: Int32, output: Int32, log: Log) {
      self.descriptor = descriptor
      self.output = output
      self.log = log
    }

    /// One read (blocking until input arrives): the bodies it completed, or `nil` at
    /// the end of input.
    func read() -> [[UInt8]]? {
      guard !ended else { return nil }
      var count = 0
      repeat {
        count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      } while count < 0 && (errno == EINTR || errno == EAGAIN)
      if count < 0 {
        log.write("reading standard input failed: \(String(cString: strerror(errno)))")
      }
      guard count > 0 else {
        ended = true
        return nil
      }
      lastInput = LanguageServerLoop.now()
      var bodies: [[UInt8]] = []
      for frame in framer.feed(buffer[0..<count]) {
        switch frame {
        case .message(let body): bodies.append(body)
        case .badHeader(let reason):
          log.write("skipped a frame: \(reason)")
        case .oversized(let size):
          log.write("skipped a message of \(size) bytes (more than \(framer.maximumBodySize))")
          // The ID is unknown: the body was not read (JSON-RPC 2.0: `id` null).
          let error = LanguageServer.error(
            id: nil, code: LanguageServer.ErrorCode.invalidRequest,
            message: "the message of \(size) bytes is larger than \(framer.maximumBodySize)")
          LanguageServerLoop.write(MessageFramer.frame(error.serialized), to: output)
        }
      }
      return bodies
    }
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(Double(Int(seconds * 10_000)) / 10) + " ms"
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Whether input arrives within the timeout.
  static func isReadable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, max(0, timeoutMilliseconds))
      if result < 0, errno == EINTR { continue }
      return result != 0
    }
  }

  /// Writes all bytes (a full pipe blocks); returns the reason when the write fails
  /// (a closed pipe: EPIPE, SIGPIPE being ignored), `nil` when all went out.
  @discardableResult
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return String(cString: strerror(errno))
      }
      offset += written
    }
    return nil
  }

  /// Log lines with the time, to standard error or to a file (created 0600 under a
  /// 0700 directory, appended to, never followed through a link).
  final class Log {
    private let descriptor: Int32

    init(path: String?) {
      guard let path else {
        descriptor = 2
        return
      }
      POSIX.makeDirectories(SystemPath.directory(of: path), mode: 0o700)
      let opened = POSIX.openForAppending(path)
      descriptor = opened ?? 2
      if opened == nil {
        Self.write(line: "chk lsp: cannot open the log \(path); logging to standard error", to: 2)
      }
    }

    deinit {
      if descriptor > 2 { close(descriptor) }
    }

    func write(_ message: String) {
      var time = timespec()
      clock_gettime(CLOCK_REALTIME, &time)
      var seconds = time.tv_sec
      var parts = tm()
      gmtime_r(&seconds, &parts)
      func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let stamp =
        "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
      // One line: control characters in messages (file names, methods) made visible.
      let visible = message.unicodeScalars.map { scalar -> String in
        scalar.value < 0x20 || scalar.value == 0x7F
          ? "\\x" + String(scalar.value, radix: 16) : String(scalar)
      }.joined()
      Self.write(line: "\(stamp) \(visible)", to: descriptor)
    }

    private static func write(line: String, to descriptor: Int32) {
      LanguageServerLoop.write(Array((line + "\n").utf8), to: descriptor)
    }
  }
}
