/// Commands for checklists kept in git: the merge driver, its setup, and `resolve`.
extension Command {
  static let mergeDriver = Command(
    "merge-driver", "BASE OURS THEIRS [MARKER_SIZE] [PATH]",
    "merge three versions by item for git (writes the result to OURS)"
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(3...5, "BASE OURS THEIRS and optionally MARKER_SIZE and PATH")
    let operands = invocation.operands
    var markerSize = 7
    if operands.count >= 4 {
      guard let size = Int(operands[3]), size >= 1, size <= 1_000 else {
        throw .usage("MARKER_SIZE must be a number from 1 to 1000, not '\(operands[3])'")
      }
      markerSize = size
    }
    let shownPath = operands.count >= 5 ? operands[4] : operands[1]
    let base = try invocation.readWhole(operands[0])
    let theirs = try invocation.readWhole(operands[2])
    let oursFile = try invocation.openForEditing(operands[1])
    let result = ChecklistMerge.merge(
      base: base, ours: oursFile.contents, theirs: theirs, markerSize: markerSize)
    if result.mergedLineByLine {
      invocation.errors.line(
        "chk merge-driver: \(shownPath): not valid UTF-8 in every version; merged line by line")
    }
    do throws(FileError) {
      try oursFile.write(result.bytes)
    } catch {
      throw .file(error.renamed(operands[1]))
    }
    guard result.conflicts == 0 else {
      invocation.errors.line(
        "chk merge-driver: \(shownPath): \(result.conflicts) conflict"
          + (result.conflicts == 1 ? "" : "s")
          + " marked; edit the file (or run 'chk resolve \(shownPath)' after fixing the markers)"
          + " and 'git add' it")
      return .failure
    }
    return .success
  }

  static let resolve = Command(
    "resolve", "PATH",
    "merge a file that has conflict markers by item; conflicts that remain stay marked",
    options: [
      .flag("quiet", "q", "print nothing on success")
    ]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...1, "one PATH")
    let path = invocation.operands[0]
    let file = try invocation.openForEditing(path)
    let marked: MarkedConflicts
    do throws(ConflictMarkers.Malformed) {
      marked = try ConflictMarkers.split(file.contents)
    } catch {
      throw .invalidValue(
        "\(path):\(error.line): \(error.reason); fix the markers by hand and run 'chk resolve' again"
      )
    }
    guard marked.regions > 0 else {
      if !invocation.arguments.has("quiet") {
        invocation.output.line("\(path): no conflict markers")
      }
      return .success
    }
    var versions = (base: marked.base, ours: marked.ours, theirs: marked.theirs)
    var source = "the markers"
    if !marked.everyRegionHasBase, let staged = invocation.stagedVersions(of: path) {
      versions = staged
      source = "git's index"
    }
    let result = ChecklistMerge.merge(
      base: versions.base, ours: versions.ours, theirs: versions.theirs)
    do throws(FileError) {
      try file.write(result.bytes)
    } catch {
      throw .file(error.renamed(path))
    }
    guard result.conflicts == 0 else {
      invocation.errors.line(
        "chk: \(path): \(result.conflicts) conflict" + (result.conflicts == 1 ? "" : "s")
          + " remain marked (versions from \(source)); edit them by hand")
      return .failure
    }
    if !invocation.arguments.has("quiet") {
      invocation.output.line(
        "resolved \(marked.regions) conflict" + (marked.regions == 1 ? "" : "s")
          + " in \(path) (versions from \(source)); check it and 'git add' it")
    }
    return .success
  }

  static let git = Command(
    "git", "setup [--global] [--pattern PATTERN] [--command CMD] [--check]",
    "set up git to merge checklists by item and show lists in diff hunk headers",
    options: [
      .flag("global", nil, "configure your user (~/.gitconfig and the global attributes file)"),
      .value("pattern", nil, "PATTERN", "the files to merge with chk (default: *.md)"),
      .value("command", nil, "CMD", "how git runs chk (default: chk, found in PATH)"),
      .flag("check", nil, "only report whether git is set up; exit 1 when it is not"),
    ]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...1, "'setup'")
    guard invocation.operands[0] == "setup" else {
      throw .usage("unknown 'chk git' command '\(invocation.operands[0])'; try 'chk git setup'")
    }
    return try GitSetup(invocation: invocation).run()
  }
}

extension Invocation {
  /// A whole file, read without locking it.
  func readWhole(_ path: String) throws(CommandError) -> [UInt8] {
    do throws(FileError) {
      return try ChecklistFile.read(absolute(path))
    } catch {
      throw .file(error.renamed(path))
    }
  }

  /// The base, ours and theirs git holds for a file in a conflicted merge (index
  /// stages 1 to 3), or `nil` when git has no such stages for it.
  func stagedVersions(of path: String) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8])? {
    let full = absolute(path)
    let slash = full.lastIndex(of: "/") ?? full.startIndex
    let directory = String(full[..<slash])
    let name = String(full[full.index(after: slash)...])
    func stage(_ number: Int) -> [UInt8]? {
      let outcome = Subprocess.run(
        ["git", "-C", directory, "show", ":\(number):./\(name)"], environment: environment.variables
      )
      return outcome.status == 0 ? outcome.output : nil
    }
    guard let ours = stage(2), let theirs = stage(3) else { return nil }
    return (stage(1) ?? [], ours, theirs)
  }
}

/// `chk git setup`: the attributes line and the git configuration for the drivers.
struct GitSetup {
  let invocation: Invocation

  static let driverName = "chk: merge checklists by item"
  /// Hunk headers show the nearest heading: the list a change is in.
  static let headingPattern = "^#{1,6}[ \t].*$"

  var isGlobal: Bool { invocation.arguments.has("global") }
  var pattern: String { invocation.arguments.value("pattern") ?? "*.md" }
  var command: String { invocation.arguments.value("command") ?? "chk" }
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
    Subprocess.run(
      ["git", "-C", invocation.environment.currentDirectory] + arguments,
      environment: invocation.environment.variables, includeErrors: true)
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
          status: .failure)
      }
      return home + "/.config/git/attributes"
    }
    let top = git(["rev-parse", "--show-toplevel"])
    guard top.status == 0, !top.text.isEmpty else {
      if top.status == 127 {
        throw CommandError(message: "git is not installed (or not in PATH)", status: .failure)
      }
      throw .usage("not in a git repository; run this inside one, or use --global")
    }
    return top.text + "/.gitattributes"
  }

  func run() throws(CommandError) -> ExitCode {
    let path = try attributesPath()
    let existing: [UInt8]?
    do throws(FileError) {
      existing = try ChecklistFile.read(path)
    } catch {
      if case .notFound = error { existing = nil } else { throw .file(error) }
    }
    let lines = existing.map { String(decoding: $0, as: UTF8.self).split(separator: "\n") } ?? []
    let hasLine = lines.contains { $0.trimmingSpaces() == attributesLine }
    if invocation.arguments.has("check") { return check(path, hasLine: hasLine) }
    for (key, value) in settings {
      let outcome = git(["config"] + scope + [key, value])
      guard outcome.status == 0 else {
        throw CommandError(
          message: "git config \(key) failed: \(outcome.text)",
          status: outcome.status == 127 ? .failure : .cannotCreate)
      }
    }
    if !hasLine {
      var contents = existing ?? []
      if let last = contents.last, last != ASCII.lineFeed { contents.append(ASCII.lineFeed) }
      contents += Array((attributesLine + "\n").utf8)
      try write(contents, to: path, creating: existing == nil)
    }
    let output = invocation.output
    output.line(
      (hasLine ? "kept" : "added") + " '\(attributesLine)' in \(path)")
    output.line(
      "set merge.chk and diff.chk in your \(isGlobal ? "global" : "repository's") git config"
        + " (git config is not versioned: everyone who clones runs 'chk git setup')")
    return .success
  }

  private func write(_ contents: [UInt8], to path: String, creating: Bool) throws(CommandError) {
    do throws(FileError) {
      if creating {
        if let slash = path.lastIndex(of: "/") {
          POSIX.makeDirectories(String(path[..<slash]))
        }
        try ChecklistFile.create(path, contents: contents)
      } else {
        let file = try ChecklistFile(editing: path, lockTimeout: invocation.lockTimeout)
        try file.write(contents)
      }
    } catch {
      throw .file(error)
    }
  }

  private func check(_ path: String, hasLine: Bool) -> ExitCode {
    var ready = true
    let output = invocation.output
    output.line((hasLine ? "ok      " : "missing ") + "'\(attributesLine)' in \(path)")
    ready = ready && hasLine
    let anyCommand = invocation.arguments.value("command") == nil
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
