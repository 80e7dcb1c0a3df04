import ChkTestSupport
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("Argument parser")
struct ArgumentParserTests {
  static let specs: [OptionSpec] = [
    .value("file", "f", "PATH", ""), .flag("quiet", "q", ""), .flag("diff", "d", ""),
    .value("date", nil, "DATE", ""),
  ]

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    try ArgumentParser.parse(arguments, specs: Self.specs, context: "chk check")
  }

  @Test func longOptionsWithSeparateAndInlineValues() throws {
    let parsed = try parse(["a", "--file", "x.md", "--date=2024-01-02", "b"])
    #expect(parsed.positionals == ["a", "b"])
    #expect(parsed.value("file") == "x.md")
    #expect(parsed.value("date") == "2024-01-02")
  }

  @Test func shortOptionsGroupedAndAttached() throws {
    let parsed = try parse(["-qd", "-fx.md", "-f", "y.md"])
    #expect(parsed.has("quiet") && parsed.has("diff"))
    #expect(parsed.values("file") == ["x.md", "y.md"])
    #expect(parsed.value("file") == "y.md")
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parse(["--", "--quiet", "-x", "-"])
    #expect(parsed.positionals == ["--quiet", "-x", "-"])
    #expect(!parsed.has("quiet"))
  }

  @Test func singleDashIsAnOperand() throws {
    #expect(try parse(["-"]).positionals == ["-"])
  }

  @Test func errorsAreClear() {
    #expect(throws: CommandError.self) { try parse(["--nope"]) }
    do throws(CommandError) {
      _ = try parse(["--nope"])
    } catch {
      #expect(error.message == "unknown option '--nope' for 'chk check'; see 'chk help check'")
      #expect(error.status == .usage)
    }
    do throws(CommandError) {
      _ = try parse(["--date"])
    } catch {
      #expect(error.message == "option '--date' needs a value (DATE)")
    }
    do throws(CommandError) {
      _ = try parse(["--quiet=yes"])
    } catch {
      #expect(error.message == "option '--quiet' takes no value; see 'chk help check'")
    }
    do throws(CommandError) {
      _ = try parse(["-z"])
    } catch {
      #expect(error.message == "unknown option '-z' for 'chk check'; see 'chk help check'")
    }
  }
}
