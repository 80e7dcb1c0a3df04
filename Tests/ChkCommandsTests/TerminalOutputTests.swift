import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// A hostile checklist cannot drive the terminal: control characters from the file,
/// its name or the arguments are shown visibly on a terminal and on standard error;
/// JSON stays exact.
@Suite("Terminal output")
struct TerminalOutputTests {
  /// ESC sequences that retitle (OSC) and clear the terminal, BEL, backspaces that
  /// would hide text, C1 CSI and a right-to-left override. (A CR would end the line.)
  static let hostile =
    "## Evil \u{1B}]0;owned\u{07}list\n\n- [ ] clear \u{1B}[2J me\u{08}  # note \u{9B}31m\n"
    + "- [ ] \u{202E}txt.exe  @id(x1)\n- [ ] mark\u{061C}sep\u{2028}para\u{2029}end\n"

  func run(_ cli: CLIHarness, terminal: Bool, _ arguments: String...) -> (String, String, ExitCode)
  {
    let output = ByteOutput(isTerminal: terminal)
    let errors = ByteOutput()
    let status = ChkTool.run(
      arguments, environment: cli.environment, output: output, errors: errors)
    return (output.text, errors.text, status)
  }

  @Test func listShowsControlCharactersOnATerminal() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.hostile])
    let (shown, _, status) = run(cli, terminal: true, "list", "--color", "never")
    #expect(status == .success)
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(shown.contains("Evil ^[]0;owned^Glist"))
    #expect(shown.contains("clear ^[[2J me^H"))
    #expect(shown.contains("<U+009B>31m"))
    #expect(shown.contains("<U+202E>txt.exe"))
    #expect(shown.contains("mark<U+061C>sep<U+2028>para<U+2029>end"))
    // Colour still works: its escapes are chk's own.
    let (coloured, _, _) = run(cli, terminal: true, "list", "--color", "always")
    #expect(coloured.contains("\u{1B}[1mEvil ^[]0;owned^Glist\u{1B}[0m"))
    #expect(!coloured.contains("\u{1B}]0;"))
    let (lists, _, _) = run(cli, terminal: true, "lists")
    #expect(lists.contains("Evil ^[]0;owned^Glist"))
  }

  /// In colour, an open item's due date is red once it is past, not on the day itself
  /// (the harness's today is 2024-03-10), and never on a checked item.
  @Test func onlyPastDueDatesOfOpenItemsAreRed() throws {
    let cli = try CLIHarness(files: [
      "CHECKLIST.md": "- [ ] Past  @due(2024-03-09)\n- [ ] Today  @due(2024-03-10)\n"
        + "- [x] Done  @due(2024-03-01)\n"
    ])
    let (coloured, _, _) = run(cli, terminal: true, "list", "--color", "always")
    // The unnamed list's header, then the items.
    let lines = coloured.split(separator: "\n").dropFirst().map(String.init)
    #expect(lines.count == 3)
    #expect(lines.first?.contains("\u{1B}[31mdue 2024-03-09\u{1B}[0m") == true)
    #expect(lines.dropFirst().allSatisfy { !$0.contains("\u{1B}[31m") }, "\(lines)")
  }

  @Test func confirmationsAndFormattedOutputAreVisibleToo() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.hostile])
    let (checked, _, _) = run(cli, terminal: true, "check", "x1")
    #expect(checked == "checked x1 \"<U+202E>txt.exe\"\n")
    let (formatted, _, _) = run(cli, terminal: true, "fmt")
    #expect(formatted.contains("^[[2J"))
    #expect(!formatted.contains("\u{1B}"))
    // A CRLF file keeps its line ends on screen; a lone CR is shown.
    try cli.write("crlf.md", "- [ ] a\r\n- [ ] b\rc\r\n")
    let (crlf, _, _) = run(cli, terminal: true, "fmt", "crlf.md")
    #expect(crlf.contains("- [ ] a\r\n"))
  }

  /// Piped (not a terminal), the bytes are the file's, and JSON is exact everywhere.
  @Test func pipesAndJSONAreExact() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.hostile])
    let (piped, _, _) = run(cli, terminal: false, "list", "--color", "never")
    #expect(piped.contains("\u{1B}[2J"))
    for terminal in [false, true] {
      let (json, _, _) = run(cli, terminal: terminal, "list", "--json")
      #expect(json.contains(#"\u001b[2J"#))
      #expect(json.contains("\u{202E}txt.exe"))
      let parsed = try JSONValue.parse(Array(json.utf8))
      #expect(parsed != .null)
    }
  }

  /// Errors are one line on standard error, terminal or not: CR and LF from arguments
  /// are shown, and so is an escape in a file name or an item's text.
  @Test func errorsAreOneVisibleLine() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.hostile])
    let (_, notFound, _) = run(cli, terminal: false, "check", "/\u{1B}[2Jzzz\r\nfake: ok")
    #expect(notFound.hasSuffix("\n"))
    #expect(notFound.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" && $0 != "\u{1B}" })
    // (The search text is lower-cased.)
    #expect(notFound.contains("^[[2jzzz^M^Jfake: ok"))
    let (_, missing, status) = run(cli, terminal: false, "-f", "evil\u{07}\n.md", "list")
    #expect(status == .noInput)
    #expect(missing.hasPrefix("chk: evil^G^J.md: no such file"))
    let (_, ambiguous, _) = run(cli, terminal: false, "check", "/e")
    #expect(!ambiguous.dropLast().contains("\n"))
    #expect(ambiguous.contains("^[[2J"))
  }
}
