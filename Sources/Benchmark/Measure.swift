import ChecklistKit
import ChkPlatform

/// Timings of repeated runs: median, min and max in seconds, and a peak RSS.
public struct Sample: Sendable {
  /// Each run's wall-clock time.
  public var seconds: [Double]
  /// Peak resident set size in bytes (0 when not measured).
  public var peakRSS: Int
  /// What else the machine did while the runs ran (`nil` where not read).
  public var machine: MachineState?

  /// A sample of runs.
  public init(seconds: [Double], peakRSS: Int, machine: MachineState? = nil) {
    self.seconds = seconds
    self.peakRSS = peakRSS
    self.machine = machine
  }

  /// The median run's time.
  public var median: Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// The fastest run's time.
  public var minimum: Double { seconds.min() ?? 0 }
  /// The slowest run's time.
  public var maximum: Double { seconds.max() ?? 0 }
}

/// The machine's state over a stretch of runs, from /proc: a wall-clock figure means
/// little without it (a busy neighbour core, or the host taking cycles from this VM).
public struct MachineState: Sendable {
  /// The one-minute load average at the end.
  public var load: Double
  /// The share of CPU time the hypervisor took (steal), in percent.
  public var stealPercent: Double

  /// The /proc/stat `cpu` line's counters: steal and total jiffies.
  static func counters() -> (steal: Double, total: Double)? {
    guard let bytes = Measure.read("/proc/stat"),
      let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first,
      line.hasPrefix("cpu ")
    else { return nil }
    let values = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard values.count >= 8 else { return nil }
    // user nice system idle iowait irq softirq steal (guest is counted in user).
    return (values[7], values.prefix(8).reduce(0, +))
  }

  /// The state between `start` (counters read before the runs) and now.
  static func since(_ start: (steal: Double, total: Double)?) -> MachineState? {
    guard let start, let end = counters(), end.total > start.total,
      let text = Measure.read("/proc/loadavg"),
      let load = String(decoding: text, as: UTF8.self).split(separator: " ").first.flatMap({
        Double($0)
      })
    else { return nil }
    return MachineState(
      load: load, stealPercent: (end.steal - start.steal) / (end.total - start.total) * 100)
  }
}

/// Clocks, child processes and memory.
public enum Measure {
  /// The monotonic clock, in seconds.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Times `body` `runs` times in this process.
  public static func inProcess(runs: Int, _ body: () -> Void) -> Sample {
    var seconds: [Double] = []
    let counters = MachineState.counters()
    for _ in 0..<runs {
      let start = now()
      body()
      seconds.append(now() - start)
    }
    return Sample(seconds: seconds, peakRSS: 0, machine: .since(counters))
  }

  /// Runs a program `runs` times with standard output to /dev/null, timing each run;
  /// `prepare` runs before each (untimed). The peak RSS is not measured here: see
  /// `peakRSS`. A run exiting with a status not in `accepting` fails the sample.
  ///
  /// - Returns: the sample, or `nil` when the program could not run or failed.
  public static func process(
    _ arguments: [String], runs: Int, environment: [String] = [], accepting: Set<Int32> = [0],
    prepare: () -> Void = {}
  ) -> Sample? {
    var seconds: [Double] = []
    let counters = MachineState.counters()
    for _ in 0..<runs {
      prepare()
      let start = now()
      guard let (status, _) = spawn(arguments, environment: environment),
        accepting.contains(status)
      else {
        return nil
      }
      seconds.append(now() - start)
    }
    return Sample(seconds: seconds, peakRSS: 0, machine: .since(counters))
  }

  /// The peak RSS of one run of a program, in bytes, or `nil` when it failed.
  ///
  /// Linux charges a child spawned with `vfork` semantics (as `posix_spawn` does) with
  /// the peak RSS of the address space it was spawned from, so a child of this large
  /// process would report this process's memory. The program is therefore started by a
  /// fresh, small copy of the bench (`helper --peak-rss FILE PROGRAM ...`), which
  /// writes the child's figure to FILE.
  public static func peakRSS(
    _ arguments: [String], helper: String, scratch: String, environment: [String] = []
  ) -> Int? {
    let report = scratch + "/peak-rss.txt"
    guard
      let (status, _) = spawn(
        [helper, "--peak-rss", report] + arguments, environment: environment),
      status == 0, let bytes = read(report)
    else { return nil }
    return Int(String(decoding: bytes, as: UTF8.self).trimmingNewline())
  }

  /// The helper side of `peakRSS`: runs the program with this process's environment
  /// and writes its peak RSS in bytes to `report`.
  ///
  /// - Returns: the program's exit status (0 only when it ran, succeeded and the
  ///   figure was written).
  public static func reportPeakRSS(of arguments: [String], to report: String) -> Int32 {
    var environment: [String] = []
    var cursor = environ
    while let entry = cursor.pointee {
      environment.append(String(cString: entry))
      cursor += 1
    }
    guard let (status, rss) = spawn(arguments, environment: environment) else { return 127 }
    guard status == 0 else { return status }
    return write(Array("\(rss)\n".utf8), to: report) ? 0 : 74
  }

  /// Runs a program and waits (standard input from `input` when given, output to
  /// /dev/null): its exit status and peak RSS in bytes.
  public static func spawn(_ arguments: [String], environment: [String] = [], input: String? = nil)
    -> (Int32, Int)?
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    var arguments = arguments.map { strdup($0) }
    arguments.append(nil)
    var environmentStrings = environment.map { strdup($0) }
    environmentStrings.append(nil)
    defer {
      for pointer in arguments { free(pointer) }
      for pointer in environmentStrings { free(pointer) }
    }
    var pid = pid_t()
    guard let program = arguments[0],
      posix_spawn(&pid, program, &actions, nil, arguments, environmentStrings) == 0
    else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, Int(usage.ru_maxrss) * 1024)
  }

  /// Writes a file whole, replacing it; false on any failure. With `sync`, also waits
  /// for the disk (`fsync`), as any safe replacement of a file must.
  public static func write(_ bytes: [UInt8], to path: String, sync: Bool = false) -> Bool {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return false }
    defer {
      if sync { fsync(file) }
      close(file)
    }
    return bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return false }
        let written = Glibc.write(file, base + offset, buffer.count - offset)
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  /// A file's bytes, or `nil` when it cannot be read.
  public static func read(_ path: String) -> [UInt8]? {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}

extension String {
  fileprivate func trimmingNewline() -> String {
    var copy = self
    while copy.last == "\n" { copy.removeLast() }
    return copy
  }
}
