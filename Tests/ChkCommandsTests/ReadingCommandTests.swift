import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("CLI: list, lists and choosing the file")
struct ReadingCommandTests {
  static let household =
    (try? String(
      contentsOf: TestSupport.samplesDirectory.appendingPathComponent("household.md"),
      encoding: .utf8)) ?? ""

  @Test func listShowsItemsGroupedByList() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.household])
    let result = cli.run("list")
    #expect(result.status == .success)
    #expect(result.errors.isEmpty)
    #expect(
      result.output == """
        Groceries  🛒
        1  [ ] Milk         k3f9
        2  [x] Eggs         p0qz  done 2024-01-02  # free-range only
        3  [ ] Bread        m2xa
        4    [ ] Sourdough  t8vn
        5    [x] Rye        r4we  done 2024-01-03

        Chores
        6  [ ] Fix the C# build (see https://x.org/#frag)  d9c1  due 2024-02-01
        7  [ ] Ticket #12 follow-up

        """)
  }

  @Test func bareChkLists() throws {
    let cli = try CLIHarness(files: ["TODO.md": Self.household])
    #expect(cli.run().output == cli.run("list").output)
  }

  @Test func filtersCombine() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.household])
    #expect(cli.run("list", "--done").output.contains("2  [x] Eggs"))
    #expect(!cli.run("list", "--done").output.contains("Milk"))
    let open = cli.run("list", "--open", "--list", "groceries").output
    #expect(open.contains("Milk") && open.contains("Sourdough") && !open.contains("Chores"))
    #expect(cli.run("list", "--due-before", "2024-03-01").output.contains("6  [ ] Fix the C#"))
    #expect(cli.run("list", "--due-before", "2024-01-01").output.isEmpty)
    #expect(cli.run("list", "--tag", "@done").output.contains("Rye"))
    #expect(cli.run("list", "--tag", "done").output.contains("Eggs"))
    let words = cli.run("list", "fix", "build").output
    #expect(words.contains("Fix the C# build") && !words.contains("Milk"))
    #expect(cli.run("list", "free-range").output.contains("Eggs"))
  }

  @Test func colourOnlyWhenAsked() throws {
    var cli = try CLIHarness(files: ["CHECKLIST.md": Self.household])
    #expect(!cli.run("list").output.contains("\u{1B}["))
    #expect(cli.run("list", "--color", "always").output.contains("\u{1B}[32m[x]\u{1B}[0m"))
    #expect(!cli.run("list", "--color=never").output.contains("\u{1B}["))
    // On a terminal: colour by default, none with NO_COLOR.
    cli.outputIsTerminal = true
    #expect(cli.run("list").output.contains("\u{1B}[32m[x]\u{1B}[0m"))
    cli.variables["NO_COLOR"] = "1"
    #expect(!cli.run("list").output.contains("\u{1B}["))
    cli.outputIsTerminal = false
    let bad = cli.run("list", "--color", "sometimes")
    #expect(bad.status == .usage)
    #expect(bad.errors == "chk: --color takes auto, always or never, not 'sometimes'\n")
  }

  @Test func overdueDatesAreRed() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @due(2024-03-09)  @id(a1)\n"])
    #expect(cli.run("list", "--color", "always").output.contains("\u{1B}[31mdue 2024-03-09"))
  }

  @Test func listsShowsCounts() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.household])
    #expect(
      cli.run("lists").output == """
        Household lists
        Groceries        3 of 5 left  🛒
        Chores           2 of 2 left

        """)
    // An icon the table does not know shows its name.
    try cli.write("CHECKLIST.md", "## A  @icon(tag.slash)\n- [ ] a\n## B  @icon(🧺)\n- [ ] b\n")
    #expect(cli.run("lists").output == "A  1 of 1 left  tag.slash\nB  1 of 1 left  🧺\n")
    try cli.write("CHECKLIST.md", "- [x] a\n## B\n- [x] b\n")
    #expect(cli.run("lists").output == "(no heading)  all done\nB             all done\n")
    // An empty list is one still: a heading with no items and no deeper one after it.
    try cli.write("CHECKLIST.md", "# T\n## A\n## B\n- [ ] b\n## C\n# U\n")
    #expect(
      cli.run("lists").output == "T\nA  no items\nB  1 of 1 left\nC  no items\nU  no items\n")
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let cli = try CLIHarness(files: ["TODO.md": Self.household])
    let result = cli.run("list", "--json")
    #expect(result.status == .success)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(json["file"] as? String == "TODO.md")
    let lists = try #require(json["lists"] as? [[String: Any]])
    #expect(lists.count == 3)
    #expect(lists[1]["name"] as? String == "Groceries")
    #expect(lists[1]["id"] as? String == "g7h2")
    #expect(lists[1]["icon"] as? String == "cart")
    #expect(lists[1]["line"] as? Int == 9)
    #expect(lists[1]["open"] as? Int == 3)
    #expect(lists[1]["done"] as? Int == 2)
    let items = try #require(lists[1]["items"] as? [[String: Any]])
    #expect(items.count == 3)
    let milk = items[0]
    #expect(milk["number"] as? Int == 1)
    #expect(milk["id"] as? String == "k3f9")
    #expect(milk["name"] as? String == "Milk")
    #expect(milk["checked"] as? Bool == false)
    #expect(milk["done"] is NSNull)
    #expect(milk["due"] is NSNull)
    #expect(milk["note"] is NSNull)
    #expect(milk["line"] as? Int == 11)
    let tags = try #require(milk["tags"] as? [[String: Any]])
    #expect(
      tags.count == 1 && tags[0]["key"] as? String == "id" && tags[0]["value"] as? String == "k3f9")
    #expect((items[2]["children"] as? [[String: Any]])?.count == 2)
    #expect((items[1]["note"] as? String) == "free-range only")
    #expect(cli.run("lists", "--json").output == result.output)
  }

  @Test func jsonNamesTheUnnamedListNull() throws {
    let cli = try CLIHarness(files: ["TODO.md": "- [ ] a \"q\" \\ \t\n"])
    let output = cli.run("list", "--json").output
    #expect(output.contains(#""name":null"#))
    #expect(output.contains(#""name":"a \"q\" \\""#))
    #expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil)
  }

  @Test func fileIsChosenByOptionThenEnvironmentThenDefaultNames() throws {
    var cli = try CLIHarness(files: [
      "a.md": "- [ ] from a\n", "b.md": "- [ ] from b\n", "todo.md": "- [ ] from todo\n",
    ])
    #expect(cli.run("list").output.contains("from todo"))
    try cli.write("TODO.md", "- [ ] from TODO\n")
    #expect(cli.run("list").output.contains("from TODO"))
    try cli.write("CHECKLIST.md", "- [ ] from CHECKLIST\n")
    #expect(cli.run("list").output.contains("from CHECKLIST"))
    cli.variables["CHK_FILE"] = "b.md"
    #expect(cli.run("list").output.contains("from b"))
    #expect(cli.run("list", "-f", "a.md").output.contains("from a"))
    #expect(cli.run("-f", "a.md", "list").output.contains("from a"))
    #expect(cli.run("--file=a.md", "list").output.contains("from a"))
  }

  @Test func noFileSaysHowToPickOne() throws {
    let cli = try CLIHarness()
    let result = cli.run("list")
    #expect(result.status == .noInput)
    #expect(
      result.errors
        == "chk: no checklist file here; name one with --file PATH or $CHK_FILE, or create "
        + "CHECKLIST.md with 'chk init'\n")
  }

  @Test func versionAndHelp() throws {
    let cli = try CLIHarness()
    // A test build records no commit; a release build names it (chkTests checks one).
    #expect(cli.run("--version").output == "chk \(ChkTool.version) (built from source)\n")
    #expect(cli.run("version").output == "chk \(ChkTool.version) (built from source)\n")
    let help = cli.run("help")
    #expect(help.status == .success)
    for command in Command.all { #expect(help.output.contains("  " + command.name + " ")) }
    #expect(cli.run("--help").output == help.output)
    let checkHelp = cli.run("help", "check")
    #expect(
      checkHelp.output.hasPrefix(
        "usage: chk check ITEM... [--date DATE | --no-date] [--no-repeat]\n"))
    #expect(checkHelp.output.contains("--no-date"))
    #expect(cli.run("check", "--help").output == checkHelp.output)
    let unknown = cli.run("help", "frobnicate")
    #expect(unknown.status == .usage)
    #expect(unknown.errors.contains("unknown command 'frobnicate'"))
  }

  @Test func unknownCommandsAndOptions() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a\n"])
    let command = cli.run("frobnicate")
    #expect(command.status == .usage)
    #expect(
      command.errors
        == "chk: unknown command 'frobnicate'; run 'chk help' for the list of commands\n")
    let option = cli.run("--frob")
    #expect(option.status == .usage)
    #expect(
      option.errors == "chk: unknown option '--frob'; did you mean '--from'?; see 'chk help'\n")
    #expect(cli.run("list", "--frob").status == .usage)
  }
}

/// `chk list` without filters prints from the outline, list by list; with them, from the
/// tree of items. Both must print the same bytes for every file of the real-world corpus
/// and the samples, in colour and without.
@Suite("CLI: list from the outline")
struct ListFromOutlineTests {
  /// The real-world corpus, the samples, and documents made for the corners: every
  /// field, the first of two tags deciding, nesting past `maximumItemNesting`.
  static let files: [[UInt8]] = {
    var files = Corpus.files.map(\.bytes)
    for name in ["household.md", "trip.md"] {
      if let data = try? Data(
        contentsOf: TestSupport.samplesDirectory.appendingPathComponent(name))
      {
        files.append(Array(data))
      }
    }
    // Nesting, checked and open items, every field, an unnamed list and an empty one.
    files.append(
      Array(
        """
        - [ ] Before  @id(b1)  @due(2020-01-01)  # a note
        ## Empty
        ## Full  @icon(cart)
        - [x] A  @done(2024-01-02)  @every(week)
          - [ ] B
            1. [ ] C  @due(2099-01-01 10:00)
        - [ ] \u{7} bell
        - [x] Twice  @id  @id(t2)  @done(soon)  @done(2024-02-03)  @due(x)  @due(2024-05-06)
        - [ ] Every  @every  @every(day)  @id(e\\(1\\))

        """.utf8))
    let deep = (0..<300).map { String(repeating: "  ", count: $0) + "- [ ] level \($0)\n" }
    files.append(Array(("## Deep\n" + deep.joined() + "- [x] after\n").utf8))
    return files
  }()

  /// The files parsed, with the lists as the tree printer and `render` take them.
  static let documents: [(document: ChecklistDocument, lists: [FilteredList])] =
    files.compactMap { bytes in
      guard let document = try? ChecklistDocument(parsing: bytes) else { return nil }
      return (document, document.lists.map { FilteredList(list: $0, items: $0.items) })
    }

  @Test(arguments: [false, true])
  func theOutlineAndTheTreePrintTheSame(_ colour: Bool) throws {
    var compared = 0
    for (document, lists) in Self.documents where document.hasItems {
      let today = CalendarDay("2026-12-01") ?? .today()
      let printer = ListPrinter(
        style: Style(isEnabled: colour), numbers: document.itemNumbers(), today: today)
      let tree = ByteOutput(isTerminal: colour)
      printer.print(lists, to: tree, showEmpty: false)
      // Whole, and in runs of a few items printed two at a time on two threads.
      for chunk in [1 << 14, 1, 3] {
        let outline = ByteOutput(isTerminal: colour)
        printer.printAll(document, to: outline, chunk: chunk)
        #expect(outline.bytes == tree.bytes, "runs of \(chunk)")
      }
      compared += 1
    }
    #expect(compared > 300)
  }

  /// `chk list --json` without filters (and `chk lists --json`) streams from the outline;
  /// the bytes are those of the JSON made from the tree of items, nesting capped the same.
  @Test func theStreamedJSONIsTheTreesJSON() throws {
    var compared = 0
    for (document, lists) in Self.documents {
      let numbers = document.itemNumbers()
      let reminders = ReminderDefaults()
      let tree = DocumentJSON.render(
        file: "a.md", lists: lists, numbers: numbers, reminders: reminders)
      // Whole, and in runs of a few items written two at a time on two threads.
      for chunk in [1 << 14, 1, 3] {
        let output = ByteOutput(isTerminal: false)
        DocumentJSON.stream(
          document, file: "a.md", reminders: reminders, to: output, chunk: chunk)
        #expect(output.bytes == tree + [UInt8(ascii: "\n")], "runs of \(chunk)")
      }
      compared += 1
    }
    #expect(compared > 300)
  }

  /// An item's printed fields, made from its line, are the ones of its value, on every
  /// item of every file.
  @Test func fieldsFromLinesAreFieldsOfValues() throws {
    var compared = 0
    for (document, _) in Self.documents {
      for row in document.outline where row.kind == .item {
        let value = try #require(document.itemFields(atLine: row.line))
        var buffer: [UInt8] = []
        let fields = try #require(document.appendItemLine(atLine: row.line, to: &buffer))
        func text(_ range: Range<Int>?) -> String? {
          range.map { String(decoding: buffer[$0], as: UTF8.self) }
        }
        #expect(text(fields.name) == value.name && fields.isChecked == value.isChecked)
        #expect(text(fields.id) == value.id && text(fields.note) == value.note)
        #expect(text(fields.every) == value.tagValue(.every))
        #expect(fields.due == value.due && fields.done == value.doneDate)
        compared += 1
      }
    }
    #expect(compared > 3_000)
    var buffer: [UInt8] = []
    #expect(ChecklistDocument.empty.appendItemLine(atLine: 1, to: &buffer) == nil)
  }
}

extension ListFromOutlineTests {
  /// `chk list --in DIR` without filters prints each file with items as `chk list` does,
  /// under its `==> FILE <==` heading, in the order of the walk, a blank line between
  /// two, and leaves out files without items.
  @Test func listInADirectoryIsEachFilesListUnderItsName() throws {
    let files = [
      "a.md": ReadingCommandTests.household, "b.md": "# Only a title\n\nSome text.\n",
      "c.md": "## Later\n\n- [ ] Paint  @id(p1)\n  - [x] Buy paint  @done(2024-01-02)\n",
    ]
    let cli = try CLIHarness(files: files)
    let whole = cli.run("list", "--in", ".")
    #expect(whole.status == .success)
    // A blank line between files.
    let expected = ["a.md", "c.md"].map { name in
      "==> \(name) <==\n" + cli.run("list", "--file", name).output
    }.joined(separator: "\n")
    #expect(whole.output == expected)
  }

  /// `--list` names a list by its name, or by the `@id` of its heading: only that list
  /// is shown.
  @Test func aListIsNamedByTheIDOfItsHeading() throws {
    let cli = try CLIHarness(files: [
      "CHECKLIST.md": "## Groceries  @id(groc)\n\n- [ ] milk\n\n## Work  @id(work)\n\n- [ ] mail\n"
    ])
    let groceries = cli.run("list", "--list", "groc").output
    #expect(groceries.contains("milk") && !groceries.contains("mail"), "\(groceries)")
    let work = cli.run("list", "--list", "work", "--open").output
    #expect(work.contains("mail") && !work.contains("milk"), "\(work)")
  }

  /// An ITEM of digits is a number; digits and anything else (a colon) are an ID.
  @Test func digitsAndAColonAreNoNumber() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a\n"])
    let result = cli.run("check", "9:")
    #expect(result.status == .usage)
    #expect(result.errors.contains("no item with ID '9:'"), "\(result.errors)")
    #expect(cli.run("check", "9").errors.contains("no item number 9"))
  }
}
