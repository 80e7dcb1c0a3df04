import ChecklistKit

/// The files a many-file command works on (`chk lint PATH...`, `chk fmt PATH...`,
/// `chk due PATH...`, `chk tui DIR`): the checklist file when no path is given, files
/// as named, `*.md` files under directories as `FileWalker` finds them, and standard
/// input for `-`. Each file comes once, however many operands (or links) reach it.
package struct ChecklistTargets {
  /// The files, in the order the operands name them.
  package var files: [FileWalker.Entry]
  /// Operands that do not exist.
  package var missing: [String]
  /// Directories a walk could not read, with the reason.
  package var unreadable: [FileWalker.Skipped] = []
  /// Whether `-` is among the operands.
  package var readsStandardInput: Bool
  /// What directory walks left out (filled when asked for).
  package var skipped: [FileWalker.Skipped] = []
  /// The `.chk.json` of each directory seen.
  package var configurations = ConfigurationCache()
  /// Configuration files that are not valid, each with how many of the files found it
  /// governs: those files are left out, and the others go on, as git skips a bad
  /// `.gitattributes` line.
  package var invalidConfigurations: [(error: WorkspaceError, files: Int)] = []

  /// Expands `operands` in `workspace`.
  ///
  /// - Parameters:
  ///   - checklist: the checklist file, for no operands (`--file`, else the default).
  ///   - standardInputName: the name `-` is shown and configured as.
  ///   - reportsSkipped: whether to collect what walks left out.
  /// - Throws: what finding the checklist file throws.
  package init(
    _ operands: [String], in workspace: Workspace,
    checklist: () throws(WorkspaceError) -> UserPath, standardInputName: String? = nil,
    reportsSkipped: Bool = false
  ) throws(WorkspaceError) {
    configurations = ConfigurationCache(home: workspace.variables["HOME"])
    if operands.isEmpty {
      files = [FileWalker.Entry(path: try checklist(), isExplicit: true)]
      missing = []
      readsStandardInput = false
      leaveOutInvalidlyConfigured()
      return
    }
    files = []
    missing = []
    readsStandardInput = false
    let options = FileWalker.Options(
      environment: workspace.variables, reportsSkipped: reportsSkipped)
    for operand in operands {
      if operand == "-" {
        var entry = FileWalker.Entry(
          path: workspace.userPath(standardInputName ?? "-"), isExplicit: true)
        entry.isStandardInput = true
        files.append(entry)
        readsStandardInput = true
        continue
      }
      let expanded = FileWalker.expand(
        [operand], relativeTo: workspace.currentDirectory, options: options,
        configurations: &configurations)
      files += expanded.files
      missing += expanded.missing
      skipped += expanded.skipped
      unreadable += expanded.unreadable
    }
    var seen = Set<[UInt64]>()
    files = files.filter { entry in
      guard !entry.isStandardInput, let identity = POSIX.identity(of: entry.path.absolute)
      else { return true }
      if seen.insert(identity).inserted { return true }
      skipped.append(
        FileWalker.Skipped(path: entry.path.shown, reason: "the same file as one listed before"))
      return false
    }
    leaveOutInvalidlyConfigured()
  }

  /// Leaves out the files a configuration that is not valid governs, counting them.
  private mutating func leaveOutInvalidlyConfigured() {
    var counts: [String: Int] = [:]
    var order: [WorkspaceError] = []
    files = files.filter { entry in
      guard !entry.isStandardInput else { return true }
      do throws(WorkspaceError) {
        _ = try configurations.configuration(for: SystemPath.directory(of: entry.path.absolute))
        return true
      } catch {
        if counts[error.message] == nil { order.append(error) }
        counts[error.message, default: 0] += 1
        return false
      }
    }
    invalidConfigurations = order.map { ($0, counts[$0.message] ?? 0) }
  }

  /// What could not be read: operands that do not exist and directories a walk could
  /// not open (status 66), and configuration files that are not valid, with the files
  /// they govern (status 64); each as the error to show.
  package var unread: [WorkspaceError] {
    missing.map { WorkspaceError.file(.notFound(path: $0)) }
      + invalidConfigurations.map { invalid in
        let files =
          invalid.files == 1
          ? "the checklist file it governs was"
          : "the \(invalid.files) checklist files it governs were"
        return WorkspaceError(
          message: invalid.error.message + "; \(files) left out: correct it, or move it away",
          kind: invalid.error.kind)
      }
      + unreadable.map { directory in
        WorkspaceError(
          message: "\(directory.path): cannot read the directory (\(directory.reason)); "
            + "the checklists in it were not read: make it readable, or leave it out "
            + "with \"exclude\" in .chk.json",
          kind: .missing)
      }
  }
}
