import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `chk export` as real calendar software takes it: hostile text, UIDs that hold
/// whatever the path's spelling or the number of clones, and files that cannot be given
/// IDs. Read by icalendar, vobject, ics-py and a Radicale server (`ics_check.py`).
@Suite("CLI: chk export, as calendars take it")
struct ExportFeedTests {
  /// The UIDs of a feed, in order.
  static func uids(_ feed: String) -> [String] {
    feed.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
  }

  /// Control characters in names, notes and list names (C0, DEL, C1, NEL, U+2028 and
  /// U+2029) are written as visible symbols or line breaks: every parser reads the feed
  /// without a word, Radicale keeps it whole and gives back exactly what it was given,
  /// and `-v` says which items.
  @Test func controlCharactersNeverReachTheFeed() throws {
    guard let oracle = try ICalendarOracle.forTest("control characters against calendar parsers")
    else { return }
    let hostile = "a\u{0B}b\u{0C}c\u{1B}[31md\u{7F}e\u{85}URL:http://x\u{2028}f\u{2029}g\u{9B}h\ti"
    let file =
      "## List\u{1B}\u{2028}\n\n- [ ] \(hostile)  @due(2024-06-01)  @id(a1)\n"
      + "  \(hostile)\n- [ ] plain  @due(2024-06-01)  @id(b2)\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": file])
    for shape in ["todos", "events"] {
      let result = cli.run("export", "--as", shape, "-o", shape + ".ics", "-v")
      #expect(result.status == .success, "\(result.errors)")
      // The name's 8 and the note's, and the list name's 2 on both items.
      #expect(
        result.errors.contains(
          "chk: CHECKLIST.md:3: 18 control characters written as visible symbols"))
      #expect(
        result.errors.contains(
          "chk: CHECKLIST.md:5: 2 control characters written as visible symbols"))
      let reading = try oracle.read(cli.directory.path + "/" + shape + ".ics", radicale: true)
      #expect(reading.problems.isEmpty, "\(reading.problems)")
      let first = try #require(reading.components.first)
      #expect(first.problems.isEmpty, "\(first.problems)")
      #expect(
        first.summary?.hasPrefix("a\u{240B}b\u{240C}c\u{241B}[31md\u{2421}e\nURL:http://x\nf\ng")
          == true)
      #expect(first.categories == ["List\u{241B}\n"])
    }
  }

  /// Outside git the UID names the file by its absolute path with links, `.`, `..` and
  /// doubled slashes resolved; inside, by its path in the repository, resolved the
  /// same way: every spelling of one file gives the same UIDs.
  @Test(arguments: [false, true])
  func uidsDoNotDependOnHowThePathIsTyped(inRepository: Bool) throws {
    let cli = try CLIHarness()
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: cli.directory.path + "/sub/deeper", withIntermediateDirectories: true)
    if inRepository {
      try manager.createDirectory(
        atPath: cli.directory.path + "/.git", withIntermediateDirectories: true)
    }
    try cli.write("sub/TODO.md", "- [ ] a  @due(2024-06-01)  @id(a1)\n")
    try manager.createSymbolicLink(
      atPath: cli.directory.path + "/link.md", withDestinationPath: "sub/TODO.md")
    let spellings = [
      "sub/TODO.md", "./sub/TODO.md", "sub//TODO.md", "sub/./TODO.md", "sub/deeper/../TODO.md",
      cli.directory.path + "/sub/TODO.md", "sub", "link.md",
    ]
    let uids = spellings.map { Self.uids(cli.run("export", $0).output) }
    #expect(uids.allSatisfy { $0.count == 1 })
    #expect(Set(uids).count == 1, "\(zip(spellings, uids).map { "\($0): \($1)" })")
    if inRepository {
      let hash = String(ContentHash.of(Array("sub/TODO.md".utf8)), radix: 16)
      #expect(
        uids.first?.first == "a1-" + String(repeating: "0", count: 16 - hash.count) + hash + "@chk")
    }
  }

  /// Two clones of one repository (or a copied template) hold the same paths and IDs:
  /// one feed over both holds every item once, under distinct UIDs that stay the same
  /// from run to run; so do items of one name with `--no-assign`, and a repeated ID.
  @Test func noUIDIsInAFeedTwice() throws {
    guard let oracle = try ICalendarOracle.forTest("duplicate UIDs against Radicale") else {
      return
    }
    let cli = try CLIHarness()
    let text = "- [ ] Pay  @due(2024-06-01)  @id(p1)\n- [ ] Twin  @due(2024-06-02)  @id(p1)\n"
    for clone in ["one", "two"] {
      try FileManager.default.createDirectory(
        atPath: cli.directory.path + "/\(clone)/.git", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: cli.directory.path + "/\(clone)/notes", withIntermediateDirectories: true)
      try cli.write("\(clone)/notes/TODO.md", text)
    }
    let result = cli.run("export", "one", "two", "-o", "feed.ics", "-v")
    #expect(result.status == .success)
    let feed = try cli.read("feed.ics")
    #expect(Self.uids(feed).count == 4 && Set(Self.uids(feed)).count == 4)
    #expect(result.errors.contains("chk: two/notes/TODO.md:1: the UID p1-"))
    #expect(cli.run("export", "one", "two").output == feed)
    let reading = try oracle.read(cli.directory.path + "/feed.ics", radicale: true)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.components.allSatisfy { $0.problems.isEmpty })
    try cli.write("same.md", "- [ ] Same  @due(2024-06-01)\n- [ ] Same  @due(2024-06-01)\n")
    let unassigned = Self.uids(cli.run("export", "same.md", "--no-assign").output)
    #expect(unassigned.count == 2 && Set(unassigned).count == 2)
  }

  /// A file whose items cannot be given IDs (another edit holds its lock) still goes
  /// into the feed, with the UIDs `--no-assign` gives, and the run says so; the other
  /// files get their IDs.
  @Test func aFileThatCannotBeGivenIDsIsStillExported() throws {
    var cli = try CLIHarness(files: [
      "a.md": "- [ ] A  @due(2024-06-01)\n", "b.md": "- [ ] B  @due(2024-06-01)\n",
    ])
    cli.variables["CHK_LOCK_TIMEOUT"] = "0"
    let lock = open(cli.directory.path + "/.a.md.chk-lock", O_RDWR | O_CREAT, 0o644)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    let result = cli.run("export", "a.md", "b.md")
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      result.errors.contains(
        "its item without an ID gets a UID that changes when it is renamed (as with --no-assign)"))
    #expect(Self.uids(result.output).count == 2)
    #expect(Self.uids(result.output).first?.hasPrefix("unstable-") == true)
    #expect(try cli.read("a.md") == "- [ ] A  @due(2024-06-01)\n")
    #expect(try cli.read("b.md").contains("@id("))
  }

  /// A series whose due day is not a day of its rule lists that day as an RDATE, so
  /// that every reader shows the item on it; a done item among events says so in its
  /// title; a to-do has no DTSTART and its alarm is related to DUE.
  @Test func seriesEventsAndAlarmsAsRFC5545Says() throws {
    guard let oracle = try ICalendarOracle.forTest("series against calendar parsers") else {
      return
    }
    let cli = try CLIHarness(files: [
      "CHECKLIST.md": """
      - [ ] Standup  @due(2026-12-09 09:30)  @every(monday)  @remind(30 minutes before)  @id(s1)
      - [ ] Gym  @due(2026-12-12)  @every(weekday)  @id(g1)
      - [ ] Rent  @due(2026-12-05)  @every(month)  @id(r1)
      - [x] Dentist  @due(2026-11-28)  @done(2026-11-30)  @id(d1)

      """
    ])
    for shape in ["todos", "events"] {
      #expect(cli.run("export", "--as", shape, "--include-done", "-o", "f.ics").status == .success)
      let reading = try oracle.read(cli.directory.path + "/f.ics", years: 1)
      #expect(reading.problems.isEmpty, "\(reading.problems)")
      #expect(reading.components.allSatisfy { $0.problems.isEmpty })
      let components = Dictionary(
        reading.components.map { (String($0.uid.prefix(2)), $0) }, uniquingKeysWith: { a, _ in a })
      #expect(components["s1"]?.occurrences.prefix(2) == ["2026-12-09T09:30", "2026-12-14T09:30"])
      #expect(components["g1"]?.occurrences.prefix(2) == ["2026-12-12", "2026-12-14"])
      #expect(components["s1"]?.rdates == ["2026-12-09T09:30"])
      #expect(components["r1"]?.rdates == [])
      #expect(components["s1"]?.alarms == ["2026-12-09T09:00"])
      if shape == "todos" {
        #expect(reading.components.allSatisfy { $0.dtstart == nil })
        #expect(try cli.read("f.ics").contains("TRIGGER;RELATED=END:-PT30M\r\n"))
        #expect(components["d1"]?.summary == "Dentist")
      } else {
        #expect(components["d1"]?.summary == "✓ Dentist")
        #expect(components["s1"]?.summary == "Standup")
      }
    }
  }
  /// The calendar's name comes from the working directory's name: bytes that are not
  /// UTF-8 are shown as `\xFE`, not as the private-use characters chk keeps them in.
  @Test func aDirectoryNameThatIsNotUTF8NamesTheCalendarVisibly() throws {
    let cli = try CLIHarness()
    let raw = SystemPath.string(Array(cli.directory.path.utf8) + Array("/n".utf8) + [0xFE])
    #expect(SystemPath.with(raw) { mkdir($0, 0o755) } == 0)
    let file = raw + "/CHECKLIST.md"
    let descriptor = SystemPath.with(file) { open($0, O_WRONLY | O_CREAT, 0o644) }
    let text = Array("- [ ] A  @due(2024-06-01)  @id(a1)\n".utf8)
    #expect(write(descriptor, text, text.count) == text.count)
    close(descriptor)
    var environment = cli.environment
    environment.currentDirectory = raw
    let output = ByteOutput()
    let status = ChkTool.run(
      ["export"], environment: environment, output: output, errors: ByteOutput())
    #expect(status == .success)
    // `\xFE`, its backslash escaped as TEXT escapes one.
    #expect(output.text.contains("X-WR-CALNAME:chk: n\\\\xFE\r\n"), "\(output.text.prefix(300))")
    #expect(!output.text.unicodeScalars.contains { $0.value >= 0x10_FF80 })
  }
}
