import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `chk export --format ics`, read back by an independent implementation: the PyPI
/// packages `icalendar` and `recurring-ical-events` (`Tests/Helpers/ics_check.py`).
@Suite("CLI: chk export, read by icalendar")
struct ExportCommandTests {
  static let forms = [
    "day", "2 days", "week", "2 weeks", "3 weeks", "month", "2 months", "3 months", "year",
    "2 years", "weekday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    "sunday", "week from done", "month from done",
  ]

  /// 2,000 items with every `@every` form, due on random days (month ends, Feb 29 and
  /// weekends often), with and without times: the occurrences recurring-ical-events
  /// expands from each RRULE over two years are the due days chk's own recurrence gives
  /// when the item is checked on its due day again and again. Where RFC 5545 cannot say
  /// what chk does (from done; monthly or yearly from the 29th to the 31st) there is no
  /// RRULE, and the one occurrence is the due day.
  @Test func recurrencesExpandAsChkRepeatsThem() throws {
    guard let oracle = try ICalendarOracle.forTest("recurrences against recurring-ical-events")
    else { return }
    var random = TestRandom(seed: 26)
    var lines = ["## Series", ""]
    var items: [(id: String, due: DueMoment, recurrence: Recurrence)] = []
    for index in 0..<2_000 {
      let form = random.pick(Self.forms)
      let year = random.int(2024...2026)
      let month = random.int(1...12)
      let last = CalendarDay(year: year, month: month, day: 1)?.endOfMonth.day ?? 28
      // Month ends, the 28th and Feb 29 half the time.
      let day =
        random.int(0...1) == 0 ? random.int(max(1, last - 3)...last) : random.int(1...last)
      guard let date = CalendarDay(year: year, month: month, day: day),
        let recurrence = Recurrence(form)
      else { continue }
      let time =
        random.int(0...2) == 0
        ? nil : ClockTime(hour: random.int(0...23), minute: random.int(0...59))
      let due = DueMoment(day: date, time: time)
      let id = "r\(index)"
      items.append((id, due, recurrence))
      lines.append("- [ ] item \(index)  @due(\(due))  @every(\(form))  @id(\(id))")
    }
    let cli = try CLIHarness(files: ["CHECKLIST.md": lines.joined(separator: "\n") + "\n"])
    #expect(cli.run("export", "-o", "feed.ics", "-q").status == .success)
    let reading = try oracle.read(cli.directory.path + "/feed.ics", years: 2)
    #expect(reading.problems.isEmpty, "\(reading.problems.prefix(5))")
    let byID = Dictionary(
      reading.components.map { (String($0.uid.prefix { $0 != "-" }), $0) },
      uniquingKeysWith: { first, _ in first })
    #expect(byID.count == items.count)
    var mismatches: [String] = []
    for (id, due, recurrence) in items {
      guard let component = byID[id] else {
        mismatches.append("\(id): missing")
        continue
      }
      if !component.problems.isEmpty { mismatches.append("\(id): \(component.problems)") }
      let end = due.day.adding(months: 24) ?? due.day
      var expected: [String] = []
      let hasRule = CalendarFeed.rule(recurrence, due: due) != nil
      var current: CalendarDay? = due.day
      while let day = current, day < end {
        expected.append(DueMoment(day: day, time: due.time).isoText)
        guard hasRule else { break }
        current = recurrence.next(due: day, done: day)
      }
      if component.occurrences != expected {
        mismatches.append(
          "\(id) @due(\(due)) @every(\(recurrence)): chk \(expected.prefix(4))..., "
            + "recurring-ical-events \(component.occurrences.prefix(4))... (\(component.rrule ?? "no RRULE"))"
        )
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(5))")
  }

  /// Every component validates; alarms fire when chk says the item is reminded; names
  /// and notes of emoji, CJK, commas, semicolons and backslashes come back exactly.
  @Test func componentsValidateAndTextRoundTrips() throws {
    guard let oracle = try ICalendarOracle.forTest("feed validation against icalendar") else {
      return
    }
    let long = String(repeating: "👩‍👩‍👧‍👦", count: 100) + String(repeating: "日本語", count: 100)
    let name = "Call Anna; re: budget, Q3 \\ today" + long
    let note = "bring the \\\\ report, the; list"
    let file = """
      ## Work, Q3; misc

      - [ ] Report  @due(2024-06-01)  @id(b2)
      - [ ] Late  @due(2024-06-01 00:10)  @remind(1 day before)  @id(c3)
      - [ ] Silent  @due(2024-06-02)  @remind(off)  @id(d4)
      - [x] Done  @due(2024-05-01)  @done(2024-05-02)  @id(e5)
      - [ ] No due  @id(f6)

      """
    let cli = try CLIHarness(files: ["CHECKLIST.md": file])
    // The name is taken literally, escaped in the file as needed.
    let added = cli.run(
      "add", name, "--top", "--due", "2024-06-01T09:30", "--remind", "30 minutes before", "--note",
      note)
    #expect(added.status == .success, "\(added.errors)")
    for shape in ["todos", "events"] {
      #expect(
        cli.run("export", "--as", shape, "--include-done", "-o", shape + ".ics", "-q").status
          == .success)
      let reading = try oracle.read(cli.directory.path + "/" + shape + ".ics")
      #expect(reading.problems.isEmpty, "\(reading.problems)")
      let components = reading.components
      #expect(components.count == 5)
      #expect(components.allSatisfy { $0.problems.isEmpty }, "\(components.map(\.problems))")
      #expect(components.allSatisfy { $0.kind == (shape == "todos" ? "VTODO" : "VEVENT") })
      let first = try #require(components.first)
      #expect(first.summary == name)
      #expect(first.description == note)
      #expect(first.categories == ["Work, Q3; misc"])
      #expect(
        components.map(\.alarms) == [
          ["2024-06-01T09:00"], ["2024-06-01T09:00"], ["2024-05-31T00:10"], [], [],
        ])
      if shape == "todos" {
        #expect(
          components.map { $0.status ?? "" } == [
            "NEEDS-ACTION", "NEEDS-ACTION", "NEEDS-ACTION", "NEEDS-ACTION", "COMPLETED",
          ])
        #expect(components.last?.completed == Self.utcOfLocalNoon(year: 2024, month: 5, day: 2))
        #expect(first.due == "2024-06-01T09:30" && first.dtstart == nil)
      } else {
        #expect(first.dtend == "2024-06-01T10:00")
        #expect(components[1].dtend == "2024-06-02")
      }
    }
  }

  /// The same files give the same bytes: DTSTAMP is the file's last change, UIDs come
  /// from IDs and the path in the repository; `-o` leaves an unchanged feed alone.
  @Test func theFeedIsStable() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @due(2024-06-01)  @id(a1)\n"])
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/.git", withIntermediateDirectories: true)
    let path = cli.directory.path + "/CHECKLIST.md"
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_717_200_000)], ofItemAtPath: path)
    let once = cli.run("export").output
    #expect(once == cli.run("export").output)
    #expect(once.contains("DTSTAMP:20240601T000000Z\r\n"))
    let hash = String(ContentHash.of(Array("CHECKLIST.md".utf8)), radix: 16)
    #expect(
      once.contains("UID:a1-" + String(repeating: "0", count: 16 - hash.count) + hash + "@chk\r\n"))
    #expect(cli.run("export", "-o", "feed.ics").output == "wrote feed.ics (1 item)\n")
    let identity = ChecklistFile.identity(of: cli.directory.path + "/feed.ics")
    #expect(cli.run("export", "-o", "feed.ics").output == "feed.ics is unchanged\n")
    #expect(ChecklistFile.identity(of: cli.directory.path + "/feed.ics") == identity)
    #expect(try cli.read("feed.ics") == once)
  }

  /// Items without IDs get one through the edit path (undoable), so that their UIDs
  /// stay; `--no-assign` leaves the file alone and derives an unstable UID.
  @Test func itemsGetIDsUnlessToldNot() throws {
    let text = "- [ ] a  @due(2024-06-01)\n- [ ] b\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": text])
    let unassigned = cli.run("export", "--no-assign")
    #expect(unassigned.output.contains("UID:unstable-"))
    #expect(try cli.read("CHECKLIST.md") == text)
    let assigned = cli.run("export")
    let id = CLIHarness.seededIDs(1)[0]
    #expect(try cli.read("CHECKLIST.md") == "- [ ] a  @due(2024-06-01)  @id(\(id))\n- [ ] b\n")
    #expect(assigned.errors.contains("gave 1 item an ID, so that its UID stays the same"))
    #expect(assigned.output.contains("UID:\(id)-"))
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == text)
    #expect(cli.run("export", "--format", "csv").status == .usage)
    #expect(cli.run("export", "--as", "tasks").status == .usage)
  }
}

extension ExportCommandTests {
  /// Noon of a day in this machine's time zone, in UTC (`YYYY-MM-DDTHH:MM`), by
  /// Foundation's calendar: what COMPLETED holds for a `@done` day.
  static func utcOfLocalNoon(year: Int, month: Int, day: Int) -> String? {
    var local = Calendar(identifier: .gregorian)
    local.timeZone = TimeZone.current
    guard let noon = local.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    else { return nil }
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = utc.dateComponents([.year, .month, .day, .hour, .minute], from: noon)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
  }
}

extension DueMoment {
  /// As the oracle writes it: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
  var isoText: String { day.description + (time.map { "T" + $0.description } ?? "") }
}
