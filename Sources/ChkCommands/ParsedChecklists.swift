import ChecklistKit
import ChkWorkspace

/// The checklists a many-file view reads (`due`, `export`, `remind`): the files the
/// operands name, found as `chk lint` finds them (`ChecklistTargets`), read and parsed in
/// parallel; files found by walking that hold no item are left out. (`ChecklistFile` is
/// one file open for an edit.)
struct ParsedChecklists {
  struct File: Sendable {
    var path: UserPath
    var document: ChecklistDocument
    var numbers: ItemNumbers
    /// The reminder defaults of the `.chk.json` that governs the file.
    var reminders = ReminderDefaults()
    /// The file's format; `document` is chk's view of a file in the Obsidian Tasks
    /// format, which no edit of chk's own format may write back.
    var dialect = FileDialect.chk
  }

  var documents: [File] = []
  var targets: ChecklistTargets
  var errors: [CommandError] = []
  var skipped: [String] = []

  static func load(_ invocation: Invocation, paths: [String]) throws(CommandError)
    -> ParsedChecklists
  {
    var targets = try invocation.targets(paths)
    let edit = invocation.fileEdit
    let entries = targets.files
    // Each file's format (chk's, or the Obsidian Tasks plugin's in a vault), found once
    // a directory, before the files are read in parallel.
    let dialects = entries.map { entry -> Result<FileDialect, CommandError> in
      do throws(WorkspaceError) {
        return .success(
          try targets.configurations.dialect(for: SystemPath.directory(of: entry.path.absolute)))
      } catch {
        return .failure(error)
      }
    }
    let results = Parallel.map(entries.count) { index -> Result<File?, CommandError> in
      let entry = entries[index]
      do throws(CommandError) {
        let dialect = try dialects[index].get()
        let document = try edit.parse(dialect.view(edit.read(entry.path)), path: entry.path)
        if !entry.counts(document) { return .success(nil) }
        return .success(
          File(
            path: entry.path, document: document, numbers: document.itemNumbers(),
            dialect: dialect))
      } catch {
        return .failure(error)
      }
    }
    var files = ParsedChecklists(targets: targets)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(var file?):
        // A .chk.json that cannot be read leaves the defaults (`chk lint` reports it).
        let directory = SystemPath.directory(of: file.path.absolute)
        if let configuration = try? files.targets.configurations.configuration(for: directory) {
          file.reminders = configuration.reminders
        }
        files.documents.append(file)
      case .success(nil): files.skipped.append(entries[index].path.shown)
      case .failure(let error): files.errors.append(error)
      }
    }
    return files
  }

  /// Reports what could not be read (and, with `--verbose`, what was skipped); the exit
  /// status for it.
  func finish(_ invocation: Invocation) -> ExitCode {
    targets.reportSkipped(noItems: skipped, invocation)
    let unread = targets.unread
    for error in unread + errors { invocation.errors.line("chk: " + error.message) }
    if let first = unread.first { return first.status }
    return errors.first?.status ?? .success
  }
}
