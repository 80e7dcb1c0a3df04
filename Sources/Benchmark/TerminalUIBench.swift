import CSupport
import ChecklistKit
import ChkPlatform

/// `chk tui` as a person at a terminal meets it: the program on a pseudo-terminal of
/// 80×24, timed from a key sent to the last byte of the frame it draws.
struct TerminalUIClient {
  let pid: pid_t
  /// The pseudo-terminal's controlling side: keys in, frames out.
  let terminal: Int32

  /// Starts `chk tui PATH --today DATE` as the leader of a new session whose
  /// controlling terminal is a fresh pseudo-terminal; `prefix` comes before `chk` (a
  /// program that runs it, as valgrind).
  init?(chk: String, path: String, environment: [String], prefix: [String] = []) {
    var buffer = [CChar](repeating: 0, count: 128)
    let master = chk_open_pseudo_terminal(&buffer, buffer.count)
    guard master >= 0 else { return nil }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session first, then the terminal opened: it becomes the controlling one.
    posix_spawnattr_setflags(&attributes, chk_spawn_new_session_flag())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = prefix + [chk, "tui", path, "--today", "2024-06-01"]
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = (environment + ["TERM=xterm-256color"]).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp) == 0 else {
      close(master)
      return nil
    }
    self.pid = pid
    terminal = master
  }

  /// Sends bytes as typed.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
  }

  /// Reads what the program draws: waits up to `first` seconds for it to start, then
  /// reads until it has been quiet for `quiet` seconds (or `until` has appeared).
  ///
  /// - Returns: the bytes and when the last of them arrived.
  func drawn(first: Double = 5, quiet: Double = 0.03, until marker: String? = nil)
    -> (bytes: [UInt8], last: Double)
  {
    var bytes: [UInt8] = []
    var last = Measure.now()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let needle = marker.map { Array($0.utf8) }
    while true {
      let wait = bytes.isEmpty ? first : quiet
      var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(wait * 1000)) > 0 else { break }
      let count = chunk.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      last = Measure.now()
      bytes += chunk[0..<count]
      if let needle, bytes.count >= needle.count,
        bytes.indices.dropLast(needle.count - 1).contains(where: {
          bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        })
      {
        break
      }
    }
    return (bytes, last)
  }

  /// The program's peak resident set size, from /proc.
  func peakRSS() -> Int {
    guard let bytes = Measure.read("/proc/\(pid)/status") else { return 0 }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("VmHWM:") {
      return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }
    return 0
  }

  /// Quits with `q` and waits for the process: its exit status.
  @discardableResult
  func stop() -> Int32 {
    send("q")
    _ = drawn(first: 2, quiet: 0.05)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(terminal)
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}

extension Benchmark {
  /// `chk-bench --tui`: only the terminal UI's figures, with `chk lint`'s peak RSS on
  /// the same corpus for the memory target.
  public static func terminalUIOnly(_ options: BenchmarkOptions, log: (String) -> Void)
    -> [Figure]
  {
    let environment = standaloneEnvironment(options)
    let items = options.quick ? 50 : 100_000
    log("terminal UI")
    let lintRSS = lintPeakRSS(options, bytes: Corpus.make(items: items), environment: environment)
    return terminalUI(options, items: items, lintPeakRSS: lintRSS, environment: environment)
  }

  /// The environment of a run of some figures only (`--tui`, `--lsp`).
  static func standaloneEnvironment(_ options: BenchmarkOptions) -> [String] {
    [
      "NO_COLOR=1", "XDG_STATE_HOME=\(options.directory)/state", "PATH=/usr/bin:/bin",
      "HOME=\(options.directory)",
    ]
  }

  /// `chk lint`'s peak RSS on a corpus, for the memory targets of such a run.
  static func lintPeakRSS(_ options: BenchmarkOptions, bytes: [UInt8], environment: [String])
    -> Int
  {
    let path = options.directory + "/lint-peak.md"
    _ = Measure.write(bytes, to: path)
    return Measure.peakRSS(
      [options.chkPath, "lint", path], helper: options.benchPath, scratch: options.directory,
      environment: environment) ?? 0
  }

  /// `chk tui` on the 100k-item corpus (50 with `--quick`): the first screen, a cursor
  /// move (time and bytes), a tick (against writing the file's bytes once with fsync),
  /// a filter keystroke, and the peak RSS against `chk lint` on the same file.
  static func terminalUI(
    _ options: BenchmarkOptions, items: Int, lintPeakRSS: Int, environment: [String]
  ) -> [Figure] {
    let label = items >= 1_000 ? "\(items / 1_000)k" : "\(items)"
    let bytes = Corpus.make(items: items)
    let path = options.directory + "/tui-\(label).md"
    _ = Measure.write(bytes, to: path)
    // The first screen: from starting the program to the status line's last byte.
    var opening: [Double] = []
    for _ in 0..<options.runs {
      let start = Measure.now()
      guard
        let client = TerminalUIClient(chk: options.chkPath, path: path, environment: environment)
      else { return [] }
      let (drawn, last) = client.drawn(until: "? help")
      client.stop()
      guard !drawn.isEmpty else { return [] }
      opening.append(last - start)
    }
    guard let client = TerminalUIClient(chk: options.chkPath, path: path, environment: environment)
    else { return [] }
    defer { client.stop() }
    _ = client.drawn(until: "? help")
    // Cursor moves: down and up again, each to its frame.
    var moving: [Double] = []
    var movedBytes: [Int] = []
    for run in 0..<(options.runs * 6) {
      let start = Measure.now()
      client.send(run % 2 == 0 ? "j" : "k")
      let (drawn, last) = client.drawn()
      moving.append(last - start)
      movedBytes.append(drawn.count)
    }
    // Ticks: Space on the first item, checked and unchecked in turn; each is a safe
    // write of the whole file, as `chk toggle` makes it.
    client.send("j")
    _ = client.drawn()
    var ticking: [Double] = []
    for _ in 0..<(options.runs * 2) {
      let start = Measure.now()
      client.send(" ")
      let (_, last) = client.drawn(first: 10)
      ticking.append(last - start)
    }
    // Filter keystrokes: `/`, then a word typed a character at a time, each to its
    // frame (the first searches every item, the next only what still matches), then
    // Esc clears it.
    var filtering: [Double] = []
    for _ in 0..<options.runs {
      client.send("/")
      _ = client.drawn()
      for character in "releas" {
        let start = Measure.now()
        client.send(String(character))
        let (_, last) = client.drawn()
        filtering.append(last - start)
      }
      client.send("\u{1B}")
      _ = client.drawn()
      client.send("\u{1B}")
      _ = client.drawn()
    }
    let peak = client.peakRSS()
    let floorPath = options.directory + "/tui-floor-\(label).md"
    let floor = Measure.inProcess(runs: options.runs) {
      _ = Measure.write(bytes, to: floorPath, sync: true)
      unlink(floorPath)
    }
    let suffix = ", \(label) items"
    let isJudged = !options.quick
    var first = Figure(
      name: "tui: first screen\(suffix)", sample: Sample(seconds: opening, peakRSS: peak),
      bytes: 0, baselineName: nil, baseline: nil, rssBudget: 2 * lintPeakRSS,
      target: isJudged ? "<= 100 ms median, RSS <= 2x lint" : "", met: nil)
    if isJudged {
      first.met = first.sample.median <= 0.100 && (lintPeakRSS == 0 || peak <= 2 * lintPeakRSS)
    }
    let mostBytes = movedBytes.max() ?? 0
    var move = Figure(
      name: "tui: cursor move, \(mostBytes) bytes at most\(suffix)",
      sample: Sample(seconds: moving, peakRSS: 0), bytes: 0, baselineName: nil, baseline: nil,
      rssBudget: 0, target: isJudged ? "<= 2 ms median, < 200 bytes" : "", met: nil)
    if isJudged { move.met = move.sample.median <= 0.002 && mostBytes < 200 }
    var tick = Figure(
      name: "tui: Space (a safe write)\(suffix)", sample: Sample(seconds: ticking, peakRSS: 0),
      bytes: 0, baselineName: "write+fsync", baseline: floor, rssBudget: 0,
      target: isJudged ? "<= 1.3x write+fsync" : "", met: nil)
    if isJudged { tick.met = (tick.ratio ?? 99) <= 1.3 }
    var filter = Figure(
      name: "tui: a filter keystroke\(suffix)", sample: Sample(seconds: filtering, peakRSS: 0),
      bytes: 0, baselineName: nil, baseline: nil, rssBudget: 0,
      target: isJudged ? "<= 16 ms median (a frame)" : "", met: nil)
    if isJudged { filter.met = filter.sample.median <= 0.016 }
    return [first, move, tick, filter]
  }
}
