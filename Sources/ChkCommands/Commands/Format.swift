import ChecklistKit
import ChkWorkspace

/// `chk fmt`.
extension Command {
  static let format = Command(
    "fmt", operands: [.paths],
    "write checklist files in canonical form (never changing what they mean)",
    options: [
      .write, .check, .diff.described("print a unified diff instead of the formatted file"),
      .standardInputPath, .checklistsOnly, .verbose,
    ],
    exclusive: [[.write, .check]]
  ) { invocation throws(CommandError) in
    try FormatCommand(invocation).run()
  }
}

/// One file's formatting outcome.
struct FormatFileResult: Sendable {
  var path: String
  var changed = false
  var diff: [UInt8] = []
  var error: CommandError?
  var warnings: [String] = []
  var skipped = false
}

/// The steps of `chk fmt`.
struct FormatCommand {
  let invocation: Invocation

  init(_ invocation: Invocation) throws(CommandError) {
    self.invocation = invocation
  }

  func run() throws(CommandError) -> ExitCode {
    let arguments = invocation.arguments
    var targets = try invocation.targets()
    // chk fmt writes chk's own form: a file in the Obsidian Tasks format, whose form the
    // plugin writes, is refused (and left as it is).
    var refused: [CommandError] = []
    targets.files.removeAll { entry in
      let directory = SystemPath.directory(of: entry.path.absolute)
      guard !entry.isStandardInput,
        case .obsidianTasks? = try? targets.configurations.dialect(for: directory)
      else { return false }
      refused.append(
        .usage(
          "\(entry.path.shown): not formatted: it is in the Obsidian Tasks format, whose lines "
            + "the plugin writes in its own form (chk check and toggle edit them as it does)"))
      return true
    }
    defer { for error in refused { invocation.errors.line("chk: " + error.message) } }
    if let first = refused.first, targets.files.isEmpty, targets.missing.isEmpty {
      refused.removeFirst()
      throw first
    }
    let write = arguments.has(.write)
    let check = arguments.has(.check)
    let diff = arguments.has(.diff)
    if !write, !check, !diff, targets.files.count + targets.missing.count > 1 {
      throw .usage("fmt prints one file; with several, use --write, --check or --diff")
    }
    if !write, !check, !diff, let entry = targets.files.first, targets.missing.isEmpty {
      return try printFormatted(entry)
    }
    let input = targets.readsStandardInput ? invocation.environment.readStandardInput() : []
    let job = FormatJob(
      write: write, diff: diff, checklistsOnly: arguments.has(.checklistsOnly),
      standardInput: input, edit: invocation.fileEdit)
    let files = targets.files
    let results = Parallel.map(files.count) { job.format(files[$0]) }
    targets.reportSkipped(noItems: results.filter(\.skipped).map(\.path), invocation)
    for result in results where !result.skipped {
      for warning in result.warnings { invocation.errors.line("chk: " + warning) }
      if let error = result.error {
        invocation.errors.line("chk: " + error.message)
      } else if result.changed {
        if diff { invocation.output.write(result.diff) }
        if check, !diff { invocation.output.line(result.path) }
        if write { invocation.output.line("formatted \(result.path)") }
      }
    }
    let unread = targets.unread
    for error in unread { invocation.errors.line("chk: " + error.message) }
    if let first = unread.first { return first.status }
    if let error = results.compactMap(\.error).first(where: { $0.status != .dataError }) {
      return error.status
    }
    if results.contains(where: { $0.error != nil }) { return .dataError }
    if check, results.contains(where: { $0.changed && !$0.skipped }) { return .failure }
    return .success
  }

  /// Formats one file to standard output, a section at a time.
  private func printFormatted(_ entry: FileWalker.Entry) throws(CommandError) -> ExitCode {
    let bytes =
      entry.isStandardInput
      ? invocation.environment.readStandardInput() : try invocation.read(entry.path)
    let document = try invocation.fileEdit.parse(bytes, path: entry.path)
    if !entry.counts(document, checklistsOnly: invocation.arguments.has(.checklistsOnly)) {
      invocation.output.write(bytes)
      return .success
    }
    let output = invocation.output
    ChecklistFormatter().format(document) { output.write($0) }
    return .success
  }
}

/// Formats one file for `--write`, `--check` or `--diff`; safe to run on any thread.
struct FormatJob: Sendable {
  var write: Bool
  var diff: Bool
  var checklistsOnly: Bool
  var standardInput: [UInt8]
  var edit: FileEdit

  /// Formats one file; never throws: errors go into the result.
  func format(_ entry: FileWalker.Entry) -> FormatFileResult {
    var result = FormatFileResult(path: entry.path.shown)
    do throws(CommandError) {
      if write, !entry.isStandardInput {
        let outcome = try edit.apply(to: entry.path) { file throws(CommandError) in
          let formatted = try formatted(file.contents, entry)
          return (formatted ?? file.contents, formatted == nil)
        }
        result.skipped = outcome.value
        result.warnings = outcome.warnings
        record(outcome.before, outcome.after, entry, into: &result)
        return result
      }
      let bytes =
        entry.isStandardInput
        ? standardInput
        : try edit.read(entry.path)
      guard let formatted = try formatted(bytes, entry) else {
        result.skipped = true
        return result
      }
      record(bytes, formatted, entry, into: &result)
    } catch {
      result.error = error
    }
    return result
  }

  /// The file formatted, or `nil` when it is skipped: found by walking (or named with
  /// `--checklists-only`) and holding no item.
  private func formatted(_ bytes: [UInt8], _ entry: FileWalker.Entry) throws(CommandError)
    -> [UInt8]?
  {
    let document = try edit.parse(bytes, path: entry.path)
    if !entry.counts(document, checklistsOnly: checklistsOnly) { return nil }
    return ChecklistFormatter().format(document)
  }

  private func record(
    _ before: [UInt8], _ after: [UInt8], _ entry: FileWalker.Entry,
    into result: inout FormatFileResult
  ) {
    result.changed = before != after
    if diff, result.changed {
      result.diff = UnifiedDiff.make(
        from: before, to: after, oldName: "a/" + entry.path.shown, newName: "b/" + entry.path.shown)
    }
  }
}
