import ChecklistKit
import ChkWorkspace

/// One run of a command: its parsed arguments, environment and outputs, and the
/// shared steps of reading and editing the checklist file.
struct Invocation {
  let command: Command
  let arguments: ParsedArguments
  let environment: ChkEnvironment
  let output: ByteOutput
  let errors: ByteOutput
  let style: Style
  /// The command line as the history names an edit (see `label(of:_:)`), made once: an
  /// edit of a thousand files names every one.
  let historyLabel: String

  init(
    command: Command, arguments: ParsedArguments, environment: ChkEnvironment,
    output: ByteOutput, errors: ByteOutput
  ) throws(CommandError) {
    self.command = command
    self.arguments = arguments
    self.environment = environment
    self.output = output
    self.errors = errors
    historyLabel = Self.label(of: command, arguments)
    let color = arguments.value(.color) ?? "auto"
    switch color {
    case "always": style = Style(isEnabled: true)
    case "never": style = Style(isEnabled: false)
    case "auto":
      style = Style(isEnabled: output.isTerminal && environment.variables["NO_COLOR"] == nil)
    default:
      throw .usage("--color takes auto, always or never, not '\(color)'")
    }
  }

  var operands: [String] { arguments.positionals }
  var isQuiet: Bool { arguments.has(.quiet) }
  var isDryRun: Bool { arguments.has(.dryRun) }
  var showsDiff: Bool { arguments.has(.diff) }

  /// A day given as an option value: `YYYY-MM-DD`, or a word for a day near today
  /// (`RelativeDay.day`: today, tomorrow, yesterday, a weekday), as `chk tui`'s `D`
  /// takes it.
  func day(_ option: Option) throws(CommandError) -> CalendarDay? {
    guard let text = arguments.value(option) else { return nil }
    guard let day = RelativeDay.day(text, today: environment.today) else {
      throw .invalidValue("--\(option.name): '\(text)' is not a day; \(RelativeDay.accepted)")
    }
    return day
  }

  /// A due day and optional time given as an option value: a DATE as `day` takes it,
  /// then optionally a time, after a space (`fri 17:00`, `2024-06-01 09:30`) or a `T`
  /// (`2024-06-01T09:30`).
  func dueMoment(_ option: Option) throws(CommandError) -> DueMoment? {
    guard let text = arguments.value(option) else { return nil }
    guard let moment = RelativeDay.due(text, today: environment.today) else {
      throw .invalidValue(
        "--\(option.name): '\(text)' is not a day, or a day and a time; "
          + RelativeDay.accepted + ", then optionally HH:MM")
    }
    return moment
  }

  /// An `@every` value given as an option value.
  func recurrence(_ option: Option) throws(CommandError) -> Recurrence? {
    guard let text = arguments.value(option) else { return nil }
    guard let recurrence = TypedValues.recurrence(text) else {
      throw .invalidValue(
        "--\(option.name): '\(text)' is not a recurrence; "
          + Recurrence.howToWrite)
    }
    return recurrence
  }

  /// A `@remind` value given as an option value.
  func reminder(_ option: Option) throws(CommandError) -> Reminder? {
    guard let text = arguments.value(option) else { return nil }
    guard let reminder = TypedValues.reminder(text) else {
      throw .invalidValue(
        "--\(option.name): '\(text)' is not a reminder; "
          + Reminder.howToWrite)
    }
    return reminder
  }

  /// The reminder defaults of the `.chk.json` that governs `path` (the defaults when
  /// there is none, or it cannot be read: `chk lint` reports that).
  func reminderDefaults(for path: UserPath) -> ReminderDefaults {
    var cache = ConfigurationCache(home: environment.variables["HOME"])
    let directory = SystemPath.directory(of: path.absolute)
    return (try? cache.configuration(for: directory).reminders) ?? ReminderDefaults()
  }

  // MARK: - The file

  /// Where the command runs: the rules for finding, locking and editing files.
  var workspace: Workspace { environment.workspace }

  /// A path typed by the user, made absolute against the working directory.
  func userPath(_ path: String) -> UserPath {
    workspace.userPath(path)
  }

  /// The checklist file: `--file`, else `$CHK_FILE`, else the first default name that
  /// exists in the working directory.
  func checklistPath() throws(CommandError) -> UserPath {
    try workspace.checklistPath(named: arguments.value(.file))
  }

  /// The files a many-file command works on: `operands` (the command's by default)
  /// as `chk lint` finds them, or the checklist file when there are none.
  func targets(_ operands: [String]? = nil) throws(CommandError) -> ChecklistTargets {
    try ChecklistTargets(
      operands ?? self.operands, in: workspace, checklist: checklistPath,
      standardInputName: arguments.value(.standardInputPath),
      reportsSkipped: arguments.has(.verbose))
  }

  /// Splits an ITEM operand written `FILE:ITEM`: FILE is the longest text before a `:`
  /// that names an existing file, ITEM the rest (so IDs and /TEXT with colons, and
  /// file names with colons, still work). Without one, the item is in the checklist
  /// file (`nil`). A FILE ending in `.md` that does not exist is an error rather than
  /// part of an ID. Only the colons within the longest path a file can have are
  /// tried, so an operand full of colons costs a bounded number of lookups.
  func addressed(_ operand: String) throws(CommandError) -> (path: UserPath?, item: String) {
    var found: (path: UserPath, colon: String.Index)?
    var missing: UserPath?
    var offset = 0
    for colon in operand.utf8.indices {
      offset += 1
      if offset > SystemPath.maximumLength + 1 { break }
      guard operand.utf8[colon] == UInt8(ascii: ":"), colon > operand.startIndex else { continue }
      let file = String(operand[..<colon])
      let path = userPath(file)
      #if DEBUG
        environment.workLog?.add("file lookups")
      #endif
      switch POSIX.kind(of: path.absolute) {
      case .regularFile, .other: found = (path, colon)
      case .missing where file.hasSuffix(".md") || file.hasSuffix(".markdown"):
        if missing == nil { missing = path }
      default: continue
      }
    }
    if let found { return (found.path, String(operand[operand.index(after: found.colon)...])) }
    if let missing {
      throw CommandError(
        message: "\(missing.shown): no such file (in '\(SystemPath.display(operand))'; "
          + "FILE:ITEM names an item of an existing file)",
        kind: .missing)
    }
    return (nil, operand)
  }

  /// The ITEM operands grouped by the file they address (one file however it is
  /// spelled: `a.md`, `./a.md`, a link to it), in the order each file first appears;
  /// plain ITEMs address the checklist file. `explicit` says whether the file was
  /// named (so confirmations name it too).
  func itemsByFile(_ operands: [String]) throws(CommandError) -> [(
    path: UserPath, items: [String], explicit: Bool
  )] {
    var groups: [(path: UserPath, items: [String], explicit: Bool)] = []
    var groupOfFile: [[UInt64]: Int] = [:]
    var defaultPath: UserPath?
    for operand in operands {
      let split = try addressed(operand)
      let path: UserPath
      if let file = split.path {
        path = file
      } else {
        if defaultPath == nil { defaultPath = try checklistPath() }
        guard let file = defaultPath else { continue }
        path = file
      }
      // A file that cannot be looked up is its own group (its edit reports why).
      let key = POSIX.identity(of: path.absolute) ?? [0, 0, UInt64(groups.count)]
      if let index = groupOfFile[key] {
        groups[index].items.append(split.item)
        groups[index].explicit = groups[index].explicit || split.path != nil
      } else {
        groupOfFile[key] = groups.count
        groups.append((path, [split.item], split.path != nil))
      }
    }
    return groups
  }

  /// How a confirmation names an item: `FILE:` before its label when the command named
  /// the file (`checked docs/a.md:k3f9 "Tag"`).
  static func label(_ label: String, in path: UserPath, explicit: Bool) -> String {
    explicit ? path.shown + ":" + label : label
  }

  /// The file of a one-ITEM command and the item's text: from `FILE:ITEM`, else the
  /// checklist file. Anchors (`--after ITEM` ...) must address the same file.
  /// `explicit` says whether a file was named.
  func singleItemTarget(_ operand: String?, anchors: [Option]) throws(CommandError) -> (
    path: UserPath, item: String?, anchors: [Option: String], explicit: Bool
  ) {
    var path: UserPath?
    var item: String?
    var explicit = false
    if let operand {
      let split = try addressed(operand)
      // A plain ITEM is in the checklist file, whatever file an anchor names.
      if let file = split.path { path = file } else { path = try checklistPath() }
      explicit = split.path != nil
      item = split.item
    }
    var resolved: [Option: String] = [:]
    for option in anchors {
      guard let value = arguments.value(option) else { continue }
      let split = try addressed(value)
      if let file = split.path {
        if let path,
          POSIX.identity(of: path.absolute) != POSIX.identity(of: file.absolute)
        {
          throw .usage(
            "--\(option.name) \(SystemPath.display(value)) is in another file than the item; "
              + "chk edits one file at a time")
        }
        if path == nil { path = file }
        explicit = true
      }
      resolved[option] = split.item
    }
    let file: UserPath
    if let path { file = path } else { file = try checklistPath() }
    return (file, item, resolved, explicit)
  }

  /// Reads a whole file without locking it.
  func read(_ path: UserPath) throws(CommandError) -> [UInt8] {
    try fileEdit.read(path)
  }

  /// Reads and parses the checklist file without locking it; a file in the Obsidian
  /// Tasks format is read as chk's view of it (`FileDialect`).
  func readDocument() throws(CommandError) -> (path: UserPath, document: ChecklistDocument) {
    let path = try checklistPath()
    let dialect = try self.dialect(for: path)
    return (path, try fileEdit.parse(dialect.view(read(path)), path: path))
  }

  /// The format `path` is written in (`FileDialect`); `-v` says which, when it is not
  /// chk's own.
  func dialect(for path: UserPath) throws(CommandError) -> FileDialect {
    var cache = ConfigurationCache(home: environment.variables["HOME"])
    let dialect = try cache.dialect(for: SystemPath.directory(of: path.absolute))
    if arguments.has(.verbose), case .obsidianTasks(_, let source) = dialect {
      errors.line("chk: \(path.shown): read in the Obsidian Tasks format (\(source))")
    }
    return dialect
  }

  /// The command line as the history names an edit: `chk check milk`, `chk add 'Oat
  /// milk' --due fri` (options that only change what is printed or which file are left
  /// out). Past 200 characters the operands stop, with how many more there were: `chk
  /// toggle a.md:1 b.md:1 … (998 more)`, so that each file's record stays small.
  static func label(of command: Command, _ arguments: ParsedArguments) -> String {
    func quoted(_ text: String) -> String {
      let plain =
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/@".contains($0) }
      return plain
        ? text
        : "'"
          + text.split(separator: "'", omittingEmptySubsequences: false)
          .joined(separator: "'\\''") + "'"
    }
    let hidden: Set<String> = ["file", "quiet", "color", "diff", "verbose", "today"]
    var options: [String] = []
    for (name, value) in arguments.options where !hidden.contains(name) {
      options.append("--" + name + (value.map { " " + quoted($0) } ?? ""))
    }
    var words = ["chk", command.name]
    var length = words.joined(separator: " ").count
    let operands = arguments.positionals
    for (index, operand) in operands.enumerated() {
      let word = quoted(operand)
      if length + 1 + word.count > 200, index > 0 {
        words.append("… (\(operands.count - index) more)")
        break
      }
      words.append(word)
      length += 1 + word.count
    }
    return Visible.text((words + options).joined(separator: " "), .oneLine)
  }

  /// The generator for new IDs (seeded by `$CHK_SEED`).
  var idGenerator: IDGenerator { workspace.idGenerator }

  /// The edit path with this invocation's lock wait, undo store and `--dry-run`.
  var fileEdit: FileEdit {
    var edit = workspace.fileEdit(isDryRun: isDryRun)
    edit.label = historyLabel
    #if DEBUG
      edit.workLog = environment.workLog
    #endif
    return edit
  }

  /// Edits the checklist file through the one edit path, then prints the confirmations
  /// `change` returns (unless `--quiet`; prefixed "would have" for `--dry-run`) and the
  /// diff (with `--diff`).
  ///
  /// `dialect` is the file's format when the caller has looked it up already (it is
  /// not looked up twice); a file in the Obsidian Tasks format is edited through chk's
  /// view of it (`editInVault`).
  func edit(
    at path: UserPath? = nil, dialect known: FileDialect? = nil,
    _ change: (inout ChecklistDocument, UserPath) throws(CommandError) -> [String]
  ) throws(CommandError) -> ExitCode {
    let file: UserPath
    if let path { file = path } else { file = try checklistPath() }
    let path = file
    let dialect: FileDialect
    if let known { dialect = known } else { dialect = try self.dialect(for: path) }
    if case .obsidianTasks(let settings, _) = dialect {
      return try editInVault(path, settings: settings, change)
    }
    let outcome = try fileEdit.applyToDocument(at: path, idGenerator: idGenerator) {
      document throws(CommandError) in
      try change(&document, path)
    }
    report(outcome, path: path, messages: outcome.value)
    return .success
  }

  /// Prints what an edit did: its warnings, its confirmations and, with `--diff`, the
  /// diff.
  func report<Value>(_ outcome: FileEdit.Outcome<Value>, path: UserPath, messages: [String]) {
    for warning in outcome.warnings { errors.line("chk: " + warning) }
    if !isQuiet {
      for message in messages {
        let isSaid = message.hasPrefix("nothing") || message.hasPrefix("would")
        output.line(isDryRun && !isSaid ? "would have " + message : message)
      }
    }
    if showsDiff {
      output.write(
        UnifiedDiff.make(
          from: outcome.before, to: outcome.after, oldName: "a/" + path.shown,
          newName: "b/" + path.shown))
    }
  }

  // MARK: - Edits with messages

  /// Runs a library edit, turning its error into a command error naming the file.
  func perform<T>(_ path: UserPath, _ body: () throws(EditError) -> T) throws(CommandError) -> T {
    do throws(EditError) {
      return try body()
    } catch {
      throw .edit(error, path: path.shown)
    }
  }
}
