import ChecklistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `chk install` and `chk uninstall`: the running binary, both man pages (built into
/// the binary, so any copy of it installs them) and the shell completions, under a
/// prefix.
extension Command {
  static let install = Command(
    "install", "[--prefix DIR]",
    "install chk, its man pages and shell completions under DIR (default ~/.local)",
    options: [prefixOption]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...0, "no operands")
    let prefix = try Installation.prefix(invocation)
    let binary = try Installation.runningBinary()
    var installed: [String] = []
    for target in Installation.targets(prefix: prefix, binary: binary) {
      let verb = try Installation.put(target)
      invocation.output.line("\(verb) \(SystemPath.display(target.path))")
      installed.append(target.path)
    }
    let manifest = Installation.manifestPath(prefix)
    _ = try Installation.put(
      .init(
        path: manifest,
        contents: Array(installed.map { $0 + "\n" }.joined().utf8), executable: false))
    invocation.output.line("recorded what was installed in \(SystemPath.display(manifest))")
    for hint in Installation.hints(prefix: prefix, variables: invocation.environment.variables) {
      invocation.output.line(hint)
    }
    return .success
  }

  static let uninstall = Command(
    "uninstall", "[--prefix DIR]",
    "remove exactly what 'chk install' put under DIR (default ~/.local)",
    options: [prefixOption]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...0, "no operands")
    let prefix = try Installation.prefix(invocation)
    let manifest = Installation.manifestPath(prefix)
    guard let bytes = try? ChecklistFile.read(manifest) else {
      throw CommandError(
        message: "\(SystemPath.display(prefix)): nothing was installed here by 'chk install' "
          + "(no \(SystemPath.display(manifest)))", status: .noInput)
    }
    let listed = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    // Only what the record names and `install` puts there: a record edited to name
    // another file (`PREFIX/../etc/x`) removes nothing else.
    let known = Set(Installation.targets(prefix: prefix, binary: []).map(\.path))
    for path in listed.filter(known.contains) + [manifest] {
      let removed = SystemPath.with(path) { unlink($0) } == 0
      invocation.output.line(
        (removed ? "removed " : "already gone: ") + SystemPath.display(path))
    }
    return .success
  }

  static let prefixOption = OptionSpec.value(
    "prefix", nil, "DIR", "where to install (default ~/.local, or /usr/local as root)")
}

/// What `chk install` puts where.
enum Installation {
  struct Target {
    var path: String
    var contents: [UInt8]
    var executable: Bool
  }

  /// `--prefix`, made absolute; else `~/.local`, or `/usr/local` for root.
  static func prefix(_ invocation: Invocation) throws(CommandError) -> String {
    var prefix: String
    if let given = invocation.arguments.value("prefix") {
      guard !given.isEmpty else { throw .usage("--prefix needs a directory") }
      prefix = invocation.userPath(given).absolute
    } else if geteuid() == 0 {
      prefix = "/usr/local"
    } else if let home = invocation.environment.variables["HOME"], home.hasPrefix("/") {
      prefix = home + "/.local"
    } else {
      throw .usage("HOME is not set: name the place with --prefix DIR")
    }
    while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
    return prefix
  }

  /// The bytes of the running executable.
  static func runningBinary() throws(CommandError) -> [UInt8] {
    do {
      return try ChecklistFile.read("/proc/self/exe", displayName: "the running chk")
    } catch {
      throw .file(error)
    }
  }

  static func manifestPath(_ prefix: String) -> String {
    prefix + "/share/chk/installed-files"
  }

  /// The binary, the man pages, and a completion script per shell, where each shell
  /// looks for them.
  static func targets(prefix: String, binary: [UInt8]) -> [Target] {
    var targets = [
      Target(path: prefix + "/bin/chk", contents: binary, executable: true),
      Target(
        path: prefix + "/share/man/man1/chk.1", contents: Array(ManPages.chk.utf8),
        executable: false),
      Target(
        path: prefix + "/share/man/man5/checklist.5", contents: Array(ManPages.checklist.utf8),
        executable: false),
    ]
    let completions = [
      ("bash", "/share/bash-completion/completions/chk"),
      ("zsh", "/share/zsh/site-functions/_chk"),
      ("fish", "/share/fish/vendor_completions.d/chk.fish"),
    ]
    for (shell, path) in completions {
      if let script = Completions.script(for: shell) {
        targets.append(Target(path: prefix + path, contents: Array(script.utf8), executable: false))
      }
    }
    return targets
  }

  /// Writes a target through the safe-write path (a new file is created, an existing
  /// one replaced keeping its mode); returns what was done.
  static func put(_ target: Target) throws(CommandError) -> String {
    let directory = FileSystem.directory(of: target.path)
    guard FileSystem.makeDirectories(directory) == 0 else {
      throw CommandError(
        message: "\(SystemPath.display(directory)): cannot create the directory "
          + "(\(FileSystem.reason())); choose another --prefix", status: .cannotCreate)
    }
    do throws(FileError) {
      if FileSystem.kind(of: target.path) == .missing {
        try ChecklistFile.create(
          target.path, contents: target.contents, mode: target.executable ? 0o777 : 0o666)
        return "installed"
      }
      let file = try ChecklistFile(editing: target.path)
      guard file.contents != target.contents else { return "unchanged" }
      try file.write(target.contents)
      file.unlock()
      return "updated"
    } catch {
      throw .file(error)
    }
  }

  /// What to add to the shell's start-up files when the prefix is not where shells
  /// look already.
  static func hints(prefix: String, variables: [String: String]) -> [String] {
    var hints: [String] = []
    let path = (variables["PATH"] ?? "").split(separator: ":").map(String.init)
    if !path.contains(prefix + "/bin") {
      hints.append("note: \(prefix)/bin is not on PATH; add: export PATH=\"\(prefix)/bin:$PATH\"")
    }
    if prefix != "/usr/local", prefix != "/usr" {
      hints.append(
        "note: zsh looks for completions in fpath; add before compinit in ~/.zshrc: "
          + "fpath=(\(prefix)/share/zsh/site-functions $fpath)")
      hints.append(
        "note: if 'man chk' does not find the page, add: export MANPATH=\"\(prefix)/share/man:\"")
    }
    return hints
  }
}
