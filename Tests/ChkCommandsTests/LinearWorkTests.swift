import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// Every command's work grows linearly with the file: each runs at two sizes, n and 4n
/// items, and the work it does is counted (lines visited by whole-document walks,
/// splices, bytes moved; see `WorkLog`), never timed. Each command once had, or could
/// have had, a walk per item: numbering rows, collecting IDs per tag-in-name finding,
/// one move per archived item.
@Suite("Linear work")
struct LinearWorkTests {
  /// A checklist of `items` items in 10 lists: a third checked, a quarter sub-items,
  /// IDs on most; with `collapsed`, every tag after one space (what another formatter
  /// leaves), so that tag-in-name finds them all.
  static func checklist(_ items: Int, collapsed: Bool = false) -> String {
    var text = ""
    let gap = collapsed ? " " : "  "
    for number in 0..<items {
      if number % (items / 10) == 0 { text += "\n## List \(number / (items / 10))\n\n" }
      let nested = number % 4 == 3
      let checked = number % 3 == 0
      text += (nested ? "  - [" : "- [") + (checked ? "x] " : " ] ") + "item \(number)"
      if checked { text += gap + "@done(2024-01-02)" }
      // Item 7 comes back every week (check adds its next occurrence).
      if number == 7 { text += gap + "@due(2024-01-08)" + gap + "@every(week)" }
      // Every tenth, a due time (what export and remind read); some of them without ID.
      if number % 10 == 5 { text += gap + "@due(2024-01-08 09:00)" }
      if number % 5 != 0 { text += gap + "@id(i\(number))" }
      text += "\n"
    }
    return text
  }

  /// Runs one command line on a file of `items` items and returns the work counted.
  static func work(_ items: Int, collapsed: Bool = false, _ arguments: [String]) throws -> WorkLog {
    var cli = try CLIHarness(files: ["CHECKLIST.md": checklist(items, collapsed: collapsed)])
    let log = WorkLog()
    cli.variables["CHK_SEED"] = "7"
    try cli.write(
      "other.md",
      checklist(items, collapsed: collapsed).replacingOccurrences(
        of: "item 1\n", with: "item one\n"))
    // Undo needs an edit to undo, made before the counting starts.
    if arguments == ["undo"] { cli.run("check", "i7") }
    let output = ByteOutput()
    let errors = ByteOutput()
    var environment = cli.environment
    environment.workLog = log
    let status = ChkTool.run(arguments, environment: environment, output: output, errors: errors)
    // Each command did its work (lint reports findings with 1).
    #expect(
      status == .success || (arguments[0] == "lint" && status == .failure),
      "\(arguments): \(errors.text)")
    return log
  }

  static let commands: [(String, [String], Bool)] = [
    ("list", ["list"], false), ("list --json", ["list", "--json"], false),
    ("lists", ["lists"], false), ("lint", ["lint"], false),
    ("lint, collapsed tags", ["lint"], true),
    ("lint --fix, collapsed tags", ["lint", "--fix"], true),
    ("lint --fix", ["lint", "--fix", "--enable", "missing-id"], false),
    ("fmt", ["fmt"], false), ("fmt -w", ["fmt", "-w"], true),
    ("check", ["check", "i7"], false), ("check by text", ["check", "/item 995"], false),
    ("add", ["add", "new"], false), ("add under", ["add", "new", "--under", "i7"], false),
    ("mv", ["mv", "i7", "--list", "List 9", "--top"], false),
    ("mv to another file", ["mv", "i7", "--list", "other.md:List 9"], false),
    ("rm", ["rm", "i7"], false), ("archive", ["archive"], false),
    ("undo", ["undo"], false), ("list-rm", ["list-rm", "List 3", "--force"], false),
    ("merge-driver", ["merge-driver", "CHECKLIST.md", "CHECKLIST.md", "other.md"], false),
    ("reset", ["reset"], false), ("reset --list", ["reset", "--list", "List 3"], false),
    ("list-copy", ["list-copy", "List 3", "Copy"], false),
    ("list-copy --from", ["list-copy", "List 3", "Copy", "--from", "other.md"], false),
    ("check, recurring", ["check", "i7", "other.md:i7"], false),
    ("list --in", ["list", "--in", ".", "--sort", "name"], false),
    ("lists --in", ["lists", "--in", "."], false), ("due", ["due", "."], false),
    ("export", ["export", "."], false),
    ("export, giving IDs", ["export", "--include-done"], false),
    ("remind", ["remind", ".", "--now", "2024-01-08 09:00"], false),
  ]

  @Test(arguments: commands)
  func workGrowsLinearly(_ name: String, _ arguments: [String], _ collapsed: Bool) throws {
    let small = try Self.work(1_000, collapsed: collapsed, arguments)
    let large = try Self.work(4_000, collapsed: collapsed, arguments)
    for counter in ["linesVisited", "bytesMoved"] {
      // 4x the items: at most 5x the work (a whole-document walk per item would be 16x).
      #expect(
        large[counter] <= 5 * max(small[counter], 1),
        "\(name): \(counter) \(small[counter]) at 1,000 items, \(large[counter]) at 4,000")
    }
    // A fixed number of splices and of ID collections per command, whatever the size.
    for counter in ["splices", "existingIDs", "itemNumbers", "listsBuilt"] {
      #expect(
        large[counter] <= max(small[counter], 4),
        "\(name): \(counter) \(small[counter]) at 1,000 items, \(large[counter]) at 4,000")
    }
  }
}

extension LinearWorkTests {
  /// Commands that change or count one item or list read only headings and the items
  /// they touch: building every item value (names decoded, tags parsed) for a file of a
  /// million items took seconds where the edit itself takes a fraction of that.
  @Test(arguments: [
    ["check", "i7"], ["add", "new"], ["add", "new", "--under", "i7"],
    ["mv", "i7", "--list", "List 9", "--top"], ["rm", "i7"], ["lists"],
    ["list-rm", "List 3", "--force"],
  ])
  func oneItemCommandsBuildNoItemModel(_ arguments: [String]) throws {
    let log = try Self.work(1_000, arguments)
    #expect(log["listsBuilt"] == 0, "\(arguments) built every list")
  }
}

extension LinearWorkTests {
  /// An ITEM full of colons: only the colons within the longest path a file can have
  /// are tried as `FILE:ITEM` (it once tried every one, 7 s at 100 KB).
  @Test func anOperandFullOfColonsCostsBoundedLookups() throws {
    var lookups: [Int] = []
    for count in [1_000, 100_000] {
      let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @id(a1)\n"])
      let log = WorkLog()
      var environment = cli.environment
      environment.workLog = log
      let errors = ByteOutput()
      let status = ChkTool.run(
        ["check", String(repeating: "x:", count: count)], environment: environment,
        output: ByteOutput(), errors: errors)
      #expect(status == .usage, "\(errors.text.prefix(200))")
      lookups.append(log["file lookups"])
    }
    #expect(lookups[0] == 1_000)
    #expect(lookups[1] <= SystemPath.maximumLength / 2 + 1)
  }
}
