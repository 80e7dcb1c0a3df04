/// One run of a command: its parsed arguments, environment and outputs, and the
/// shared steps of reading and editing the checklist file.
struct Invocation {
  let command: Command
  let arguments: ParsedArguments
  let environment: ChkEnvironment
  let output: ByteOutput
  let errors: ByteOutput
  let style: Style

  /// The files `chk` looks for, in order, when neither `--file` nor `$CHK_FILE` names
  /// one.
  static let defaultFileNames = ["CHECKLIST.md", "TODO.md", "checklist.md", "todo.md"]

  init(
    command: Command, arguments: ParsedArguments, environment: ChkEnvironment,
    output: ByteOutput, errors: ByteOutput
  ) throws(CommandError) {
    self.command = command
    self.arguments = arguments
    self.environment = environment
    self.output = output
    self.errors = errors
    let color = arguments.value("color") ?? "auto"
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
  var isQuiet: Bool { arguments.has("quiet") }
  var isDryRun: Bool { arguments.has("dry-run") }
  var showsDiff: Bool { arguments.has("diff") }

  /// Fails unless the number of operands is within `range`.
  func expectOperands(_ range: ClosedRange<Int>, _ what: String) throws(CommandError) {
    guard range.contains(operands.count) else {
      throw .usage(
        "usage: chk \(command.name) \(command.synopsis) (\(what)); see 'chk help \(command.name)'")
    }
  }

  /// A day given as an option value.
  func day(_ option: String) throws(CommandError) -> Checklist.Day? {
    guard let text = arguments.value(option) else { return nil }
    guard let day = Checklist.Day(text) else {
      throw .invalidValue(
        "--\(option): '\(text)' is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
    }
    return day
  }

  /// Fails when two options that exclude each other are both given.
  func exclusive(_ names: String...) throws(CommandError) {
    let given = names.filter { arguments.has($0) }
    if given.count > 1 {
      throw .usage(given.map { "--" + $0 }.joined(separator: " and ") + " cannot be used together")
    }
  }

  // MARK: - The file

  /// The path relative to the working directory, as the user should see it.
  func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
  }

  /// The checklist file: `--file`, else `$CHK_FILE`, else the first default name that
  /// exists in the working directory.
  func checklistPath() throws(CommandError) -> String {
    if let path = arguments.value("file") { return path }
    if let path = environment.variables["CHK_FILE"], !path.isEmpty { return path }
    for name in Self.defaultFileNames where POSIX.status(ofPath: absolute(name)).0 != nil {
      return name
    }
    throw CommandError(
      message: "no checklist file here; name one with --file PATH or $CHK_FILE, "
        + "or create CHECKLIST.md with 'chk init'",
      status: .noInput)
  }

  /// Reads and parses the checklist file without locking it.
  func readDocument() throws(CommandError) -> (path: String, document: ChecklistDocument) {
    let path = try checklistPath()
    let bytes: [UInt8]
    do throws(FileError) {
      bytes = try ChecklistFile.read(absolute(path))
    } catch {
      throw .file(error.renamed(path))
    }
    do throws(ParseError) {
      return (path, try ChecklistDocument(parsing: bytes))
    } catch {
      throw .parse(error, path: path)
    }
  }

  /// Locks and reads a file for an edit; errors name the path as the user gave it.
  func openForEditing(_ path: String) throws(CommandError) -> ChecklistFile {
    do throws(FileError) {
      return try ChecklistFile(editing: absolute(path), lockTimeout: lockTimeout)
    } catch {
      throw .file(error.renamed(path))
    }
  }

  /// How long to wait for another `chk` editing the file: `$CHK_LOCK_TIMEOUT` seconds,
  /// 3 by default.
  var lockTimeout: Double {
    environment.variables["CHK_LOCK_TIMEOUT"].flatMap(Double.init).map { max(0, min($0, 3600)) }
      ?? 3
  }

  /// The generator for new IDs: seeded by `$CHK_SEED` (a number, or any text) for
  /// repeatable IDs in tests, else the system's random source.
  var idGenerator: IDGenerator {
    guard let seed = environment.variables["CHK_SEED"], !seed.isEmpty else { return .system }
    if let number = UInt64(seed) { return .seeded(number) }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return .seeded(hash)
  }

  /// Locks, reads and parses the file, applies `change`, and writes the result through
  /// the safe-write path (unless `--dry-run`). Prints the confirmations `change`
  /// returns (unless `--quiet`) and the diff (with `--diff`), and records what undo
  /// needs.
  func edit(
    _ change: (inout ChecklistDocument, String) throws(CommandError) -> [String]
  ) throws(CommandError) -> ExitCode {
    let path = try checklistPath()
    let file = try openForEditing(path)
    var document: ChecklistDocument
    do throws(ParseError) {
      document = try ChecklistDocument(parsing: file.contents)
    } catch {
      throw .parse(error, path: path)
    }
    document.idGenerator = idGenerator
    let messages = try change(&document, path)
    let newContents = document.serialized()
    if !isDryRun {
      // Unchanged bytes are not written, and leave nothing to undo.
      let report: WriteReport
      do throws(FileError) {
        report = try file.write(newContents)
      } catch {
        throw .file(error.renamed(path))
      }
      if let identity = report.identity {
        recordUndo(
          UndoStore.Record(
            path: file.resolvedPath, before: file.contents, after: newContents, identity: identity))
      }
    }
    if !isQuiet {
      for message in messages { output.line(isDryRun ? "would have " + message : message) }
    }
    if showsDiff {
      output.write(
        UnifiedDiff.make(
          from: file.contents, to: newContents, oldName: "a/" + path, newName: "b/" + path))
    }
    return .success
  }

  /// Saves what `chk undo` needs; a failure only warns.
  func recordUndo(_ record: UndoStore.Record) {
    guard let store = UndoStore(environment: environment.variables) else { return }
    do throws(FileError) {
      try store.save(record)
    } catch {
      errors.line("chk: warning: could not save undo information: " + error.message)
    }
  }

  // MARK: - Edits with messages

  /// Runs a library edit, turning its error into a command error naming the file.
  func perform<T>(_ path: String, _ body: () throws(EditError) -> T) throws(CommandError) -> T {
    do throws(EditError) {
      return try body()
    } catch {
      throw .edit(error, path: path)
    }
  }
}

extension FileError {
  /// The same error, naming the path as the user gave it.
  func renamed(_ path: String) -> FileError {
    switch self {
    case .notFound: return .notFound(path: path)
    case .notRegularFile(_, let kind): return .notRegularFile(path: path, kind: kind)
    case .permissionDenied(_, let operation):
      return .permissionDenied(path: path, operation: operation)
    case .alreadyExists: return .alreadyExists(path: path)
    case .changedOnDisk: return .changedOnDisk(path: path)
    case .locked(_, let seconds): return .locked(path: path, seconds: seconds)
    case .tooLarge: return .tooLarge(path: path)
    case .io(_, let operation, let reason):
      return .io(path: path, operation: operation, reason: reason)
    }
  }
}
