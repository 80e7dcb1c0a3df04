import ChecklistKit

/// Runs another program (git, a notifier) and collects its output. Arguments go to the
/// program as they are: no shell ever sees them.
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
    /// The exit status; 127 when the program could not be started.
    package var status: Int32
    /// Standard output (with standard error, when merged).
    package var output: [UInt8]
    /// Standard error, when kept separate.
    package var errors: [UInt8] = []

    package var text: String {
      var text = String(decoding: output, as: UTF8.self)
      while text.last == "\n" { text.removeLast() }
      return text
    }
  }

  /// The program `name` as `PATH` (the given one, not this process's) finds it: an
  /// executable regular file; `name` itself when it holds a `/`. `nil` when none is.
  package static func find(_ name: String, path: String?) -> String? {
    func isProgram(_ candidate: String) -> Bool {
      var status = stat()
      return SystemPath.with(candidate) { stat($0, &status) } == 0
        && status.st_mode & S_IFMT == S_IFREG
        && SystemPath.with(candidate) { access($0, X_OK) } == 0
    }
    if name.contains("/") { return isProgram(name) ? name : nil }
    guard !name.isEmpty else { return nil }
    for directory in (path ?? "/usr/bin:/bin").split(
      separator: ":", omittingEmptySubsequences: false)
    {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      if isProgram(candidate) { return candidate }
    }
    return nil
  }

  /// Runs `arguments[0]` (looked up in `PATH`) with the given environment, standard
  /// input from /dev/null, and waits for it.
  ///
  /// - Parameter includeErrors: whether standard error goes into the output (else it
  ///   is discarded).
  package static func run(
    _ arguments: [String], environment: [String: String], includeErrors: Bool = false
  ) -> Outcome {
    run(arguments, environment: environment, errors: includeErrors ? .merged : .discarded)
  }

  /// Runs `arguments[0]` (looked up in `PATH`) with the given environment, standard
  /// input from /dev/null, and waits for it; standard error as `errors` says.
  package static func run(
    _ arguments: [String], environment: [String: String], errors: Errors
  ) -> Outcome {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else { return Outcome(status: 127, output: []) }
    if errors == .separate, pipe(&errorPipe) != 0 {
      close(outputPipe[0])
      close(outputPipe[1])
      return Outcome(status: 127, output: [])
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    switch errors {
    case .merged: posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
    case .separate: posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    for end in outputPipe + errorPipe where end >= 0 {
      posix_spawn_file_actions_addclose(&actions, end)
    }
    // Bytes, as paths among the arguments need not be UTF-8.
    var argv = arguments.map { argument in SystemPath.with(argument) { strdup($0) } }
    argv.append(nil)
    var envp = environment.map { strdup($0.key + "=" + $0.value) }
    envp.append(nil)
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = argv[0].map { posix_spawnp(&pid, $0, &actions, nil, argv, envp) } ?? ENOENT
    close(outputPipe[1])
    if errorPipe[1] >= 0 { close(errorPipe[1]) }
    defer {
      close(outputPipe[0])
      if errorPipe[0] >= 0 { close(errorPipe[0]) }
    }
    guard spawned == 0 else { return Outcome(status: 127, output: []) }
    let (output, errorOutput) = readBoth(outputPipe[0], errorPipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return Outcome(status: 127, output: output) }
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(status: exitStatus, output: output, errors: errorOutput)
  }

  /// Reads two descriptors (the second may be -1) to their ends, as data arrives on
  /// either, so that neither pipe fills while the other is waited on.
  private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var open = [first, second].map { $0 >= 0 }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while open.contains(true) {
      var polled = [first, second].enumerated().filter { open[$0.offset] }.map {
        pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0)
      }
      let ready = poll(&polled, nfds_t(polled.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in polled where entry.revents != 0 {
        let index = entry.fd == first ? 0 : 1
        let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 {
          open[index] = false
        } else {
          collected[index] += chunk[0..<count]
        }
      }
    }
    return (collected[0], collected[1])
  }
}
