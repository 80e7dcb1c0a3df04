import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `reset`, `list-copy`, recurrence on `check`, `FILE:ITEM`, `list --in`, `lists --in`,
/// `due` and `--sort`, in process (the harness's today is 2024-03-10, a Sunday).
@Suite("CLI: checklists that come back, and many files")
struct RecurrenceCommandTests {
  static let packing = """
    ## Packing  @icon(bag)

    - [x] Passport  @done(2024-03-01)  @id(pp)  # in the drawer
    - [ ] Charger  @id(ch)

    ## Chores

    - [ ] Water plants  @due(2024-03-04)  @every(week)  @id(wp)
      - [ ] Ferns  @id(fe)
    - [ ] Rent  @due(2024-03-01)  @every(month from done)  @id(rt)

    """

  func harness() throws -> CLIHarness {
    try CLIHarness(files: ["CHECKLIST.md": Self.packing])
  }

  @Test func resetUnchecksAndConfirms() throws {
    let cli = try harness()
    #expect(cli.run("reset", "--list", "Packing").output == "reset 1 item in \"Packing\"\n")
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Passport  @id(pp)  # in the drawer\n"))
    #expect(cli.run("reset").output == "nothing to reset\n")
    #expect(cli.run("reset", "--list", "Nope").status == .usage)
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == Self.packing)
  }

  @Test func listCopyMakesANewList() throws {
    let cli = try harness()
    let result = cli.run("list-copy", "Packing", "Packing 2", "--after", "Packing")
    #expect(result.output == "copied list \"Packing\" to \"Packing 2\" with 2 items\n")
    let ids = CLIHarness.seededIDs(2)
    #expect(
      try cli.read("CHECKLIST.md").contains(
        """
        - [ ] Charger  @id(ch)

        ## Packing 2  @icon(bag)

        - [ ] Passport  @id(\(ids[0]))  # in the drawer
        - [ ] Charger  @id(\(ids[1]))

        ## Chores

        """))
    #expect(cli.run("list-copy", "Packing", "Chores").status == .usage)
    #expect(cli.run("list-copy", "Packing").status == .usage)
  }

  @Test func listCopyFromAnotherFile() throws {
    let cli = try harness()
    try cli.write("templates.md", "## Weekly review\n\n- [x] Inbox zero  @id(iz)\n")
    let result = cli.run("list-copy", "Weekly review", "Week 10", "--from", "templates.md")
    #expect(
      result.output
        == "copied list \"Weekly review\" from templates.md to \"Week 10\" with 1 item\n")
    #expect(
      try cli.read("CHECKLIST.md").hasSuffix(
        "## Week 10\n\n- [ ] Inbox zero  @id(\(CLIHarness.seededIDs(1)[0]))\n"))
    #expect(try cli.read("templates.md") == "## Weekly review\n\n- [x] Inbox zero  @id(iz)\n")
    #expect(cli.run("list-copy", "X", "Y", "--from", "missing.md").status == .noInput)
  }

  @Test func checkingARecurringItemAddsTheNextOne() throws {
    let cli = try harness()
    let id = CLIHarness.seededIDs(3)
    let result = cli.run("check", "wp", "rt")
    #expect(
      result.output
        == """
        checked wp "Water plants"
        added the next one: \(id[1]) "Water plants" due 2024-03-11
        checked rt "Rent"
        added the next one: \(id[0]) "Rent" due 2024-04-10

        """)
    let text = try cli.read("CHECKLIST.md")
    #expect(
      text.hasSuffix(
        """
        - [x] Water plants  @due(2024-03-04)  @every(week)  @done(2024-03-10)  @id(wp)
          - [ ] Ferns  @id(fe)
        - [ ] Water plants  @due(2024-03-11)  @every(week)  @id(\(id[1]))
          - [ ] Ferns  @id(\(id[2]))
        - [x] Rent  @due(2024-03-01)  @every(month from done)  @done(2024-03-10)  @id(rt)
        - [ ] Rent  @due(2024-04-10)  @every(month from done)  @id(\(id[0]))

        """))
  }

  @Test func noRepeatAndAlreadyCheckedItemsAddNothing() throws {
    let cli = try harness()
    #expect(cli.run("check", "wp", "--no-repeat").output == "checked wp \"Water plants\"\n")
    #expect(cli.run("check", "wp").output == "already checked wp \"Water plants\"\n")
    #expect(cli.run("toggle", "wp").output == "unchecked wp \"Water plants\"\n")
    #expect(try cli.read("CHECKLIST.md").components(separatedBy: "Water plants").count == 2)
    let toggled = cli.run("toggle", "wp", "--date", "2024-03-12")
    #expect(toggled.output.hasPrefix("checked wp \"Water plants\"\nadded the next one: "))
    #expect(toggled.output.hasSuffix(" due 2024-03-18\n"))
  }

  @Test func fileColonItemAddressesAnotherFile() throws {
    let cli = try harness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/docs", withIntermediateDirectories: true)
    let release = "## Release\n\n- [ ] Tag  @id(tg)\n- [ ] Announce  @id(an)\n"
    try cli.write("docs/release.md", release)
    #expect(
      cli.run("check", "docs/release.md:tg", "ch").output
        == "checked docs/release.md:tg \"Tag\"\nchecked ch \"Charger\"\n")
    #expect(try cli.read("docs/release.md").contains("- [x] Tag  @done(2024-03-10)  @id(tg)\n"))
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Charger  @done(2024-03-10)  @id(ch)\n"))
    #expect(cli.run("edit", "docs/release.md:2", "--note", "blog").status == .success)
    #expect(try cli.read("docs/release.md").contains("- [ ] Announce  @id(an)  # blog\n"))
    #expect(
      cli.run("mv", "docs/release.md:an", "--before", "docs/release.md:tg").status == .success)
    #expect(try cli.read("docs/release.md").contains("## Release\n\n- [ ] Announce"))
    // A plain anchor names an item of the moved item's file.
    let plain = cli.run("mv", "docs/release.md:an", "--before", "ch")
    #expect(plain.status == .usage)
    #expect(plain.errors.contains("docs/release.md: no item with ID 'ch'"))
    let across = cli.run("mv", "docs/release.md:an", "--after", "CHECKLIST.md:ch")
    #expect(across.status == .usage)
    #expect(across.errors.contains("is in another file than the item"))
    // A plain ITEM is in the checklist file, so an anchor elsewhere is another file.
    #expect(cli.run("mv", "ch", "--after", "docs/release.md:tg").status == .usage)
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Charger"))
    #expect(cli.run("add", "Changelog", "--after", "docs/release.md:tg").status == .success)
    #expect(try cli.read("docs/release.md").contains("@id(tg)\n- [ ] Changelog  @id("))
    #expect(
      cli.run("rm", "docs/release.md:an").output == "removed docs/release.md:an \"Announce\"\n")
    let empty = cli.run("check", "docs/release.md:")
    #expect(empty.status == .usage)
    #expect(empty.errors.hasPrefix("chk: docs/release.md: an ITEM is empty"))
    let missing = cli.run("check", "docs/nope.md:x")
    #expect(missing.status == .noInput)
    #expect(missing.errors.contains("docs/nope.md: no such file"))
    #expect(cli.run("undo", "-f", "docs/release.md").status == .success)
    #expect(try cli.read("docs/release.md").contains("- [ ] Announce"))
  }

  /// One file however it is spelled: an item named through two spellings is edited
  /// once (rm used to remove the next item too); the longest existing FILE wins.
  @Test func oneFileHoweverItIsSpelled() throws {
    let cli = try harness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/docs", withIntermediateDirectories: true)
    try cli.write("docs/a.md", "- [ ] one  @id(k1)\n- [ ] two  @id(k2)\n- [ ] three  @id(k3)\n")
    let removed = cli.run("rm", "docs/a.md:1", "./docs/a.md:1", "docs//a.md:k1")
    #expect(removed.status == .success, "\(removed.errors)")
    #expect(removed.output == "removed docs/a.md:k1 \"one\"\n")
    #expect(try cli.read("docs/a.md") == "- [ ] two  @id(k2)\n- [ ] three  @id(k3)\n")
    let toggled = cli.run("toggle", "docs/a.md:k2", "./docs/a.md:k2")
    #expect(toggled.output == "checked docs/a.md:k2 \"two\"\n")
    // A file named `a:b.md` beside a file named `a`.
    try cli.write("a", "- [ ] y\n")
    try cli.write("a:b.md", "- [ ] x  @id(kx)\n")
    #expect(cli.run("check", "a:b.md:kx").output == "checked a:b.md:kx \"x\"\n")
  }

  @Test func aSeriesThatCannotGoOnIsReported() throws {
    let cli = try harness()
    try cli.write(
      "e.md",
      "- [ ] a  @due(2024-03-01)  @every(2 week)  @id(a1)\n- [ ] b  @every(week)  @id(b1)\n")
    let result = cli.run("-f", "e.md", "check", "a1", "b1")
    #expect(result.status == .success)
    #expect(result.output == "checked a1 \"a\"\nchecked b1 \"b\"\n")
    #expect(
      result.errors
        == "chk: e.md: line 1: no next occurrence added: '2 week' in @every is not a recurrence; "
        + "fix its @every or @due (see 'chk lint')\n"
        + "chk: e.md: line 2: no next occurrence added: it has no valid @due day to count from; "
        + "fix its @every or @due (see 'chk lint')\n")
    // Checked, unchecked, checked again: one next occurrence, not two.
    cli.run("uncheck", "wp")
    cli.run("check", "wp")
    cli.run("uncheck", "wp")
    let again = cli.run("check", "wp")
    #expect(
      again.output
        == "checked wp \"Water plants\"\nthe next one (due 2024-03-11) is already below it\n")
    #expect(try cli.read("CHECKLIST.md").components(separatedBy: "- [ ] Water plants").count == 2)
  }

  @Test func listsOfTheSameNameAreNotGuessed() throws {
    let cli = try harness()
    try cli.write("d.md", "## Pack\n\n- [x] a\n\n## Pack\n\n- [x] b\n\n## pack\n")
    let reset = cli.run("-f", "d.md", "reset", "--list", "Pack")
    #expect(reset.status == .usage)
    #expect(reset.errors.contains("2 lists are named 'Pack' (lines 1, 5)"))
    #expect(cli.run("-f", "d.md", "reset", "--list", "PACK").status == .usage)
    // list shows every list of the name.
    #expect(
      cli.run("-f", "d.md", "list", "--list", "Pack").output.components(separatedBy: "Pack").count
        == 3)
    try cli.write("x.md", "# A\n- [ ] a\n<div>\n\n# B\n- [ ] b\n</div>\n")
    let copy = cli.run("-f", "x.md", "list-copy", "A", "A2")
    #expect(copy.status == .dataError)
    #expect(copy.errors.contains("x.md: list 'A' opens <div> on line 3 without closing it"))
    #expect(cli.run("-f", "x.md", "reset", "-n").output == "nothing to reset\n")
  }

  static let other = """
    ## Release

    - [ ] Tag  @due(2024-03-09)  @id(tg)
    - [ ] Announce  @due(2024-03-10)
    - [ ] Blog  @due(2024-03-20)
    - [x] Build  @due(2024-03-01)  @done(2024-03-02)

    """

  func twoFiles() throws -> CLIHarness {
    let cli = try harness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/docs", withIntermediateDirectories: true)
    try cli.write("docs/release.md", Self.other)
    try cli.write("docs/README.md", "# Docs\n\nNo items here.\n")
    return cli
  }

  @Test func dueIsAnAgendaAcrossFiles() throws {
    let cli = try twoFiles()
    let result = cli.run("due", ".", "--today", "2024-03-07")
    #expect(
      result.output
        == """
        Overdue
          2024-03-01  CHECKLIST.md:rt     Rent  (6 days ago)  every month from done
          2024-03-04  CHECKLIST.md:wp     Water plants  (3 days ago)  every week

        This week
          2024-03-09  docs/release.md:tg  Tag
          2024-03-10  docs/release.md:2   Announce

        Later
          2024-03-20  docs/release.md:3   Blog

        """)
    #expect(result.status == .success)
    let failing = cli.run("due", ".", "--fail-on-overdue")
    #expect(failing.status == .failure)
    #expect(failing.errors == "chk: 3 items are overdue\n")
    let until = cli.run("due", "docs", "--until", "2024-03-10", "--sort", "name")
    #expect(
      until.output
        == "Overdue\n  2024-03-09  docs/release.md:tg  Tag  (1 day ago)\n\nToday\n"
        + "  2024-03-10  docs/release.md:2   Announce\n")
    let byFile = cli.run("due", "docs", ".", "--sort", "file", "--today", "2024-03-01")
    #expect(
      byFile.output.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.map {
        $0.split(separator: " ").dropFirst().first.map(String.init) ?? ""
      } == [
        "CHECKLIST.md:rt", "docs/release.md:tg", "docs/release.md:2", "docs/release.md:3",
        "CHECKLIST.md:wp",
      ])
    #expect(cli.run("due", "missing").status == .noInput)
    #expect(cli.run("due", "--sort", "size").status == .usage)
  }

  @Test func dueJSONHasTheFile() throws {
    let cli = try twoFiles()
    let result = cli.run("due", "docs", "--json", "--today", "2024-03-09")
    let json = try JSONValue.parse(Array(result.output.utf8))
    let items = try #require(json.arrayValue)
    #expect(items.map { $0["file"]?.stringValue } == Array(repeating: "docs/release.md", count: 3))
    #expect(items.map { $0["section"]?.stringValue } == ["today", "this-week", "later"])
    #expect(items.map { $0["name"]?.stringValue } == ["Tag", "Announce", "Blog"])
    #expect(items.first?["list"]?.stringValue == "Release")
  }

  @Test func listInReadsManyFilesAndFiltersAcrossThem() throws {
    let cli = try twoFiles()
    let result = cli.run("list", "--in", ".", "--open", "--sort", "due")
    #expect(
      result.output
        == """
        ==> CHECKLIST.md <==
        Packing  bag
        2  [ ] Charger  ch

        Chores
        5  [ ] Rent          rt  due 2024-03-01  every month from done
        3  [ ] Water plants  wp  due 2024-03-04  every week
        4    [ ] Ferns       fe

        ==> docs/release.md <==
        Release
        1  [ ] Tag       tg  due 2024-03-09
        2  [ ] Announce  due 2024-03-10
        3  [ ] Blog      due 2024-03-20

        """)
    let filtered = cli.run("list", "--in", "CHECKLIST.md", "--in", "docs/release.md", "blog")
    #expect(filtered.output == "==> docs/release.md <==\nRelease\n3  [ ] Blog  due 2024-03-20\n")
    let byList = cli.run("list", "--in", ".", "--list", "Release")
    #expect(byList.output.hasPrefix("==> docs/release.md <==\nRelease\n"))
    #expect(cli.run("list", "--in", ".", "--list", "Nope").status == .usage)
    let json = try JSONValue.parse(Array(cli.run("list", "--in", ".", "--json").output.utf8))
    #expect(
      json.arrayValue?.map { $0["file"]?.stringValue } == ["CHECKLIST.md", "docs/release.md"])
  }

  @Test func listsInCountsEachFile() throws {
    let cli = try twoFiles()
    #expect(
      cli.run("lists", "--in", ".").output
        == """
        ==> CHECKLIST.md <==
        Packing  1 of 2 left  bag
        Chores   3 of 3 left

        ==> docs/release.md <==
        Release  3 of 4 left

        """)
    let json = try JSONValue.parse(Array(cli.run("lists", "--in", "docs", "--json").output.utf8))
    #expect(json.arrayValue?.count == 1)
    #expect(json.arrayValue?.first?["lists"]?.arrayValue?.first?["open"]?.intValue == 3)
  }

  @Test func listSortsByName() throws {
    let cli = try twoFiles()
    let result = cli.run("list", "-f", "docs/release.md", "--sort", "name")
    #expect(
      result.output.components(separatedBy: "\n").dropFirst().map { $0.prefix(15) }
        == ["2  [ ] Announce", "3  [ ] Blog    ", "4  [x] Build   ", "1  [ ] Tag     ", ""])
  }
}

extension RecurrenceCommandTests {
  /// The week that holds the calendar's last day ends with it: an item due 9999-12-31
  /// is due this week on 9999-12-30 (it was filed under "Later").
  @Test func theLastWeekOfTheCalendarIsThisWeek() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] the end  @due(9999-12-31)  @id(e1)\n"])
    let result = cli.run("due", "--today", "9999-12-30")
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("This week\n  9999-12-31"), "\(result.output)")
  }
}
