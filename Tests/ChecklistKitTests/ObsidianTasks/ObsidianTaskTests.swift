import Testing

@testable import ChecklistKit

/// Task lines of the Obsidian Tasks plugin read, written and toggled as the plugin's own
/// tests say (obsidian-tasks-group/obsidian-tasks at cc0fce3, MIT; the file and test of
/// each case are named beside it).
@Suite("Obsidian Tasks: lines read, written and toggled as the plugin does")
struct ObsidianTaskTests {
  static func day(_ text: String) -> CalendarDay { CalendarDay(text) ?? .latest }

  /// tests/Task/Task.test.ts, "parsing".
  @Test func linesAreReadAsThePluginReadsThem() throws {
    let done = try #require(
      ObsidianTask(line: "- [x] this is a done task 🗓 2021-09-12 ✅ 2021-06-20 ➕ 2023-03-07"))
    #expect(done.listMarker == "-")
    #expect(done.description == "this is a done task")
    #expect(done.statusSymbol == "x")
    #expect(done.createdDate == "2023-03-07" && done.dueDate == "2021-09-12")
    #expect(done.doneDate == "2021-06-20")
    #expect(ObsidianTask(line: "909999. [ ] this is a todo task")?.listMarker == "909999.")
    #expect(ObsidianTask(line: "@ [ ] this is a task in asterisk list") == nil)
    #expect(ObsidianTask(line: "- [D] this is a deferred task")?.statusSymbol == "D")
    let emoji = try #require(
      ObsidianTask(line: "- [x] this is a ✅ done task 🗓 2021-09-12 ✅ 2021-06-20 ^my-precious  "))
    #expect(emoji.description == "this is a ✅ done task")
    #expect(emoji.blockLink == " ^my-precious" && emoji.doneDate == "2021-06-20")
    let tags = try #require(
      ObsidianTask(
        line: "- [ ] this is a task due 📅 2021-09-12 #inside_tag ⏫ #some/tags_with_underscore"))
    #expect(tags.description == "this is a task due #inside_tag #some/tags_with_underscore")
    #expect(tags.priority == .high && tags.dueDate == "2021-09-12")
    let many = try #require(
      ObsidianTask(
        line:
          "- [ ] Wobble ⏫  #tag1 ✅ 2022-07-02 #tag2  📅 2022-07-02 #tag3 ⏳ 2022-07-02 #tag4 🛫 2022-07-02 #tag5  🔁 every day  #tag6 #tag7 #tag8 #tag9 #tag10"
      ))
    #expect(
      many.description == "Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10")
    #expect(many.recurrence == "every day" && many.startDate == "2022-07-02")
    let tight = try #require(
      ObsidianTask(
        line: "- [ ] Wobble ✅2022-07-01 📅2022-07-02 ⏳2022-07-03 🛫2022-07-04 ➕2022-07-05 🔁every day")
    )
    #expect(tight.description == "Wobble" && tight.scheduledDate == "2022-07-03")
    #expect(tight.createdDate == "2022-07-05" && tight.recurrence == "every day")
    let quoted = try #require(
      ObsidianTask(line: "> > > * [ ] Task inside a blockquote or callout 📅2022-07-29"))
    #expect(quoted.indentation == "> > > " && quoted.dueDate == "2022-07-29")
    // A line ending in text that is no field has no fields.
    #expect(ObsidianTask(line: "- [ ] call 📅 2026-12-05 14:00")?.dueDate == nil)
  }

  /// tests/TaskSerializer/DefaultTaskSerializer.test.ts, "deserialize".
  @Test func fieldsAreReadWithTheirVariants() throws {
    func task(_ text: String) throws -> ObsidianTask {
      try #require(ObsidianTask(line: "- [ ] " + text))
    }
    #expect(try task("⌛ 2021-06-20").scheduledDate == "2021-06-20")
    #expect(try task("⏳\u{FE0F} 2024-11-18").scheduledDate == "2024-11-18")
    #expect(try task("📆 2021-06-20").dueDate == "2021-06-20")
    #expect(try task("⏫\u{FE0F}").priority == .high)
    #expect(try task("🏁 Delete").onCompletion == .delete)
    #expect(try task("🏁  Keep").onCompletion == .keep)
    #expect(try task("⛔\u{FE0F} F12345").dependsOn == ["F12345"])
    #expect(try task("⛔ ab , CD ,  EF  ,    GK").dependsOn == ["ab", "CD", "EF", "GK"])
    #expect(try task("🆔 Ab_cd0f").id == "Ab_cd0f")
    let asterisk = try task("🆔 A*bcd0f")
    #expect(asterisk.id == "" && asterisk.description == "🆔 A*bcd0f")
    #expect(try task("#hello #world #task").description == "#hello #world #task")
  }

  /// tests/Task/Task.test.ts, "to string"; the fully populated task of
  /// tests/Renderer/HtmlQueryResultsRenderer.test...approved.html.
  @Test func linesAreWrittenInThePluginsOrder() throws {
    let retained = "> > > - [ ] Task inside a nested blockquote or callout"
    #expect(ObsidianTask(line: retained)?.line == retained)
    let link = "- [ ] this is a task 📅 2021-09-12 ^my-precious"
    #expect(ObsidianTask(line: link)?.line == link)
    #expect(
      ObsidianTask(
        line: "- [x] this is a done task #tagone 📅 2021-09-12 ✅ 2021-06-20 #journal/daily")?.line
        == "- [x] this is a done task #tagone #journal/daily 📅 2021-09-12 ✅ 2021-06-20")
    let full =
      "  - [ ] Do exercises #todo #health 🆔 abcdef ⛔ 123456,abc123 🔼 🔁 every day when done 🏁 delete ➕ 2023-07-01 🛫 2023-07-02 ⏳ 2023-07-03 📅 2023-07-04 ❌ 2023-07-06 ✅ 2023-07-05 ^dcf64c"
    #expect(ObsidianTask(line: full)?.line == full)
  }

  /// tests/Commands/ToggleDone.test.ts (today 2022-09-04).
  @Test func togglingWritesWhatThePluginWrites() throws {
    let today = Self.day("2022-09-04")
    func toggle(_ line: String) throws -> [String] {
      try #require(ObsidianTask(line: line)).toggled(today: today, settings: .init()).map(\.line)
    }
    #expect(try toggle("- [ ] ") == ["- [x]  ✅ 2022-09-04"])
    #expect(try toggle("- [ ] description") == ["- [x] description ✅ 2022-09-04"])
    #expect(try toggle("- [x] #tag ✅ 2022-09-04") == ["- [ ] #tag"])
    #expect(try toggle("- [ ] foo ") == ["- [x] foo ✅ 2022-09-04"])
    #expect(try toggle("- [x] foo ✅ 2022-09-04 ") == ["- [ ] foo"])
    #expect(try toggle("- [ ] foo  ") == ["- [x] foo ✅ 2022-09-04  "])
    #expect(try toggle("1. [x]  ✅ 2022-09-04") == ["1. [ ] "])
    #expect(
      try toggle("- [ ] I am a recurring task 🔁 every day 📅 2022-09-04 ") == [
        "- [ ] I am a recurring task 🔁 every day 📅 2022-09-05",
        "- [x] I am a recurring task 🔁 every day 📅 2022-09-04 ✅ 2022-09-04",
      ])
    #expect(try toggle("- [ ] #task Delete me 🏁 delete") == [])
    #expect(
      try toggle("- [ ] #task Delete my completed task 🔁 every day 🏁 delete ⏳ 2024-12-31") == [
        "- [ ] #task Delete my completed task 🔁 every day 🏁 delete ⏳ 2025-01-01"
      ])
  }

  /// tests/Task/Task.test.ts, "toggle done", "created dates on recurring task", "order
  /// of recurring tasks", "handle new status".
  @Test func recurringTasksComeBackAsThePluginsSettingsSay() throws {
    let today = Self.day("2023-03-08")
    let task = try #require(
      ObsidianTask(line: "- [ ] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12"))
    #expect(
      task.toggled(today: today, settings: .init()).map(\.line) == [
        "- [ ] this is a task 🔁 every day 📅 2021-09-13",
        "- [x] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12 ✅ 2023-03-08",
      ])
    var settings = ObsidianTaskSettings()
    settings.setsCreatedDate = true
    settings.putsNextInstanceBelow = true
    #expect(
      task.toggled(today: today, settings: settings).map(\.line) == [
        "- [x] this is a task 🔁 every day ➕ 2021-09-11 📅 2021-09-12 ✅ 2023-03-08",
        "- [ ] this is a task 🔁 every day ➕ 2023-03-08 📅 2021-09-13",
      ])
    let undated = try #require(ObsidianTask(line: "- [ ] this is a recurring task 🔁 every day"))
    #expect(
      undated.toggled(today: Self.day("2023-05-16"), settings: .init()).map(\.line) == [
        "- [ ] this is a recurring task 🔁 every day",
        "- [x] this is a recurring task 🔁 every day ✅ 2023-05-16",
      ])
    let dependent = try #require(
      ObsidianTask(line: "- [ ] should remove 🆔 id2 ⛔ id1 🔁 every day 📅 2024-02-13"))
    #expect(
      dependent.toggled(today: Self.day("2024-02-13"), settings: .init()).first?.line
        == "- [ ] should remove 🔁 every day 📅 2024-02-14")
    let cancelled = try #require(ObsidianTask(line: "- [x] Stuff 📅 2023-12-15 ✅ 2019-01-17"))
    #expect(
      cancelled.withStatus("-", today: Self.day("2023-06-26"), settings: .init()).map(\.line) == [
        "- [-] Stuff 📅 2023-12-15 ❌ 2023-06-26"
      ])
    let fromCancelled = try #require(
      ObsidianTask(line: "- [-] Stuff 🔁 every day 📅 2023-05-15 ❌ 2023-05-16"))
    #expect(
      fromCancelled.withStatus("x", today: Self.day("2023-06-26"), settings: .init()).map(\.line)
        == [
          "- [ ] Stuff 🔁 every day 📅 2023-05-16",
          "- [x] Stuff 🔁 every day 📅 2023-05-15 ✅ 2023-06-26",
        ])
  }

  /// tests/Task/Task.test.ts, "recurs correctly": the rule, the dates, the day it is
  /// done (nil: not asserted by the plugin's test), the next dates (start, scheduled,
  /// due).
  static let recurrences: [(String, String?, [String?])] = [
    ("🔁 every 7 days 📅 2021-02-21", nil, [nil, nil, "2021-02-28"]),
    ("🔁 every 7 days when done 📅 2021-02-21", "2021-02-18", [nil, nil, "2021-02-25"]),
    ("🔁 every 7 days when done 📅 2021-02-21", "2021-02-22", [nil, nil, "2021-03-01"]),
    ("🔁 every 4 weeks 📅 2021-10-15", nil, [nil, nil, "2021-11-12"]),
    ("🔁 every 3 weeks when done 📅 2022-01-10", "2021-01-14", [nil, nil, "2021-02-04"]),
    ("🔁 every month 📅 2021-10-18", nil, [nil, nil, "2021-11-18"]),
    ("🔁 every month when done 📅 2021-10-18", "2021-10-16", [nil, nil, "2021-11-16"]),
    ("🔁 every month on the 2nd Wednesday 📅 2021-09-08", nil, [nil, nil, "2021-10-13"]),
    (
      "🔁 every month on the 2nd Wednesday when done 📅 2021-09-08", "2021-10-12",
      [nil, nil, "2021-10-13"]
    ),
    (
      "🔁 every month on the 2nd Wednesday when done 📅 2021-09-08", "2021-10-13",
      [nil, nil, "2021-11-10"]
    ),
    ("🔁 every 3 months on the 3rd Thursday 📅 2021-04-15", nil, [nil, nil, "2021-07-15"]),
    ("🔁 every week on Monday, Wednesday, Friday 📅 2022-01-24", nil, [nil, nil, "2022-01-26"]),
    (
      "🔁 every week on Monday, Wednesday, Friday when done 📅 2022-01-24", "2022-01-26",
      [nil, nil, "2022-01-28"]
    ),
    (
      "🔁 every 5 days ⏳ 2021-10-10 📅 2021-10-11 🛫 2021-10-09", nil,
      ["2021-10-14", "2021-10-15", "2021-10-16"]
    ),
    (
      "🔁 every 10 days when done ⏳ 2021-10-07 📅 2021-10-09 🛫 2021-10-05", "2021-10-04",
      ["2021-10-10", "2021-10-12", "2021-10-14"]
    ),
    (
      "🔁 every month on the 15th ⏳ 2025-08-11 📅 2025-08-16 🛫 2025-08-06", nil,
      ["2025-09-05", "2025-09-10", "2025-09-15"]
    ),
    (
      "🔁 every month on the 15th ⏳ 2025-08-10 🛫 2025-08-05", nil, ["2025-08-10", "2025-08-15", nil]
    ),
    ("🔁 every month 📅 2021-03-31", nil, [nil, nil, "2021-04-30"]),
    ("🔁 every month on the 31st 📅 2021-01-31", nil, [nil, nil, "2021-03-31"]),
    ("🔁 every year on February the 29th 📅 2021-01-01", nil, [nil, nil, "2024-02-29"]),
    ("🔁 every year 📅 2020-02-29", nil, [nil, nil, "2021-02-28"]),
    ("🔁 every month when done ⏳ 1999-01-23", "2021-08-31", [nil, "2021-09-30", nil]),
    ("🔁 every 2 years when done 🛫 1999-01-23", "2020-02-29", ["2022-02-28", nil, nil]),
    ("🔁 every 2 months 📅 2023-12-31", nil, [nil, nil, "2024-02-29"]),
    ("🔁 every 13 months 📅 2020-01-31", nil, [nil, nil, "2021-02-28"]),
  ]

  @Test(arguments: recurrences)
  func recurringTasksMoveTheirDatesAsThePluginDoes(
    fields: String, doneOn: String?, expected: [String?]
  ) throws {
    let task = try #require(ObsidianTask(line: "- [ ] I am task " + fields))
    let today = Self.day(doneOn ?? "2026-12-07")
    let lines = task.toggled(today: today, settings: .init())
    try #require(lines.count == 2)
    #expect([lines[0].startDate, lines[0].scheduledDate, lines[0].dueDate] == expected)
    #expect(lines[0].statusSymbol == " " && lines[1].statusSymbol == "x")
    #expect(lines[1].doneDate == today.description)
  }

  /// rrule's test/nlp.test.ts and the plugin's RecurrenceField tests: rules are written
  /// as rrule's toText writes them.
  @Test func rulesAreWrittenAsRRuleWritesThem() {
    let cases = [
      ("Every day", "every day"), ("every Sunday when done", "every week on Sunday when done"),
      ("every 6 months on the 2nd Wednesday", "every 6 months on the 2nd Wednesday"),
      ("every week on Monday, Wednesday", "every week on Monday, Wednesday"),
      ("every weekday", "every weekday"), ("every 2 weeks", "every 2 weeks"),
      ("every month on the 4th last", "every month on the 4th last"),
      ("every month on the last Monday", "every month on the last Monday"),
      ("every month on the 2nd last Friday", "every month on the 2nd last Friday"),
      ("every month on the last day", "every month on the last"),
      ("every year on February the 29th", "every February on the 29th"),
    ]
    for (written, canonical) in cases {
      #expect(ObsidianRecurrence(written)?.text == canonical, "\(written)")
    }
    #expect(ObsidianRecurrence("every day at 9") == nil)
    #expect(ObsidianRecurrence("invalid rule") == nil)
  }
}
