import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("CLI: editing commands")
struct EditingCommandTests {
  static let file = """
    # Home

    ## Groceries  @icon(cart)

    - [ ] Milk  @id(milk)
    - [ ] Bread  @id(bread)
      - [ ] Rye  @id(rye)
    - [ ] Eggs

    ## Chores

    - [x] Sweep  @done(2024-03-01)  @id(swp)

    """

  func harness() throws -> CLIHarness {
    try CLIHarness(files: ["CHECKLIST.md": Self.file])
  }

  @Test func checkUsesTodayAndConfirms() throws {
    let cli = try harness()
    let result = cli.run("check", "milk")
    #expect(result.status == .success)
    #expect(result.output == "checked milk \"Milk\"\n")
    #expect(result.errors.isEmpty)
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Milk  @done(2024-03-10)  @id(milk)\n"))
  }

  @Test func checkByNumberAndTextGivesAnID() throws {
    let cli = try harness()
    let id = CLIHarness.seededIDs(1)[0]
    let result = cli.run("check", "4", "/RYE", "--date", "2024-01-05")
    #expect(result.output == "checked \(id) \"Eggs\"\nchecked rye \"Rye\"\n")
    let text = try cli.read("CHECKLIST.md")
    #expect(text.contains("- [x] Eggs  @done(2024-01-05)  @id(\(id))\n"))
    #expect(text.contains("  - [x] Rye  @done(2024-01-05)  @id(rye)\n"))
  }

  @Test func checkingACheckedItemKeepsItsDateUnlessGivenOne() throws {
    let cli = try harness()
    #expect(cli.run("check", "swp").output == "already checked swp \"Sweep\"\n")
    #expect(try cli.read("CHECKLIST.md") == Self.file)
    cli.run("check", "swp", "--date", "2024-03-09")
    #expect(try cli.read("CHECKLIST.md").contains("@done(2024-03-09)  @id(swp)"))
  }

  /// An item named twice, directly or as the same item by number and by ID, is edited
  /// once and confirmed once: a toggle does not flip it back, and rm does not fail on
  /// the second name.
  @Test func anItemNamedTwiceIsEditedOnce() throws {
    let cli = try harness()
    #expect(
      cli.run("check", "milk", "milk", "--date", "2024-01-05").output == "checked milk \"Milk\"\n")
    #expect(cli.run("toggle", "bread", "2").output == "checked bread \"Bread\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Bread  @done(2024-03-10)  @id(bread)\n"))
    let removed = cli.run("rm", "swp", "swp")
    #expect(removed.status == .success)
    #expect(removed.output == "removed swp \"Sweep\"\n")
    #expect(!(try cli.read("CHECKLIST.md").contains("Sweep")))
  }

  @Test func checkWithoutDate() throws {
    let cli = try harness()
    cli.run("check", "milk", "--no-date")
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Milk  @id(milk)\n"))
    #expect(cli.run("check", "milk", "--no-date", "--date", "2024-01-01").status == .usage)
  }

  @Test func uncheckAndToggle() throws {
    let cli = try harness()
    #expect(cli.run("uncheck", "swp").output == "unchecked swp \"Sweep\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Sweep  @id(swp)\n"))
    #expect(cli.run("uncheck", "swp").output == "already unchecked swp \"Sweep\"\n")
    #expect(
      cli.run("toggle", "swp", "milk").output == "checked swp \"Sweep\"\nchecked milk \"Milk\"\n")
    #expect(cli.run("toggle", "swp").output == "unchecked swp \"Sweep\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Milk  @done(2024-03-10)  @id(milk)\n"))
  }

  @Test func addGoesToTheFirstListWithItems() throws {
    let cli = try harness()
    let id = CLIHarness.seededIDs(1)[0]
    let result = cli.run("add", "Oat", "milk")
    #expect(result.output == "added \(id) \"Oat milk\" to \"Groceries\"\n")
    #expect(
      try cli.read("CHECKLIST.md").contains("- [ ] Eggs\n- [ ] Oat milk  @id(\(id))\n\n## Chores"))
  }

  @Test func addWithPlacesNotesAndDates() throws {
    let cli = try harness()
    let ids = CLIHarness.seededIDs(1)
    #expect(
      cli.run(
        "add", "Mop", "--list", "chores", "--top", "--note", "the big one", "--due", "2024-04-01"
      ).status == .success)
    #expect(
      try cli.read("CHECKLIST.md").contains(
        "## Chores\n\n- [ ] Mop  @due(2024-04-01)  @id(\(ids[0]))  # the big one\n- [x] Sweep"))
    let under = cli.run("add", "Spelt", "--under", "bread")
    #expect(under.output.hasSuffix("\"Spelt\" under bread \"Bread\"\n"))
    #expect(try cli.read("CHECKLIST.md").contains("  - [ ] Rye  @id(rye)\n  - [ ] Spelt  @id("))
    #expect(cli.run("add", "Jam", "--after", "milk").status == .success)
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Milk  @id(milk)\n- [ ] Jam  @id("))
    #expect(cli.run("add", "Tea", "--before", "milk").status == .success)
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Tea  @id("))
  }

  @Test func addTakesTheNameLiterally() throws {
    let cli = try harness()
    cli.run("add", "Call Bob  # urgent @home")
    let document = try TestSupport.document(try cli.read("CHECKLIST.md"))
    #expect(document.items.contains { $0.name == "Call Bob  # urgent @home" && $0.note == nil })
  }

  @Test func addToAFileWithoutHeadingsOrItems() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "Just prose.\n", "T.md": "# A\n\n## B\n"])
    let id = CLIHarness.seededIDs(1)[0]
    cli.run("add", "first")
    #expect(try cli.read("CHECKLIST.md") == "Just prose.\n\n- [ ] first  @id(\(id))\n")
    cli.run("-f", "T.md", "add", "x")
    #expect(try cli.read("T.md") == "# A\n\n## B\n\n- [ ] x  @id(\(id))\n")
  }

  @Test func editChangesFields() throws {
    let cli = try harness()
    let result = cli.run(
      "edit", "milk", "--name", "Whole milk", "--note", "2 l", "--due", "2024-03-12")
    #expect(result.output == "edited milk \"Whole milk\": name, note, due\n")
    #expect(
      try cli.read("CHECKLIST.md").contains(
        "- [ ] Whole milk  @due(2024-03-12)  @id(milk)  # 2 l\n"))
    cli.run("edit", "milk", "--no-note", "--no-due", "--done", "2024-03-01")
    #expect(
      try cli.read("CHECKLIST.md").contains("- [ ] Whole milk  @done(2024-03-01)  @id(milk)\n"))
    cli.run("edit", "milk", "--no-done")
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Whole milk  @id(milk)\n"))
    #expect(cli.run("edit", "milk").status == .usage)
    #expect(cli.run("edit", "milk", "--note", "a", "--no-note").status == .usage)
  }

  /// A DATE may be a word for a day near today, as `chk tui`'s `D` takes it; the
  /// harness's today is Sunday 2024-03-10.
  @Test func datesMayBeWords() throws {
    let cli = try harness()
    cli.run("edit", "milk", "--due", "tomorrow")
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-11)"))
    cli.run("edit", "milk", "--due", "FRI")
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-15)"))
    cli.run("edit", "milk", "--due", "sunday")
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-17)"))
    cli.run("check", "milk", "--date", "yesterday")
    #expect(try cli.read("CHECKLIST.md").contains("@done(2024-03-09)"))
    // Next week's Friday (2024-03-10 is a Sunday), and an ambiguous 3/4 refused.
    cli.run("edit", "milk", "--due", "next friday")
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-15)"))
    let wrong = cli.run("edit", "milk", "--due", "3/4")
    #expect(wrong.status == .dataError)
    #expect(wrong.errors.contains("'3/4' is not a day, or a day and a time; write"))
  }

  @Test func removeTakesSubItems() throws {
    let cli = try harness()
    let result = cli.run("rm", "bread", "rye", "milk")
    #expect(result.output == "removed bread \"Bread\" and 1 sub-item\nremoved milk \"Milk\"\n")
    #expect(
      try cli.read("CHECKLIST.md").contains("## Groceries  @icon(cart)\n\n- [ ] Eggs\n\n## Chores"))
  }

  @Test func moveAround() throws {
    let cli = try harness()
    #expect(
      cli.run("mv", "milk", "--after", "bread").output
        == "moved milk \"Milk\" after bread \"Bread\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("  - [ ] Rye  @id(rye)\n- [ ] Milk  @id(milk)\n"))
    #expect(
      cli.run("mv", "milk", "--top").output == "moved milk \"Milk\" to the top of \"Groceries\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("\n\n- [ ] Milk  @id(milk)\n- [ ] Bread"))
    cli.run("mv", "rye", "--list", "Chores")
    #expect(
      try cli.read("CHECKLIST.md").hasSuffix(
        "- [x] Sweep  @done(2024-03-01)  @id(swp)\n- [ ] Rye  @id(rye)\n"))
    cli.run("mv", "swp", "--under", "milk")
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Milk  @id(milk)\n  - [x] Sweep"))
    cli.run("mv", "milk", "--bottom")
    #expect(
      try cli.read("CHECKLIST.md").contains("- [ ] Eggs\n- [ ] Milk  @id(milk)\n  - [x] Sweep"))
    let own = cli.run("mv", "milk", "--under", "swp")
    #expect(own.status == .usage)
    #expect(own.errors.contains("cannot move 'Milk' under itself"))
    #expect(cli.run("mv", "milk").status == .usage)
    #expect(cli.run("mv", "milk", "--top", "--bottom").status == .usage)
  }

  /// list-add, list-rename, list-icon and list-rm say what they did and change only the
  /// heading; a list with items or other text is removed only with --force, which says what went; a missing list names the
  /// lists there are.
  @Test func listCommandsChangeOnlyTheirHeading() throws {
    let cli = try harness()
    #expect(cli.run("list-add", "Garden", "--icon", "leaf").output == "added list \"Garden\"\n")
    #expect(try cli.read("CHECKLIST.md").hasSuffix("@id(swp)\n\n## Garden  @icon(leaf)\n"))
    #expect(cli.run("list-add", "Garden").status == .usage)
    #expect(
      cli.run("list-rename", "garden", "Yard").output == "renamed list \"Garden\" to \"Yard\"\n")
    #expect(cli.run("list-icon", "Yard", "tree").output == "set the icon of \"Yard\" to \"tree\"\n")
    #expect(try cli.read("CHECKLIST.md").hasSuffix("## Yard  @icon(tree)\n"))
    #expect(cli.run("list-icon", "Yard", "--none").output == "removed the icon of \"Yard\"\n")
    #expect(cli.run("list-rm", "Yard").output == "removed list \"Yard\"\n")
    #expect(try cli.read("CHECKLIST.md") == Self.file)
    let refused = cli.run("list-rm", "Groceries")
    #expect(refused.status == .usage)
    #expect(
      refused.errors
        == "chk: CHECKLIST.md: list \"Groceries\" has 4 items; add --force to remove it with them\n"
    )
    #expect(
      cli.run("list-rm", "Groceries", "--force").output
        == "removed list \"Groceries\" with 4 items\n")
    #expect(!(try cli.read("CHECKLIST.md").contains("Milk")))
    let missing = cli.run("list-rename", "Nope", "X")
    #expect(missing.status == .usage)
    #expect(missing.errors == "chk: CHECKLIST.md: no list named 'Nope'; lists: 'Home', 'Chores'\n")
  }

  @Test func archiveMovesCheckedItems() throws {
    let cli = try harness()
    cli.run("check", "bread", "--date", "2024-03-02")
    let result = cli.run("archive")
    #expect(result.output == "archived 2 items to \"Archive\"\n")
    let text = try cli.read("CHECKLIST.md")
    #expect(
      text.hasSuffix(
        """
        ## Archive

        - [x] Bread  @done(2024-03-02)  @id(bread)
          - [ ] Rye  @id(rye)
        - [x] Sweep  @done(2024-03-01)  @id(swp)

        """))
    #expect(cli.run("archive").output == "nothing to archive\n")
    cli.run("check", "milk")
    #expect(
      cli.run("archive", "--list", "Groceries", "--to", "Done").output
        == "archived 1 item to \"Done\"\n")
  }

  @Test func dryRunWritesNothing() throws {
    let cli = try harness()
    let result = cli.run("check", "milk", "--dry-run")
    #expect(result.output == "would have checked milk \"Milk\"\n")
    #expect(try cli.read("CHECKLIST.md") == Self.file)
    let diff = cli.run("rm", "rye", "-n", "--diff")
    #expect(
      diff.output == """
        would have removed rye "Rye"
        --- a/CHECKLIST.md
        +++ b/CHECKLIST.md
        @@ -4,7 +4,6 @@
         
         - [ ] Milk  @id(milk)
         - [ ] Bread  @id(bread)
        -  - [ ] Rye  @id(rye)
         - [ ] Eggs
         
         ## Chores

        """)
    #expect(try cli.read("CHECKLIST.md") == Self.file)
  }

  @Test func quietAndDiff() throws {
    let cli = try harness()
    let result = cli.run("check", "milk", "-q", "--diff")
    #expect(result.output.hasPrefix("--- a/CHECKLIST.md\n+++ b/CHECKLIST.md\n@@ -2,7 +2,7 @@\n"))
    #expect(
      result.output.contains("-- [ ] Milk  @id(milk)\n+- [x] Milk  @done(2024-03-10)  @id(milk)\n"))
    #expect(cli.run("uncheck", "milk", "--quiet").output.isEmpty)
  }

  @Test func undoRestoresAndRedoes() throws {
    let cli = try harness()
    #expect(cli.run("undo").status == .failure)
    cli.run("rm", "bread")
    let after = try cli.read("CHECKLIST.md")
    #expect(cli.run("undo").output == "undid chk rm bread; 1 to redo\n")
    #expect(try cli.read("CHECKLIST.md") == Self.file)
    #expect(cli.run("undo").status == .failure)
    #expect(cli.run("redo").output == "redid chk rm bread; 1 more to undo\n")
    #expect(try cli.read("CHECKLIST.md") == after)
    #expect(cli.run("redo").status == .failure)
  }

  @Test func undoRefusesWhenTheFileChangedSince() throws {
    let cli = try harness()
    cli.run("check", "milk")
    usleep(10_000)
    try cli.write("CHECKLIST.md", Self.file + "- [ ] edited by hand\n")
    let result = cli.run("undo")
    #expect(result.status == .temporaryFailure)
    #expect(
      result.errors.contains("the file changed since the last chk edit (chk check milk)"))
    #expect(try cli.read("CHECKLIST.md").hasSuffix("- [ ] edited by hand\n"))
  }

  @Test func initCreatesAndNeverOverwrites() throws {
    let cli = try CLIHarness()
    #expect(cli.run("init").output == "created CHECKLIST.md\n")
    #expect(try cli.read("CHECKLIST.md") == Command.template)
    let again = cli.run("init")
    #expect(again.status == .cannotCreate)
    #expect(again.errors == "chk: CHECKLIST.md: already exists; chk init never overwrites a file\n")
    #expect(cli.run("init", "other.md").status == .success)
    #expect(cli.run("-f", "other.md", "add", "x").status == .success)
    #expect(try cli.read("other.md").contains("## To do\n\n- [ ] x  @id("))
  }
}

@Suite("CLI: more placements")
struct PlacementCommandTests {
  @Test func movingToWhereItAlreadyIsChangesNothing() throws {
    let text = "# Checklist\n\n## To do\n\n- [ ] a  @id(a)\n  - [x] b  @id(b)\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": text])
    #expect(cli.run("mv", "a", "--top").status == .success)
    #expect(try cli.read("CHECKLIST.md") == text)
    #expect(cli.run("mv", "a", "--bottom").status == .success)
    #expect(try cli.read("CHECKLIST.md") == text)
    // Said as such, with no diff and no undo record: undo still reverts the edit before.
    cli.run("check", "a", "--date", "2024-01-01")
    let checked = try cli.read("CHECKLIST.md")
    let top = cli.run("mv", "a", "--top", "--diff")
    #expect(top.output == "nothing to move: a \"a\" is already at the top of \"To do\"\n")
    #expect(
      cli.run("mv", "b", "--under", "a").output.hasPrefix(
        "nothing to move: b \"b\" is already under"))
    #expect(cli.run("mv", "a", "--top", "-n").output.hasPrefix("nothing to move"))
    #expect(try cli.read("CHECKLIST.md") == checked)
    cli.run("undo")
    #expect(try cli.read("CHECKLIST.md") == text)
    // An item without an ID is not given one when it does not move.
    try cli.write("CHECKLIST.md", "- [ ] a\n- [ ] b\n")
    #expect(
      cli.run("mv", "1", "--top").output
        == "nothing to move: \"a\" is already at the top of the items before the first heading\n")
    #expect(try cli.read("CHECKLIST.md") == "- [ ] a\n- [ ] b\n")
  }

  @Test func addAndEditMakeItemsComeBack() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @id(a)\n"])
    #expect(cli.run("add", "b", "--every", "week").status == .usage)
    #expect(
      cli.run("add", "b", "--due", "2024-03-11", "--every", "fortnight").status == .dataError)
    #expect(cli.run("add", "b", "--due", "2024-03-11", "--every", "2 weeks").status == .success)
    #expect(
      try cli.read("CHECKLIST.md").contains("- [ ] b  @due(2024-03-11)  @every(2 weeks)  @id("))
    #expect(cli.run("edit", "a", "--every", "month").status == .usage)
    #expect(try cli.read("CHECKLIST.md").hasPrefix("- [ ] a  @id(a)\n"))
    #expect(
      cli.run("edit", "a", "--every", "month", "--due", "2024-01-31").output
        == "edited a \"a\": due, every\n")
    #expect(
      try cli.read("CHECKLIST.md").hasPrefix("- [ ] a  @due(2024-01-31)  @every(month)  @id(a)\n"))
    #expect(cli.run("check", "a").output.contains("added the next one: "))
    // Done on the harness's today, 2024-03-10: the next in the series after it.
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-31)  @every(month)"))
    cli.run("edit", "a", "--no-every")
    #expect(
      try cli.read("CHECKLIST.md").hasPrefix(
        "- [x] a  @due(2024-01-31)  @done(2024-03-10)  @id(a)\n"))
    #expect(cli.run("edit", "a", "--every", "week", "--no-due").status == .usage)
  }

  @Test func moveBeforeAndToggleWithoutDate() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @id(a)\n- [ ] b  @id(b)\n"])
    #expect(cli.run("mv", "b", "--before", "a").output == "moved b \"b\" before a \"a\"\n")
    #expect(try cli.read("CHECKLIST.md") == "- [ ] b  @id(b)\n- [ ] a  @id(a)\n")
    cli.run("toggle", "a", "--no-date")
    #expect(try cli.read("CHECKLIST.md") == "- [ ] b  @id(b)\n- [x] a  @id(a)\n")
    cli.run("toggle", "b", "--date", "2024-01-01")
    #expect(try cli.read("CHECKLIST.md") == "- [x] b  @done(2024-01-01)  @id(b)\n- [x] a  @id(a)\n")
  }
}
