/// `chk fmt`.
extension Command {
  static let format = Command(
    "fmt", "[PATH...] [-w | --check] [-d] [--stdin-filepath PATH]",
    "write checklist files in canonical form (never changing what they mean)",
    options: [
      .flag("write", "w", "rewrite the files in place (only those that change)"),
      .flag("check", nil, "write nothing; list the files that would change, exit 1 if any"),
      .flag("diff", "d", "print a unified diff instead of the formatted file"),
      .value("stdin-filepath", nil, "PATH", "the name of standard input ('-') in messages"),
      .flag("checklists-only", nil, "skip files without items even when named"),
    ]
  ) { invocation throws(CommandError) in
    try FormatCommand(invocation).run()
  }
}

/// One file's formatting outcome.
struct FormatFileResult: Sendable {
  var path: String
  var changed = false
  var diff: [UInt8] = []
  var parseError: ParseError?
  var fileError: FileError?
  var skipped = false
}

/// The steps of `chk fmt`.
struct FormatCommand {
  let invocation: Invocation

  init(_ invocation: Invocation) throws(CommandError) {
    self.invocation = invocation
    try invocation.exclusive("write", "check")
  }

  func run() throws(CommandError) -> ExitCode {
    let arguments = invocation.arguments
    let targets = try CommandTargets(invocation)
    let write = arguments.has("write")
    let check = arguments.has("check")
    let diff = arguments.has("diff")
    if !write, !check, !diff, targets.files.count + targets.missing.count > 1 {
      throw .usage("fmt prints one file; with several, use --write, --check or --diff")
    }
    if !write, !check, !diff, let entry = targets.files.first, targets.missing.isEmpty {
      return try printFormatted(entry, standardInput: targets.readsStandardInput)
    }
    let currentDirectory = invocation.environment.currentDirectory
    let input = targets.readsStandardInput ? invocation.environment.readStandardInput() : []
    let checklistsOnly = arguments.has("checklists-only")
    let lockTimeout = invocation.lockTimeout
    let files = targets.files
    let results = Parallel.map(files.count) { index in
      FormatCommand.format(
        files[index], write: write, diff: diff, checklistsOnly: checklistsOnly,
        currentDirectory: currentDirectory, standardInput: input,
        lockTimeout: lockTimeout)
    }
    for result in results where !result.skipped {
      if let error = result.parseError {
        invocation.errors.line("chk: \(result.path): \(error.message)")
      } else if let error = result.fileError {
        invocation.errors.line("chk: " + error.message)
      } else if result.changed {
        if diff { invocation.output.write(result.diff) }
        if check, !diff { invocation.output.line(result.path) }
        if write { invocation.output.line("formatted \(result.path)") }
      }
    }
    for path in targets.missing {
      invocation.errors.line("chk: " + FileError.notFound(path: path).message)
    }
    if !targets.missing.isEmpty { return .noInput }
    if let error = results.compactMap(\.fileError).first { return CommandError.file(error).status }
    if results.contains(where: { $0.parseError != nil }) { return .dataError }
    if check, results.contains(where: { $0.changed && !$0.skipped }) { return .failure }
    return .success
  }

  /// Formats one file to standard output, a section at a time.
  private func printFormatted(_ entry: FileWalker.Entry, standardInput: Bool) throws(CommandError)
    -> ExitCode
  {
    let bytes: [UInt8]
    if entry.isStandardInput {
      bytes = invocation.environment.readStandardInput()
    } else {
      do throws(FileError) {
        bytes = try ChecklistFile.read(invocation.absolute(entry.path))
      } catch {
        throw .file(error.renamed(entry.path))
      }
    }
    let document: ChecklistDocument
    do throws(ParseError) {
      document = try ChecklistDocument(parsing: bytes)
    } catch {
      throw .parse(error, path: entry.path)
    }
    if invocation.arguments.has("checklists-only"),
      !document.lines.contains(where: { $0.kind == .item })
    {
      invocation.output.write(bytes)
      return .success
    }
    let output = invocation.output
    ChecklistFormatter().format(document) { output.write($0) }
    return .success
  }

  /// Formats one file for `--write`, `--check` or `--diff`; never throws.
  static func format(
    _ entry: FileWalker.Entry, write: Bool, diff: Bool, checklistsOnly: Bool,
    currentDirectory: String, standardInput: [UInt8], lockTimeout: Double
  ) -> FormatFileResult {
    var result = FormatFileResult(path: entry.path)
    let absolute = entry.path.hasPrefix("/") ? entry.path : currentDirectory + "/" + entry.path
    do throws(FileError) {
      var file: ChecklistFile?
      let bytes: [UInt8]
      if entry.isStandardInput {
        bytes = standardInput
      } else if write {
        let opened = try ChecklistFile(editing: absolute, lockTimeout: lockTimeout)
        bytes = opened.contents
        file = consume opened
      } else {
        bytes = try ChecklistFile.read(absolute)
      }
      let document: ChecklistDocument
      do throws(ParseError) {
        document = try ChecklistDocument(parsing: bytes)
      } catch {
        result.parseError = error
        return result
      }
      let hasItems = document.lines.contains { $0.kind == .item }
      if (!entry.isExplicit || checklistsOnly) && !hasItems {
        result.skipped = true
        return result
      }
      let formatted = ChecklistFormatter().format(document)
      result.changed = !formatted.hasSameBytes(as: bytes)
      if diff, result.changed {
        result.diff = UnifiedDiff.make(
          from: bytes, to: formatted, oldName: "a/" + entry.path, newName: "b/" + entry.path)
      }
      if write, result.changed, !entry.isStandardInput, let file {
        try file.write(formatted)
      }
    } catch {
      result.fileError = error.renamed(entry.path)
    }
    return result
  }
}
