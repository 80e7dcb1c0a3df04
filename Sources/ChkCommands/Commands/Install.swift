import ChecklistKit
import ChkPlatform
import ChkWorkspace

/// `chk install` and `chk uninstall`: the running binary, both man pages (built into
/// the binary, so any copy of it installs them) and the shell completions, under a
/// prefix.
extension Command {
  static let install = Command(
    "install", "install chk, its man pages and shell completions under DIR (default ~/.local)",
    options: [
      .prefix.described("where to install (default ~/.local, or /usr/local as root)"),
      .force.described("install even where another user can write the directories"),
    ]
  ) { invocation throws(CommandError) in
    let prefix = try Installation.prefix(invocation)
    if !invocation.arguments.has(.force) {
      try Installation.checkOwnership(
        of: Installation.targets(prefix: prefix, binary: []).map {
          SystemPath.directory(of: $0.path)
        })
    }
    let binary = try Installation.runningBinary()
    // The record: each file with a hash of what is written, so that uninstall removes
    // a file only while it is still what install put there. Each file is recorded
    // before it is written, so that an install stopped at any point (a full disk, a
    // kill) leaves nothing that uninstall would not remove.
    var record = ""
    let manifest = Installation.manifestPath(prefix)
    for target in Installation.targets(prefix: prefix, binary: binary) {
      record += String(ContentHash.of(target.contents), radix: 16) + " " + target.path + "\n"
      _ = try Installation.put(
        .init(path: manifest, contents: Array(record.utf8), executable: false), prefix: prefix)
      let verb = try Installation.put(target, prefix: prefix)
      invocation.output.line("\(verb) \(SystemPath.display(target.path))")
    }
    invocation.output.line("recorded what was installed in \(SystemPath.display(manifest))")
    for hint in Installation.hints(prefix: prefix, variables: invocation.environment.variables) {
      invocation.output.line(hint)
    }
    return .success
  }

  static let uninstall = Command(
    "uninstall", "remove exactly what 'chk install' put under DIR (default ~/.local)",
    options: [
      .prefix.described("where chk was installed (default ~/.local, or /usr/local as root)")
    ]
  ) { invocation throws(CommandError) in
    let prefix = try Installation.prefix(invocation)
    let manifest = Installation.manifestPath(prefix)
    guard let bytes = try? ChecklistFile.read(manifest) else {
      throw CommandError(
        message: "\(SystemPath.display(prefix)): nothing was installed here by 'chk install' "
          + "(no \(SystemPath.display(manifest)))", kind: .missing)
    }
    // Only what the record names and `install` puts there (a record edited to name
    // another file, `PREFIX/../etc/x`, removes nothing else), and only while it holds
    // what install wrote (a file replaced since stays).
    let known = Set(Installation.targets(prefix: prefix, binary: []).map(\.path))
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      let hash = String(line[..<space])
      let path = String(line[line.index(after: space)...])
      guard known.contains(path) else { continue }
      // A link anywhere on the way (`PREFIX/bin -> elsewhere`) leads out of PREFIX:
      // what is there is not what install wrote under PREFIX.
      guard Installation.isInside(prefix, path) else {
        invocation.output.line(
          "left (outside \(SystemPath.display(prefix))): " + SystemPath.display(path))
        continue
      }
      guard let current = try? ChecklistFile.read(path) else {
        invocation.output.line("already gone: " + SystemPath.display(path))
        continue
      }
      guard String(ContentHash.of(current), radix: 16) == hash else {
        invocation.output.line("left (changed since install): " + SystemPath.display(path))
        continue
      }
      let removed = POSIX.remove(path)
      invocation.output.line(
        (removed ? "removed " : "could not remove ") + SystemPath.display(path))
    }
    POSIX.remove(manifest)
    invocation.output.line("removed " + SystemPath.display(manifest))
    return .success
  }
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
    let prefix: String
    if let given = invocation.arguments.value(.prefix) {
      guard !given.isEmpty else { throw .usage("--prefix needs a directory") }
      prefix = invocation.userPath(given).absolute
    } else if geteuid() == 0 {
      prefix = "/usr/local"
    } else if let home = invocation.environment.variables["HOME"], home.hasPrefix("/") {
      prefix = home + "/.local"
    } else {
      throw .usage("HOME is not set: name the place with --prefix DIR")
    }
    return normalized(prefix)
  }

  /// An absolute path without `.`, `..` or repeated slashes, so that install and
  /// uninstall name the same files however the prefix was typed.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
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
    var targets = [Target(path: prefix + "/bin/chk", contents: binary, executable: true)]
    for page in ManPages.all {
      let section = page.name.split(separator: ".").last.map(String.init) ?? "1"
      targets.append(
        Target(
          path: prefix + "/share/man/man\(section)/" + page.name, contents: Array(page.text.utf8),
          executable: false))
    }
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

  /// Refuses directories another user could change under the install: every existing
  /// directory from the root down to each of `directories` (links resolved) must be
  /// this user's or root's, and writable by nobody else, unless it is sticky (as
  /// /tmp is, where others cannot replace what is yours). A group-writable directory
  /// of the user's own private group (named as the user, with no other members) counts
  /// as the user's. Otherwise that user could replace `bin/chk` after it is installed.
  ///
  /// - Throws: status 73 naming the directory, its owner and what to do.
  static func checkOwnership(of directories: [String]) throws(CommandError) {
    let user = geteuid()
    var checked = Set<String>()
    for directory in directories {
      var existing = directory
      while POSIX.kind(of: existing) == .missing, existing != "/" {
        existing = SystemPath.directory(of: existing)
      }
      guard case .success(let resolved) = POSIX.resolvedPath(existing) else { continue }
      var current = ""
      for component in [""] + resolved.split(separator: "/").map(String.init) {
        current = component.isEmpty ? "/" : (current == "/" ? "" : current) + "/" + component
        guard checked.insert(current).inserted else { continue }
        guard let status = POSIX.status(of: current) else { continue }
        let reason: String?
        if status.owner != user, status.owner != 0 {
          reason = "belongs to another user (uid \(status.owner))"
        } else if status.mode & UInt32(S_ISVTX) != 0 {
          reason = nil
        } else if status.mode & 0o002 != 0 {
          reason = "is writable by every user"
        } else if status.mode & 0o020 != 0, !isPrivateGroup(status.group, of: user) {
          reason = "is writable by its group (gid \(status.group))"
        } else {
          reason = nil
        }
        if let reason {
          throw CommandError(
            message: "\(SystemPath.display(current)) \(reason), who could replace what is "
              + "installed under it; choose another --prefix, or --force if you trust them",
            kind: .cannotCreate)
        }
      }
    }
  }

  /// Whether `group` is `user`'s private group: the user's primary group, named as the
  /// user, with no other members. Read from /etc/passwd and /etc/group themselves: the C
  /// library's getpwuid and getgrgid load NSS modules at run time, which a static
  /// binary cannot do safely on another system's C library.
  private static func isPrivateGroup(_ group: gid_t, of user: uid_t) -> Bool {
    func entries(_ path: String) -> [[Substring]] {
      guard let bytes = try? ChecklistFile.read(path) else { return [] }
      return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
        $0.split(separator: ":", omittingEmptySubsequences: false)
      }
    }
    guard
      let account = entries("/etc/passwd").first(where: { $0.count >= 4 && $0[2] == "\(user)" }),
      account[3] == "\(group)",
      let entry = entries("/etc/group").first(where: { $0.count >= 4 && $0[2] == "\(group)" })
    else { return false }
    let name = account[0]
    return entry[0] == name
      && entry[3].split(separator: ",").allSatisfy { $0 == name }
  }

  /// Whether `path` is in `prefix` once every link is resolved: its directory
  /// resolves inside the resolved prefix, and it is not a link itself.
  static func isInside(_ prefix: String, _ path: String) -> Bool {
    guard case .success(let root) = POSIX.resolvedPath(prefix),
      case .success(let directory) = POSIX.resolvedPath(SystemPath.directory(of: path)),
      !POSIX.isSymbolicLink(path)
    else { return false }
    return directory == root || directory.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// Writes a target through the safe-write path (a new file is created, an existing
  /// one replaced keeping its mode, a program made executable); returns what was done.
  static func put(_ target: Target, prefix: String) throws(CommandError) -> String {
    let directory = SystemPath.directory(of: target.path)
    guard POSIX.makeDirectories(directory) == 0 else {
      throw CommandError(
        message: "\(SystemPath.display(directory)): cannot create the directory "
          + "(\(POSIX.reason())); choose another --prefix", kind: .cannotCreate)
    }
    // A link on the way (`PREFIX/bin -> /elsewhere`) would put the file outside
    // PREFIX, where uninstall would not remove it.
    guard isInside(prefix, target.path) || POSIX.isSymbolicLink(target.path) else {
      throw CommandError(
        message: "\(SystemPath.display(directory)) leads outside \(SystemPath.display(prefix)) "
          + "through a symbolic link; remove the link or choose another --prefix",
        kind: .cannotCreate)
    }
    // A symbolic link in the prefix is not followed: writing through it would change
    // a file elsewhere, which uninstall would then not remove.
    if POSIX.isSymbolicLink(target.path) {
      throw CommandError(
        message: "\(SystemPath.display(target.path)) is a symbolic link; remove it or choose "
          + "another --prefix", kind: .cannotCreate)
    }
    var verb = "unchanged"
    do throws(FileError) {
      if POSIX.kind(of: target.path) == .missing {
        try ChecklistFile.create(
          target.path, contents: target.contents, mode: target.executable ? 0o777 : 0o666)
        return "installed"
      }
      let file = try ChecklistFile(editing: target.path)
      if file.contents != target.contents {
        try file.write(target.contents)
        verb = "updated"
      }
      file.unlock()
    } catch {
      throw .file(error)
    }
    // A program left without its execute bits (installed over a 0644 file) is made
    // runnable: executable wherever it is readable.
    if target.executable, let status = POSIX.status(of: target.path),
      status.mode & 0o111 != (status.mode & 0o444) >> 2
    {
      let mode = (status.mode & 0o7777) | (status.mode & 0o444) >> 2
      guard POSIX.setMode(target.path, mode) else {
        throw CommandError(
          message: "\(SystemPath.display(target.path)): cannot make it executable "
            + "(\(POSIX.reason()))", kind: .cannotCreate)
      }
      verb += " (made executable)"
    }
    return verb
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
