import ChecklistKit
import ChkWorkspace

/// `chk git setup`.
extension Command {
  static let git = Command(
    "git", operands: [.word("setup")],
    "set up git to merge checklists by item and show lists in diff hunk headers",
    options: [
      .global, .pattern, .command,
      .check.described("only report whether git is set up; exit 1 when it is not"),
    ]
  ) { invocation throws(CommandError) in
    try GitSetup(invocation: invocation).run()
  }
}

/// `chk git setup`: the attributes line and the git configuration for the drivers.
struct GitSetup {
  let invocation: Invocation

  static let driverName = "chk: merge checklists by item"
  /// Hunk headers show the nearest heading: the list a change is in.
  static let headingPattern = "^#{1,6}[ \t].*$"

  var isGlobal: Bool { invocation.arguments.has(.global) }
  var pattern: String { invocation.arguments.value(.pattern) ?? "*.md" }
  var command: String { invocation.arguments.value(.command) ?? "chk" }
  var attributesLine: String { "\(pattern) merge=chk diff=chk" }

  /// The configuration entries, with the values they must have.
  var settings: [(key: String, value: String)] {
    [
      ("merge.chk.name", Self.driverName),
      ("merge.chk.driver", "\(command) merge-driver %O %A %B %L %P"),
      ("diff.chk.xfuncname", Self.headingPattern),
    ]
  }

  private func git(_ arguments: [String]) -> Subprocess.Outcome {
    Git.run(
      arguments, in: invocation.environment.currentDirectory,
      environment: invocation.environment.variables, errors: .merged)
  }

  private var scope: [String] { isGlobal ? ["--global"] : ["--local"] }

  /// The attributes file to edit: the repository's top-level `.gitattributes`, or the
  /// global one (`core.attributesFile`, else `$XDG_CONFIG_HOME/git/attributes`).
  private func attributesPath() throws(CommandError) -> String {
    if isGlobal {
      let configured = git(["config", "--global", "--path", "--get", "core.attributesFile"])
      if configured.status == 0, !configured.text.isEmpty { return configured.text }
      let variables = invocation.environment.variables
      if let config = variables["XDG_CONFIG_HOME"], !config.isEmpty {
        return config + "/git/attributes"
      }
      guard let home = variables["HOME"], !home.isEmpty else {
        throw CommandError(
          message:
            "neither HOME nor XDG_CONFIG_HOME is set: cannot find the global attributes file",
          kind: .failed)
      }
      return home + "/.config/git/attributes"
    }
    let top = git(["rev-parse", "--show-toplevel"])
    guard top.status == 0, !top.text.isEmpty else {
      if top.status == 127 {
        throw CommandError(message: "git is not installed (or not in PATH)", kind: .failed)
      }
      throw .usage("not in a git repository; run this inside one, or use --global")
    }
    return top.text + "/.gitattributes"
  }

  func run() throws(CommandError) -> ExitCode {
    let path = try attributesPath()
    // A committed `.gitattributes` that is a symbolic link is someone else's pointer:
    // git itself does not follow it (since 2.32), and writing through it would append
    // to whatever file it names (`~/.gitconfig`). The global file is the user's own.
    if !isGlobal, POSIX.isSymbolicLink(path) {
      throw CommandError(
        message: "\(SystemPath.display(path)) is a symbolic link, which git does not follow "
          + "and chk will not write through; replace it with a regular file",
        kind: .cannotCreate)
    }
    let existing: [UInt8]?
    do throws(FileError) {
      existing = try ChecklistFile.read(path)
    } catch {
      if case .notFound = error { existing = nil } else { throw .file(error) }
    }
    let lines = existing.map { String(decoding: $0, as: UTF8.self).split(separator: "\n") } ?? []
    let hasLine = lines.contains { $0.trimmingSpaces() == attributesLine }
    if invocation.arguments.has(.check) { return check(path, hasLine: hasLine) }
    for (key, value) in settings {
      let outcome = git(["config"] + scope + [key, value])
      guard outcome.status == 0 else {
        throw CommandError(
          message: "git config \(key) failed: \(outcome.text)",
          kind: outcome.status == 127 ? .failed : .cannotCreate)
      }
    }
    if !hasLine { try addAttributesLine(to: path, creating: existing == nil) }
    let output = invocation.output
    output.line(
      (hasLine ? "kept" : "added") + " '\(attributesLine)' in \(path)")
    output.line(
      "set merge.chk and diff.chk in your \(isGlobal ? "global" : "repository's") git config"
        + " (git config is not versioned: everyone who clones runs 'chk git setup')")
    return .success
  }

  /// Appends the attributes line, through the one edit path (or creates the file).
  private func addAttributesLine(to path: String, creating: Bool) throws(CommandError) {
    let line = Array((attributesLine + "\n").utf8)
    guard !creating else {
      POSIX.makeDirectories(SystemPath.directory(of: path))
      do throws(FileError) {
        try ChecklistFile.create(path, contents: line)
      } catch {
        throw .file(error)
      }
      return
    }
    let outcome = try invocation.fileEdit.apply(to: UserPath(path, in: "/")) {
      file throws(CommandError) in
      var contents = file.contents
      if let last = contents.last, last != UInt8(ascii: "\n") {
        contents.append(UInt8(ascii: "\n"))
      }
      return (contents + line, ())
    }
    for warning in outcome.warnings { invocation.errors.line("chk: " + warning) }
  }

  private func check(_ path: String, hasLine: Bool) -> ExitCode {
    var ready = true
    let output = invocation.output
    output.line((hasLine ? "ok      " : "missing ") + "'\(attributesLine)' in \(path)")
    ready = ready && hasLine
    let anyCommand = invocation.arguments.value(.command) == nil
    for (key, value) in settings {
      let current = git(["config"] + scope + ["--get", key])
      // Without --command, a driver that runs chk from any path will do.
      let driverSuffix = " merge-driver %O %A %B %L %P"
      let ok =
        current.status == 0
        && (current.text == value
          || (anyCommand && key == "merge.chk.driver" && current.text.hasSuffix(driverSuffix)))
      output.line(
        (ok ? "ok      " : "missing ") + key
          + (ok ? "" : current.status == 0 ? " (is '\(current.text)', want '\(value)')" : ""))
      ready = ready && ok
    }
    if !ready { output.line("run 'chk git setup" + (isGlobal ? " --global" : "") + "' to fix") }
    return ready ? .success : .failure
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" || first == "\r" {
      text.removeFirst()
    }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return text
  }
}
