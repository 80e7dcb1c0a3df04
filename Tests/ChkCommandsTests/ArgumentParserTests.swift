import ChkTestSupport
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("Argument parser")
struct ArgumentParserTests {
  static let specs: [Option] = [.file, .quiet, .diff, .date]

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    try ArgumentParser.parse(arguments, specs: Self.specs, context: "chk check")
  }

  @Test func longOptionsWithSeparateAndInlineValues() throws {
    let parsed = try parse(["a", "--file", "x.md", "--date=2024-01-02", "b"])
    #expect(parsed.positionals == ["a", "b"])
    #expect(parsed.value(.file) == "x.md")
    #expect(parsed.value(.date) == "2024-01-02")
  }

  @Test func shortOptionsGroupedAndAttached() throws {
    let parsed = try parse(["-qd", "-fx.md", "-f", "y.md"])
    #expect(parsed.has(.quiet) && parsed.has(.diff))
    #expect(parsed.values(.file) == ["x.md", "y.md"])
    #expect(parsed.value(.file) == "y.md")
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parse(["--", "--quiet", "-x", "-"])
    #expect(parsed.positionals == ["--quiet", "-x", "-"])
    #expect(!parsed.has(.quiet))
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

@Suite("Command specs")
struct CommandSpecTests {
  static let text = "## To do\n\n- [ ] Milk  @id(k1)\n- [x] Eggs  @done(2024-01-02)  @id(k2)\n"

  /// Every option of a command is taken before the command's name too, grouped short
  /// flags included, as chk(1) says.
  @Test func optionsComeBeforeOrAfterTheCommand() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    // `--done` is a filter of `list` and a date of `edit`: before a command's name it
    // is a flag, before anything else it takes a value.
    #expect(cli.run("--done", "list").output.contains("Eggs"))
    #expect(!cli.run("--done", "list").output.contains("Milk"))
    let dryRun = cli.run("-n", "check", "k1")
    #expect(dryRun.status == .success)
    #expect(dryRun.output.hasPrefix("would have checked k1"))
    #expect(try cli.read("CHECKLIST.md") == Self.text)
    let grouped = cli.run("-qd", "check", "k1")
    #expect(grouped.status == .success)
    #expect(grouped.output.hasPrefix("--- a/CHECKLIST.md\n"))
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Milk  @done(2024-03-10)  @id(k1)"))
    #expect(cli.run("--done", "2024-02-02", "edit", "k2").status == .success)
    #expect(try cli.read("CHECKLIST.md").contains("@done(2024-02-02)  @id(k2)"))
    #expect(cli.run("-l", "To do", "add", "Bread").output.hasPrefix("added "))
    // An option the command does not take is refused with the command's name.
    let refused = cli.run("--top", "check", "k1")
    #expect(refused.status == .usage)
    #expect(refused.errors.contains("unknown option '--top' for 'chk check'"))
  }

  /// A short letter means the same option, taking a value or not, in every command; a
  /// long name too, but for `--done`.
  @Test func optionsMeanTheSameInEveryCommand() {
    var byShort: [Character: Option] = [:]
    var byName: [String: Option] = [:]
    for option in Command.all.flatMap(\.allOptions) {
      if let short = option.short {
        if let other = byShort[short] { #expect(other.name == option.name, "-\(short)") }
        byShort[short] = option
      }
      if let other = byName[option.name], option.name != "done" {
        #expect(other.takesValue == option.takesValue, "--\(option.name)")
      }
      byName[option.name] = option
    }
  }

  @Test func operandsAndGroupsAreCheckedFromTheSpec() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    let none = cli.run("check")
    #expect(none.status == .usage)
    #expect(
      none.errors
        == "chk: usage: chk check ITEM... [--date DATE | --no-date] [--no-repeat] "
        + "(one or more ITEMs); see 'chk help check'\n")
    #expect(
      cli.run("check", "k1", "--date", "2024-01-01", "--no-date").errors
        == "chk: --date and --no-date cannot be used together\n")
    #expect(cli.run("mv", "k1").errors.contains("chk mv needs one of --list, --after"))
    #expect(cli.run("mv", "k1", "--list", "To do", "--after", "k2").status == .usage)
    #expect(cli.run("list-icon", "To do").errors == "chk: chk list-icon needs ICON or --none\n")
    #expect(cli.run("list-icon", "To do", "cart", "--none").status == .usage)
    #expect(
      cli.run("completions", "tcsh").errors.contains("'tcsh' is not one of bash | zsh | fish"))
    #expect(cli.run("git", "stup").errors.contains("did you mean 'setup'?"))
    #expect(cli.run("lists", "extra").status == .usage)
  }
}
