import Foundation
import Testing

/// A real terminal emulator as a test oracle: `Tests/Helpers/tui_driver.py` runs a
/// program in a pseudo-terminal (pexpect) and reads its screen with pyte. Found and
/// required as `RenderingOracle` is (`CHK_ORACLE_PYTHON`, `CHK_REQUIRE_ORACLE=1` in CI).
public struct TerminalOracle: Sendable {
  let python: String
  let script: String

  /// The oracle for a test: `nil` after a failure where oracles are required, else
  /// a skip of the test, when no Python with pyte and pexpect is found.
  public static func forTest(_ name: String) throws -> TerminalOracle? {
    guard
      let python = try RenderingOracle.python(
        for: name, modules: ["pyte", "pexpect"], packages: "pyte pexpect")
    else { return nil }
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/tui_driver.py").path
    return TerminalOracle(python: python, script: script)
  }

  /// Runs a script with the oracle's Python (which has pyte and pexpect); its exit
  /// status and standard output.
  public func runScript(_ path: String, _ arguments: [String]) -> (status: Int32, output: Data)? {
    RenderingOracle.run(python, [path] + arguments, input: Data())
  }

  /// What the terminal showed.
  public struct Result: Decodable, Sendable {
    /// The screen's lines at each snapshot, by name.
    public var snapshots: [String: [String]]
    /// Cells drawn in a colour or reversed, at each snapshot: row, column, colour,
    /// whether reversed.
    public var styles: [String: [[StyleValue]]]
    /// How many bytes the program wrote between a snapshot and the one before it.
    public var bytesAfter: [String: Int]
    /// The exit status, when the program exited.
    public var exit: Int?
    /// The signal that ended the program, when one did.
    public var signal: Int?
    /// The last 200 bytes the program wrote (Latin-1).
    public var tail: String

    enum CodingKeys: String, CodingKey {
      case snapshots, styles, exit, signal, tail
      case bytesAfter = "bytes_after"
    }
  }

  /// One field of a styled cell (a number, a colour name or a flag).
  public enum StyleValue: Decodable, Sendable, Hashable {
    case number(Int)
    case text(String)
    case flag(Bool)

    /// Reads whichever of the three the JSON holds.
    public init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Int.self) {
        self = .number(value)
      } else if let value = try? container.decode(Bool.self) {
        self = .flag(value)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  /// Runs a scenario (see the driver's documentation).
  public func run(_ scenario: [String: Any]) throws -> Result {
    let input = try JSONSerialization.data(withJSONObject: scenario)
    guard let result = RenderingOracle.run(python, [script], input: input), result.status == 0
    else { throw RenderingOracle.Failure(description: "the terminal driver failed") }
    return try JSONDecoder().decode(Result.self, from: result.output)
  }
}
