import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands

/// Due times and reminders from the command line: `--due` with a time, `--remind`,
/// `.chk.json`'s reminders, the JSON fields and `chk due`'s order.
@Suite("CLI: due times and reminders")
struct DueTimeCommandTests {
  static let file = """
    ## Work

    - [ ] Report  @due(2024-03-12)  @id(r1)
    - [ ] Call Anna  @due(2024-03-12T16:00)  @remind(30 minutes before)  @id(c1)
    - [ ] Stand-up  @due(2024-03-12 09:15)  @id(s1)
    - [ ] Lunch  @due(2024-03-11 12:00)  @remind(off)  @id(l1)

    """

  /// `--due` takes a DATE and a time; `--remind` a reminder; both are written in
  /// canonical form, and bad values are data errors that change nothing. The harness's
  /// today is Sunday 2024-03-10.
  @Test func addAndEditWriteTimesAndReminders() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "## Work\n"])
    let id = CLIHarness.seededIDs(1)[0]
    #expect(
      cli.run("add", "Dentist", "--due", "fri 14:30", "--remind", "1 DAY before").status == .success
    )
    #expect(
      try cli.read("CHECKLIST.md")
        == "## Work\n\n- [ ] Dentist  @due(2024-03-15 14:30)  @remind(1 day before)  @id(\(id))\n")
    cli.run("edit", id, "--due", "2024-03-16T08:05", "--remind", "60 minutes before")
    #expect(try cli.read("CHECKLIST.md").contains("@due(2024-03-16 08:05)  @remind(1 hour before)"))
    cli.run("edit", id, "--due", "tomorrow", "--no-remind")
    #expect(try cli.read("CHECKLIST.md").contains("- [ ] Dentist  @due(2024-03-11)  @id(\(id))\n"))
    let before = try cli.read("CHECKLIST.md")
    let badTime = cli.run("edit", id, "--due", "fri 25:00")
    #expect(badTime.status == .dataError)
    #expect(badTime.errors.contains("'fri 25:00' is not a day, or a day and a time"))
    let badReminder = cli.run("edit", id, "--remind", "soonish")
    #expect(badReminder.status == .dataError)
    #expect(badReminder.errors.contains("'soonish' is not a reminder"))
    #expect(cli.run("edit", id, "--remind", "off", "--no-remind").status == .usage)
    #expect(try cli.read("CHECKLIST.md") == before)
  }

  /// `due` keeps the tag's text, `dueTime` its time, `remindAt` when it is reminded:
  /// by default at the due time or 09:00, and as `.chk.json`'s `reminders` say.
  @Test func jsonGivesTheTimeAndWhenItIsReminded() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    func fields(_ result: CLIHarness.Result) throws -> [[String?]] {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
      let lists = try #require(object["lists"] as? [[String: Any]])
      let items = try #require(lists.first?["items"] as? [[String: Any]])
      return items.map { item in
        ["due", "dueTime", "remindAt"].map { item[$0] as? String }
      }
    }
    #expect(
      try fields(cli.run("list", "--json")) == [
        ["2024-03-12", nil, "2024-03-12T09:00"],
        ["2024-03-12T16:00", "16:00", "2024-03-12T15:30"],
        ["2024-03-12 09:15", "09:15", "2024-03-12T09:15"],
        ["2024-03-11 12:00", "12:00", nil],
      ])
    try cli.write(".chk.json", #"{"reminders": {"time": "08:00"}}"#)
    #expect(try fields(cli.run("list", "--json"))[0] == ["2024-03-12", nil, "2024-03-12T08:00"])
    try cli.write(".chk.json", #"{"reminders": {"enabled": false}}"#)
    #expect(
      try fields(cli.run("list", "--json")).map { $0[2] } == [nil, "2024-03-12T15:30", nil, nil])
    // chk due --json has the same three fields.
    let due = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("due", "--json").output.utf8))
        as? [[String: Any]])
    #expect(due.map { $0["remindAt"] as? String } == [nil, nil, nil, "2024-03-12T15:30"])
    // A reminders value chk cannot read is a usage error that names the file.
    try cli.write(".chk.json", #"{"reminders": {"time": "8am"}}"#)
    let broken = cli.run("lint")
    #expect(broken.status == .usage)
    #expect(broken.errors.contains("the reminders' time '8am' is not HH:MM"))
  }

  /// `chk due` shows times in a column of their own and sorts a day's items by time,
  /// the day alone first.
  @Test func dueShowsAndSortsByTime() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    let output = cli.run("due").output
    #expect(
      output == """
        Later
          2024-03-11 12:00  CHECKLIST.md:l1  Lunch
          2024-03-12        CHECKLIST.md:r1  Report
          2024-03-12 09:15  CHECKLIST.md:s1  Stand-up
          2024-03-12 16:00  CHECKLIST.md:c1  Call Anna

        """)
    #expect(cli.run("list").output.contains("due 2024-03-12 09:15"))
  }
}
