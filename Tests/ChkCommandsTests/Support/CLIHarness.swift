import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// Runs `chk` in process in a temporary directory, with a fixed date, seed and state
/// directory, and captures stdout, stderr and the exit status.
struct CLIHarness {
  struct Result {
    var status: ExitCode
    var output: String
    var errors: String
  }

  let directory: TemporaryDirectory
  var variables: [String: String]
  var today = CalendarDay(year: 2024, month: 3, day: 10) ?? .today()
  /// The clock's moment, when set (else the real clock's).
  var now: LocalMoment?
  var standardInput: [UInt8] = []
  /// Whether the output is a terminal (for colour by default).
  var outputIsTerminal = false

  init(files: [String: String] = [:]) throws {
    directory = try TemporaryDirectory()
    variables = [
      "CHK_SEED": "1", "XDG_STATE_HOME": directory.path + "/.state", "HOME": directory.path,
    ]
    for (name, contents) in files { _ = try directory.file(name, contents) }
  }

  var environment: ChkEnvironment {
    let input = standardInput
    var environment = ChkEnvironment(
      variables: variables, currentDirectory: directory.path, today: today,
      readStandardInput: { input })
    if let now { environment.now = now }
    return environment
  }

  @discardableResult
  func run(_ arguments: String...) -> Result {
    run(arguments)
  }

  @discardableResult
  func run(_ arguments: [String]) -> Result {
    let output = ByteOutput(isTerminal: outputIsTerminal)
    let errors = ByteOutput()
    let status = ChkTool.run(arguments, environment: environment, output: output, errors: errors)
    return Result(status: status, output: output.text, errors: errors.text)
  }

  func read(_ name: String) throws -> String {
    try directory.read(name)
  }

  func write(_ name: String, _ contents: String) throws {
    _ = try directory.file(name, contents)
  }

  /// The IDs `CHK_SEED=1` generates, in order, for a file with few IDs.
  static func seededIDs(_ count: Int, seed: UInt64 = 1) -> [String] {
    generatedIDs(seed: seed, count: count)
  }
}
