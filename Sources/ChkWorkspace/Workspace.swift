import ChecklistKit

/// What every front end knows of where it runs: the environment variables and the
/// working directory, and what follows from them: today (`CHK_TODAY`), the generator
/// of new IDs (`CHK_SEED`), the state directory, the repository a file is in, the
/// checklist file, the lock wait and the undo records. The commands, the language
/// server and the terminal UI all take one, so they agree on each.
package struct Workspace: Sendable {
  /// Environment variables (`CHK_FILE`, `CHK_SEED`, `CHK_TODAY`, `CHK_LOCK_TIMEOUT`,
  /// `XDG_STATE_HOME`, `HOME`, git's). Setting them works out the rest again.
  package var variables: [String: String] {
    didSet { derive() }
  }
  /// The directory relative paths are resolved from (absolute).
  package var currentDirectory: String
  /// The day `$CHK_TODAY` (`YYYY-MM-DD`, for examples and tests) or a `--today` option
  /// fixes; `nil`: the clock's. A day set here stays when the variables change.
  package var fixedToday: CalendarDay? {
    get { todayOverride ?? derived.today }
    set { todayOverride = newValue }
  }
  /// The moment tests fix; `nil`: the clock's.
  package var fixedNow: LocalMoment?
  /// The generator for new IDs: seeded by `$CHK_SEED` (a number, or any text) for
  /// repeatable IDs in tests, else the system's random source. A value: every use
  /// starts from the same state, so one command's IDs do not depend on another's.
  package var idGenerator: IDGenerator {
    get { idGeneratorOverride ?? derived.idGenerator }
    set { idGeneratorOverride = newValue }
  }
  /// Where chk keeps what it remembers between runs (see `StateDirectory`); `nil`
  /// when the environment names none.
  package var stateDirectory: String? { derived.stateDirectory }

  /// What follows from `variables`, worked out when they are set.
  private var derived: (today: CalendarDay?, idGenerator: IDGenerator, stateDirectory: String?) =
    (nil, .system, nil)
  private var todayOverride: CalendarDay?
  private var idGeneratorOverride: IDGenerator?

  /// Creates a workspace.
  package init(variables: [String: String], currentDirectory: String) {
    self.variables = variables
    self.currentDirectory = currentDirectory
    derive()
  }

  /// Works out what follows from `variables`.
  private mutating func derive() {
    derived = (
      variables["CHK_TODAY"].flatMap { CalendarDay($0) },
      Self.idGenerator(seed: variables["CHK_SEED"]),
      StateDirectory.path(environment: variables)
    )
  }

  /// Today, in local time: the default `@done` date. The clock is read on each call
  /// (a long-running server or screen goes past midnight), unless a day is fixed.
  package var today: CalendarDay { fixedToday ?? CalendarDay.today() }

  /// Now, in local time to the minute.
  package var now: LocalMoment { fixedNow ?? LocalMoment.now() }

  /// What is wrong with `$CHK_TODAY`, if it is set and not a date.
  package var todayProblem: String? {
    guard let text = variables["CHK_TODAY"], !text.isEmpty, CalendarDay(text) == nil else {
      return nil
    }
    return "CHK_TODAY is '\(text)', not a date: set it to YYYY-MM-DD, or unset it"
  }

  /// The directory above `directory` (or it) that holds `.git`: the repository a file
  /// there belongs to; `nil` outside one.
  package static func repositoryRoot(of directory: String) -> String? {
    var current = directory
    while true {
      if POSIX.kind(of: current + "/.git") != .missing { return current }
      let parent = SystemPath.directory(of: current)
      if parent == current || current.isEmpty { return nil }
      current = parent
    }
  }

  /// The generator `$CHK_SEED` asks for.
  private static func idGenerator(seed: String?) -> IDGenerator {
    guard let seed, !seed.isEmpty else { return .system }
    if let number = UInt64(seed) { return .seeded(number) }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return .seeded(hash)
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
  package func checklistPath(named: String?) throws(WorkspaceError) -> UserPath {
    if let named { return userPath(named) }
    if let path = variables["CHK_FILE"], !path.isEmpty { return userPath(path) }
    for name in Self.defaultFileNames {
      let candidate = userPath(name)
      if POSIX.kind(of: candidate.absolute) != .missing { return candidate }
    }
    throw WorkspaceError(
      message: "no checklist file here; name one with --file PATH or $CHK_FILE, "
        + "or create CHECKLIST.md with 'chk init'",
      kind: .missing)
  }

  /// How long to wait for another `chk` editing a file: `$CHK_LOCK_TIMEOUT` seconds
  /// (0 to 3600), 3 by default.
  package var lockTimeout: Double {
    variables["CHK_LOCK_TIMEOUT"].flatMap(Double.init).map { max(0, min($0, 3600)) } ?? 3
  }

  /// The one edit path, with this workspace's lock wait and undo store.
  package func fileEdit(isDryRun: Bool = false) -> FileEdit {
    FileEdit(
      lockTimeout: lockTimeout, undo: stateDirectory.map { UndoStore(directory: $0) },
      isDryRun: isDryRun)
  }
}
