import ChkTestSupport
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// "Did you mean …?": close commands, options and item names are suggested, never
/// acted on; the exit status stays 64.
@Suite("Suggestions")
struct SuggestionTests {
  static let text = """
    ## Shopping

    - [ ] Buy milk  @id(k3f9)
    - [ ] Oat milk  @id(q0wr)
    - [ ] Bread  @id(b1)

    """

  @Test func anUnknownCommandGetsTheClosestOne() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    let result = cli.run("chekc", "1")
    #expect(result.status == .usage)
    #expect(
      result.errors
        == "chk: unknown command 'chekc'; did you mean 'check'?; run 'chk help' for the list of commands\n"
    )
    #expect(cli.run("help", "lsit").errors.contains("did you mean 'list'?"))
    #expect(!cli.run("frobnicate").errors.contains("did you mean"), "nothing close: no guess")
  }

  @Test func anUnknownOptionGetsTheClosestOne() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    let result = cli.run("list", "--opn")
    #expect(result.status == .usage)
    #expect(result.errors.contains("unknown option '--opn' for 'chk list'; did you mean '--open'?"))
    #expect(cli.run("--colr", "never", "list").errors.contains("did you mean '--color'?"))
  }

  @Test func anItemThatIsPartOfOneNameGetsItsSlashForm() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    let result = cli.run("check", "brea")
    #expect(result.status == .usage)
    #expect(result.errors.contains("no item with ID 'brea'; did you mean /brea ('Bread')?"))
    #expect(try cli.read("CHECKLIST.md") == Self.text, "a suggestion is not acted on")
    let several = cli.run("check", "milk")
    #expect(
      several.errors.contains("2 names contain it: 1 'Buy milk' (k3f9), 2 'Oat milk' (q0wr)"))
    #expect(several.status == .usage)
  }

  @Test func fiveCandidatesAtMost() throws {
    let items = (1...8).map { "- [ ] tea \($0)" }.joined(separator: "\n") + "\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": items])
    let errors = cli.run("check", "tea").errors
    #expect(
      errors.contains(
        "8 names contain it: 1 'tea 1', 2 'tea 2', 3 'tea 3', 4 'tea 4', 5 'tea 5' and 3 more"))
  }

  @Test func editDistanceCountsSwapsAsOne() {
    func distance(_ a: String, _ b: String) -> Int {
      Suggestions.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
    #expect(distance("chekc", "check") == 1)
    #expect(distance("lsit", "list") == 1)
    #expect(distance("", "abc") == 3)
    #expect(distance("kitten", "sitting") == 3)
    #expect(Suggestions.closest(to: "uncheck", among: ["check", "uncheck"]) == "uncheck")
    #expect(Suggestions.closest(to: "zz", among: ["list", "lists"]) == nil)
  }
}
