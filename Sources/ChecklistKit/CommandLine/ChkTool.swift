#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command sees of the process: its environment variables, working directory,
/// today's date and standard input.
public struct ChkEnvironment {
  /// Environment variables (`CHK_FILE`, `NO_COLOR`, `CHK_SEED`, `XDG_STATE_HOME`,
  /// `HOME`).
  public var variables: [String: String]
  /// The directory relative paths are resolved from.
  public var currentDirectory: String
  /// Today, in local time: the default `@done` date. Read when first asked for, so
  /// commands that need no date do not load the time zone.
  public var today: Checklist.Day {
    get { todayOverride ?? Checklist.Day.today() }
    set { todayOverride = newValue }
  }
  private var todayOverride: Checklist.Day?
  /// Reads all of standard input (for `chk fmt -`).
  public var readStandardInput: () -> [UInt8]

  /// Creates an environment.
  public init(
    variables: [String: String], currentDirectory: String, today: Checklist.Day,
    readStandardInput: @escaping () -> [UInt8] = { [] }
  ) {
    self.variables = variables
    self.currentDirectory = currentDirectory
    todayOverride = today
    self.readStandardInput = readStandardInput
  }

  /// An environment whose `today` is read from the clock when first needed.
  init(
    variables: [String: String], currentDirectory: String,
    readStandardInput: @escaping () -> [UInt8]
  ) {
    self.variables = variables
    self.currentDirectory = currentDirectory
    todayOverride = nil
    self.readStandardInput = readStandardInput
  }

  /// The running process's environment.
  public static func current() -> ChkEnvironment {
    var variables: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    var directory = "."
    if let cwd = getcwd(nil, 0) {
      directory = String(cString: cwd)
      free(cwd)
    }
    return ChkEnvironment(
      variables: variables, currentDirectory: directory,
      readStandardInput: {
        switch POSIX.readAll(0, expected: 65_536, limit: ChecklistDocument.maximumByteCount) {
        case .success(let bytes): return bytes
        case .failure: return []
        }
      })
  }
}

/// The `chk` command-line tool: one call runs one command line.
public enum ChkTool {
  /// The tool's version.
  public static let version = "0.1.0"

  /// Runs `chk` with `arguments` (without the program name) and returns the exit code.
  /// This is all `main` calls; everything it prints goes through the two outputs.
  public static func main(arguments: [String], environment: ChkEnvironment) -> Int32 {
    let output = ByteOutput(descriptor: 1)
    let errors = ByteOutput(descriptor: 2)
    signal(SIGPIPE, SIG_IGN)
    let status = run(arguments, environment: environment, output: output, errors: errors)
    output.flush()
    errors.flush()
    return status.code
  }

  /// Runs one command line against in-memory or descriptor outputs.
  package static func run(
    _ arguments: [String], environment: ChkEnvironment, output: ByteOutput, errors: ByteOutput
  ) -> ExitCode {
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
      guard spec != nil else { throw .usage("unknown option '\(argument)'; see 'chk help'") }
      index += consumesNext ? 2 : 1
    }
    let leading = Array(arguments[..<min(index, arguments.count)])
    let rest = Array(arguments[min(index, arguments.count)...])
    guard let name = rest.first else {
      return try Command.list.execute(leading, environment, output, errors)
    }
    guard let command = Command.named(name) else {
      throw .usage("unknown command '\(name)'; run 'chk help' for the list of commands")
    }
    return try command.execute(leading + rest.dropFirst(), environment, output, errors)
  }
}
