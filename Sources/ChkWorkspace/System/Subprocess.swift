import ChecklistKit
import ChkPlatform

/// Runs another program (git, a notifier, a user's hook) and collects or relays its
/// output. Arguments go to the program as they are: no shell ever sees them.
///
/// What a program chk runs cannot do to chk:
/// - hang it: with a time limit, the program's process group gets SIGTERM when the
///   limit passes and SIGKILL 2 seconds later, or as soon as the program has exited
///   (what it started may ignore SIGTERM);
/// - keep it waiting after it exits: chk reads what is left in the pipes and stops, so
///   a process the program left behind holding them (`sleep 100 &`) is not waited for;
/// - fill its memory: a relayed program's output is passed on as it arrives;
/// - be found in the working directory: only absolute `PATH` entries are searched.
package enum Subprocess {
  /// What happens to the program's standard error.
  package enum Errors: Sendable {
    /// Thrown away.
    case discarded
    /// Into `output`, with standard output.
    case merged
    /// Into `errors`, apart.
    case separate
  }

  /// What a program printed and how it exited.
  package struct Outcome {
    /// The exit status; 127 when the program could not be started, 128 + N when a
    /// signal N ended it.
    package var status: Int32
    /// Standard output (with standard error, when merged); empty when relayed.
    package var output: [UInt8]
    /// Standard error, when kept separate; empty when relayed.
    package var errors: [UInt8] = []
    /// Whether the time limit ended the program.
    package var timedOut = false

    package var text: String {
      var text = String(decoding: output, as: UTF8.self)
      while text.last == "\n" { text.removeLast() }
      return text
    }
  }

  /// Where a program's output goes as it arrives, instead of being kept: each piece
  /// (valid only during the call) and whether it came from standard error.
  package typealias Relay = (_ piece: UnsafeBufferPointer<UInt8>, _ isError: Bool) -> Void

  /// The search path when `PATH` is not set.
  package static let defaultSearchPath = "/usr/bin:/bin"

  /// The program `name` as `PATH` (the given one, not this process's) finds it: an
  /// executable regular file; `name` itself when it holds a `/`. `nil` when none is.
  ///
  /// Empty and relative entries of `PATH` (`::`, `.`, `bin`) are skipped, as Go's
  /// `os/exec` does: they name the working directory, which may be a repository
  /// someone else committed programs to.
  package static func find(_ name: String, path: String?) -> String? {
    func isProgram(_ candidate: String) -> Bool {
      var status = stat()
      return SystemPath.with(candidate) { stat($0, &status) } == 0
        && status.st_mode & S_IFMT == S_IFREG
        && SystemPath.with(candidate) { access($0, X_OK) } == 0
    }
    if name.contains("/") { return isProgram(name) ? name : nil }
    guard !name.isEmpty else { return nil }
    for directory in (path ?? defaultSearchPath).split(separator: ":")
    where directory.hasPrefix("/") {
      let candidate = directory + "/" + name
      if isProgram(candidate) { return candidate }
    }
    return nil
  }

  /// Runs `arguments[0]` (looked up in the environment's `PATH` as `find` does) with
  /// the given environment and standard input from /dev/null, and waits for it to
  /// exit; standard error as `errors` says.
  ///
  /// - Parameters:
  ///   - timeLimit: seconds the program may run; then its process group is ended
  ///     (`Outcome.timedOut`). `nil`: no limit.
  ///   - relay: where output goes as it arrives; `nil` keeps it in the outcome.
  package static func run(
    _ arguments: [String], environment: [String: String], errors: Errors,
    timeLimit: Double? = nil, relay: Relay? = nil
  ) -> Outcome {
    guard let name = arguments.first, let program = find(name, path: environment["PATH"]) else {
      return Outcome(status: 127, output: [])
    }
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else { return Outcome(status: 127, output: []) }
    if errors == .separate, pipe(&errorPipe) != 0 {
      close(outputPipe[0])
      close(outputPipe[1])
      return Outcome(status: 127, output: [])
    }
    defer {
      close(outputPipe[0])
      if errorPipe[0] >= 0 { close(errorPipe[0]) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The program keeps only its own ends (the close-on-exec flag: a close action
    // would fail on the end dup2 had just put in its place).
    for end in outputPipe + errorPipe where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    switch errors {
    case .merged: posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
    case .separate: posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Signals are the program's to handle: none ignored as chk ignores some (a closed
    // pipe, a file-size limit) and none blocked as the thread that runs it may block
    // some. With a time limit the program leads a process group of its own, which the
    // limit ends whole.
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if timeLimit != nil {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    // Bytes, as paths among the arguments and variables need not be UTF-8.
    var argv = arguments.map { argument in SystemPath.with(argument) { strdup($0) } }
    argv.append(nil)
    var envp = environment.map { SystemPath.with($0.key + "=" + $0.value) { strdup($0) } }
    envp.append(nil)
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = SystemPath.with(program) {
      posix_spawn(&pid, $0, &actions, &attributes, argv, envp)
    }
    close(outputPipe[1])
    if errorPipe[1] >= 0 { close(errorPipe[1]) }
    guard spawned == 0 else { return Outcome(status: 127, output: []) }
    var watch = Watch(
      descriptors: [outputPipe[0], errorPipe[0]], relay: relay,
      deadline: timeLimit.map { Watch.now() + $0 })
    let status = watch.wait(for: pid)
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(
      status: exitStatus, output: watch.collected[0], errors: watch.collected[1],
      timedOut: watch.timedOut)
  }

  /// Reads a running program's pipes and waits for it to exit, within its deadline.
  private struct Watch {
    /// Standard output and standard error (-1 when not a pipe of chk's).
    var descriptors: [Int32]
    var relay: Relay?
    var deadline: Double?
    var collected: [[UInt8]] = [[], []]
    var timedOut = false
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(descriptors: [Int32], relay: Relay?, deadline: Double?) {
      self.descriptors = descriptors
      self.relay = relay
      self.deadline = deadline
      for descriptor in descriptors where descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
    }

    static func now() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Reads until `pid` exits (checking every 25 ms, so that a pipe held open by a
    /// process it left behind does not keep chk waiting), then what is left in the
    /// pipes; ends the process group past the deadline.
    ///
    /// - Returns: the status `waitpid` gives.
    mutating func wait(for pid: pid_t) -> Int32 {
      var status: Int32 = 0
      var terminatedAt: Double?
      while true {
        // Both pipes at their end and no deadline: nothing is left to read or to end,
        // so the wait for the exit can block (no 25 ms naps after every git call).
        let blocks = deadline == nil && descriptors.allSatisfy { $0 < 0 }
        // Once ended for its time, the program's exit is looked at before it is
        // reaped: while it is a zombie its process group's number is not given to
        // another process, so what it left behind (a child that ignores SIGTERM) can
        // still be killed.
        if terminatedAt != nil, Self.hasExited(pid) { kill(-pid, SIGKILL) }
        let reaped = waitpid(pid, &status, blocks ? 0 : WNOHANG)
        if reaped == pid || (reaped < 0 && errno != EINTR) {
          drain()
          return status
        }
        if blocks { continue }
        var polled = descriptors.filter { $0 >= 0 }.map {
          pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        _ = poll(&polled, nfds_t(polled.count), 25)
        for entry in polled where entry.revents != 0 { readPiece(entry.fd) }
        guard let deadline else { continue }
        let now = Self.now()
        if let terminatedAt {
          if now > terminatedAt + 2 { kill(-pid, SIGKILL) }
        } else if now > deadline {
          timedOut = true
          terminatedAt = now
          kill(-pid, SIGTERM)
        }
      }
    }

    /// Whether `pid` has exited, without reaping it.
    static func hasExited(_ pid: pid_t) -> Bool {
      var info = siginfo_t()
      return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
        && info.si_signo == SIGCHLD
    }

    /// Reads what the pipes hold now, without waiting for more.
    private mutating func drain() {
      for descriptor in descriptors where descriptor >= 0 {
        while readPiece(descriptor) {}
      }
    }

    /// Reads one piece from `descriptor`; marks it finished at its end.
    ///
    /// - Returns: whether a piece was read.
    @discardableResult
    private mutating func readPiece(_ descriptor: Int32) -> Bool {
      guard let index = descriptors.firstIndex(of: descriptor) else { return false }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { return errno == EINTR }
      if count == 0 {
        descriptors[index] = -1
        return false
      }
      if let relay {
        chunk.withUnsafeBufferPointer {
          relay(UnsafeBufferPointer(rebasing: $0[..<count]), index == 1)
        }
      } else {
        collected[index] += chunk[0..<count]
      }
      return true
    }
  }
}
