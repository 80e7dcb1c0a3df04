import ChecklistKit

/// What every front end knows of where it runs: the environment variables and the
/// working directory, and the rules that follow from them for finding the checklist
/// file, locking it, giving new IDs and keeping undo records. The commands, the
/// language server and the terminal UI all find and edit files through one.
package struct Workspace: Sendable {
  /// Environment variables (`CHK_FILE`, `CHK_SEED`, `CHK_LOCK_TIMEOUT`,
  /// `XDG_STATE_HOME`, `HOME`, git's).
  package var variables: [String: String]
  /// The directory relative paths are resolved from (absolute).
  package var currentDirectory: String

  /// Creates a workspace.
  package init(variables: [String: String], currentDirectory: String) {
    self.variables = variables
    self.currentDirectory = currentDirectory
  }

  /// The files looked for, in order, when neither `--file` nor `$CHK_FILE` names one.
  package static let defaultFileNames = ["CHECKLIST.md", "TODO.md", "checklist.md", "todo.md"]

  /// A path typed by the user, made absolute against the working directory.
  package func userPath(_ path: String) -> UserPath {
    UserPath(path, in: currentDirectory)
  }

  /// The checklist file: `named` (from `--file`), else `$CHK_FILE`, else the first
  /// default name that exists in the working directory.
  ///
  /// - Throws: status 66 when there is none, saying how to name or create one.
  package func checklistPath(named: String?) throws(CommandError) -> UserPath {
    if let named { return userPath(named) }
    if let path = variables["CHK_FILE"], !path.isEmpty { return userPath(path) }
    for name in Self.defaultFileNames {
      let candidate = userPath(name)
      if POSIX.kind(of: candidate.absolute) != .missing { return candidate }
    }
    throw CommandError(
      message: "no checklist file here; name one with --file PATH or $CHK_FILE, "
        + "or create CHECKLIST.md with 'chk init'",
      status: .noInput)
  }

  /// How long to wait for another `chk` editing a file: `$CHK_LOCK_TIMEOUT` seconds
  /// (0 to 3600), 3 by default.
  package var lockTimeout: Double {
    variables["CHK_LOCK_TIMEOUT"].flatMap(Double.init).map { max(0, min($0, 3600)) } ?? 3
  }

  /// The generator for new IDs: seeded by `$CHK_SEED` (a number, or any text) for
  /// repeatable IDs in tests, else the system's random source.
  package var idGenerator: IDGenerator {
    guard let seed = variables["CHK_SEED"], !seed.isEmpty else { return .system }
    if let number = UInt64(seed) { return .seeded(number) }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return .seeded(hash)
  }

  /// The one edit path, with this workspace's lock wait and undo store.
  package func fileEdit(isDryRun: Bool = false) -> FileEdit {
    FileEdit(lockTimeout: lockTimeout, undo: UndoStore(environment: variables), isDryRun: isDryRun)
  }
}
