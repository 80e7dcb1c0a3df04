import ChecklistKit

/// Runs another program (git) and collects its output.
package enum Subprocess {
  /// What a program printed and how it exited.
  package struct Outcome {
    /// The exit status; 127 when the program could not be started.
    package var status: Int32
    /// Standard output, and standard error too when asked for.
    package var output: [UInt8]

    package var text: String {
      var text = String(decoding: output, as: UTF8.self)
      while text.last == "\n" { text.removeLast() }
      return text
    }
  }

  /// Runs `arguments[0]` (looked up in `PATH`) with the given environment, standard
  /// input from /dev/null, and waits for it.
  ///
  /// - Parameter includeErrors: whether standard error goes into the output (else it
  ///   is discarded).
  package static func run(
    _ arguments: [String], environment: [String: String], includeErrors: Bool = false
  )
    -> Outcome
  {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return Outcome(status: 127, output: []) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    if includeErrors {
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
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
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else { return Outcome(status: 127, output: []) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      output += chunk[0..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return Outcome(status: 127, output: output) }
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(status: exitStatus, output: output)
  }
}
