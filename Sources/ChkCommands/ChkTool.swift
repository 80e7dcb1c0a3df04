import ChecklistKit
import ChkWorkspace

/// What a command sees of the process: the workspace (environment variables, working
/// directory, today, new IDs, the state directory) and standard input. `main` builds
/// it once; tests build their own.
public struct ChkEnvironment {
  /// What every front end shares; the language server and the terminal UI get the
  /// same one.
  package var workspace: Workspace
  /// Environment variables (`CHK_FILE`, `NO_COLOR`, `CHK_SEED`, `CHK_TODAY`,
  /// `XDG_STATE_HOME`, `HOME`, `CHK_LOCK_TIMEOUT`).
  public var variables: [String: String] {
    get { workspace.variables }
    set { workspace.variables = newValue }
  }
  /// The directory relative paths are resolved from (absolute).
  public var currentDirectory: String {
    get { workspace.currentDirectory }
    set { workspace.currentDirectory = newValue }
  }
  /// Today, in local time: the default `@done` date. Set, or `$CHK_TODAY`
  /// (`YYYY-MM-DD`, for examples and tests), else the clock's.
  public var today: CalendarDay {
    get { workspace.today }
    set { workspace.fixedToday = newValue }
  }
  /// Now, in local time to the minute (set by tests; else the clock's).
  package var now: LocalMoment {
    get { workspace.now }
    set { workspace.fixedNow = newValue }
  }
  /// Reads all of standard input (for `chk fmt -`).
  public var readStandardInput: () -> [UInt8]
  #if DEBUG
    /// Work the tests count (see `WorkLog`) on every document the command parses.
    package var workLog: WorkLog?
  #endif

  /// Creates an environment with a fixed `today`.
  public init(
    variables: [String: String], currentDirectory: String, today: CalendarDay,
    readStandardInput: @escaping () -> [UInt8] = { [] }
  ) {
    workspace = Workspace(variables: variables, currentDirectory: currentDirectory)
    workspace.fixedToday = today
    self.readStandardInput = readStandardInput
  }

  /// Creates an environment whose `today` is `$CHK_TODAY`'s, else the clock's.
  public init(
    variables: [String: String], currentDirectory: String,
    readStandardInput: @escaping () -> [UInt8]
  ) {
    workspace = Workspace(variables: variables, currentDirectory: currentDirectory)
    self.readStandardInput = readStandardInput
  }
}

/// The `chk` command-line tool: one call runs one command line.
public enum ChkTool {
  /// The tool's version.
  public static let version = ChkVersion.current

  /// Runs one command line (without the program name) and returns its exit status.
  /// Everything it prints goes to `output` and `errors`; it never exits the process.
  public static func run(
    _ arguments: [String], environment: ChkEnvironment, output: ByteOutput, errors: ByteOutput
  ) -> ExitCode {
    // Messages on standard error are one line each, with control characters (from
    // arguments, file names, item text) shown visibly.
    errors.visible = .oneLine
    do throws(CommandError) {
      if let problem = environment.workspace.todayProblem { throw .usage(problem) }
      return try dispatch(arguments, environment: environment, output: output, errors: errors)
    } catch {
      errors.line("chk: " + error.message)
      return error.status
    }
  }

  private static func dispatch(
    _ arguments: [String], environment: ChkEnvironment, output: ByteOutput, errors: ByteOutput
  ) throws(CommandError) -> ExitCode {
    // Options may come before the command name as well as after it: find the name by
    // stepping over them, then parse them all against the command's own options.
    let (position, leading) = commandPosition(arguments)
    // An option no command has, before the command name, is named as such.
    let known = Command.all.flatMap(\.allOptions)
    for argument in leading where argument.hasPrefix("-") && argument != "--" {
      if argument.hasPrefix("--") {
        let typed = String(argument.dropFirst(2).prefix { $0 != "=" })
        guard !known.contains(where: { $0.name == typed }), typed != "version" else { continue }
        let hint = Suggestions.clause(typed, among: Set(known.map(\.name)).sorted(), quoted: "--")
        throw .usage("unknown option '\(argument)'\(hint); see 'chk help'")
      }
      for letter in argument.dropFirst() {
        guard let option = known.first(where: { $0.short == letter }) else {
          throw .usage("unknown option '-\(letter)'; see 'chk help'")
        }
        if option.takesValue { break }
      }
    }
    if position == nil {
      if leading.contains("--version") {
        output.line(ChkVersion.description)
        return .success
      }
      if leading.contains("-h") || leading.contains("--help") {
        output.write(Help.overview())
        return .success
      }
    }
    guard let position else {
      return try Command.list.execute(arguments, environment, output, errors)
    }
    let name = arguments[position]
    guard let command = Command.named(name) else {
      throw .usage(
        "unknown command '\(name)'\(Suggestions.clause(name, among: Command.all.map(\.name)))"
          + "; run 'chk help' for the list of commands")
    }
    var rest = arguments
    rest.remove(at: position)
    return try command.execute(rest, environment, output, errors)
  }

  /// Where the command name is: the first argument that is neither an option nor an
  /// option's value (`nil` when there is none), and the options before it. Whether an
  /// option takes a value is the same in every command that has it, but for `--done`
  /// (a date in `edit`, a filter in `list`): it takes the next argument unless that is
  /// a command's name.
  static func commandPosition(_ arguments: [String]) -> (Int?, [String]) {
    let options = Command.all.flatMap(\.allOptions)
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("-"), argument != "-", argument != "--" else {
        return argument == "--" ? (nil, arguments) : (index, Array(arguments[..<index]))
      }
      index += 1
      guard index < arguments.count else { break }
      if argument.hasPrefix("--") {
        let name = argument.dropFirst(2)
        guard !name.contains("=") else { continue }
        let found = options.filter { $0.name == name }
        if found.allSatisfy(\.takesValue), !found.isEmpty {
          index += 1
        } else if found.contains(where: \.takesValue), Command.named(arguments[index]) == nil {
          index += 1
        }
      } else {
        // Grouped flags (`-qd`); a letter that takes a value takes the rest of the
        // argument, or the next one.
        for (offset, letter) in argument.dropFirst().enumerated()
        where options.first(where: { $0.short == letter })?.takesValue == true {
          if offset == argument.count - 2 { index += 1 }
          break
        }
      }
    }
    return (nil, arguments)
  }
}
