import ChecklistKit
import ChkWorkspace

/// What a command sees of the process: its environment variables, working directory,
/// today's date and standard input. `main` builds it once; tests build their own.
public struct ChkEnvironment {
  /// Environment variables (`CHK_FILE`, `NO_COLOR`, `CHK_SEED`, `XDG_STATE_HOME`,
  /// `HOME`, `CHK_LOCK_TIMEOUT`).
  public var variables: [String: String]
  /// The directory relative paths are resolved from (absolute).
  public var currentDirectory: String
  /// Today, in local time: the default `@done` date. Read from the clock when first
  /// asked for (unless set), so commands that need no date do not load the time zone.
  public var today: CalendarDay {
    get { todayOverride ?? CalendarDay.today() }
    set { todayOverride = newValue }
  }
  private var todayOverride: CalendarDay?
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
    self.variables = variables
    self.currentDirectory = currentDirectory
    todayOverride = today
    self.readStandardInput = readStandardInput
  }

  /// Creates an environment whose `today` is read from the clock when first needed.
  public init(
    variables: [String: String], currentDirectory: String,
    readStandardInput: @escaping () -> [UInt8]
  ) {
    self.variables = variables
    self.currentDirectory = currentDirectory
    todayOverride = nil
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
      return try dispatch(arguments, environment: environment, output: output, errors: errors)
    } catch {
      errors.line("chk: " + error.message)
      return error.status
    }
  }

  private static func dispatch(
    _ arguments: [String], environment: ChkEnvironment, output: ByteOutput, errors: ByteOutput
  ) throws(CommandError) -> ExitCode {
    // Global options may come before the command name.
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("-"), argument != "-", argument != "--" else { break }
      if argument == "--version" {
        output.line("chk \(version)")
        return .success
      }
      if argument == "-h" || argument == "--help" {
        output.write(Help.overview())
        return .success
      }
      let spec: OptionSpec?
      let consumesNext: Bool
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        spec = Command.globalOptions.first { $0.name == name }
        consumesNext = spec?.takesValue == true && !body.contains("=")
      } else {
        let letter = argument.dropFirst().first
        spec = Command.globalOptions.first { $0.short != nil && $0.short == letter }
        consumesNext = spec?.takesValue == true && argument.count == 2
      }
      guard spec != nil else {
        let names = Command.globalOptions.map(\.name)
        let typed = String(argument.drop { $0 == "-" }.prefix { $0 != "=" })
        let hint =
          argument.hasPrefix("--") ? Suggestions.clause(typed, among: names, quoted: "--") : ""
        throw .usage("unknown option '\(argument)'\(hint); see 'chk help'")
      }
      index += consumesNext ? 2 : 1
    }
    let leading = Array(arguments[..<min(index, arguments.count)])
    let rest = Array(arguments[min(index, arguments.count)...])
    guard let name = rest.first else {
      return try Command.list.execute(leading, environment, output, errors)
    }
    guard let command = Command.named(name) else {
      throw .usage(
        "unknown command '\(name)'\(Suggestions.clause(name, among: Command.all.map(\.name)))"
          + "; run 'chk help' for the list of commands")
    }
    return try command.execute(leading + rest.dropFirst(), environment, output, errors)
  }
}
