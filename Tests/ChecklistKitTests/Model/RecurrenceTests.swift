import Testing

@testable import ChecklistKit

/// `@every`: the next due day on calendar edges. The expected days are written out by
/// hand (and were checked against Python's `datetime`), never computed by the code
/// under test.
@Suite("Recurrence")
struct RecurrenceTests {
  static let table: [(every: String, due: String, done: String, next: String)] = [
    // End of month: the day of the month is kept where the month has it.
    ("month", "2024-01-31", "2024-01-31", "2024-02-29"),
    ("month", "2023-01-31", "2023-01-31", "2023-02-28"),
    ("month", "2024-03-31", "2024-03-31", "2024-04-30"),
    ("month", "1900-01-31", "1900-01-31", "1900-02-28"),
    ("month", "2000-01-31", "2000-01-31", "2000-02-29"),
    ("3 months", "2024-11-30", "2024-11-30", "2025-02-28"),
    // Leap years.
    ("year", "2024-02-29", "2024-02-29", "2025-02-28"),
    ("2 years", "2024-02-29", "2024-02-29", "2026-02-28"),
    ("year", "2023-03-01", "2023-03-01", "2024-03-01"),
    ("day", "2024-02-28", "2024-02-28", "2024-02-29"),
    ("day", "2023-02-28", "2023-02-28", "2023-03-01"),
    ("day", "2024-12-31", "2024-12-31", "2025-01-01"),
    ("week", "2024-12-30", "2024-12-30", "2025-01-06"),
    ("2 weeks", "2024-01-31", "2024-01-31", "2024-02-14"),
    // Weekdays over a weekend.
    ("weekday", "2024-03-08", "2024-03-08", "2024-03-11"),  // Friday -> Monday
    ("weekday", "2024-03-09", "2024-03-09", "2024-03-11"),  // Saturday -> Monday
    ("weekday", "2024-03-07", "2024-03-07", "2024-03-08"),  // Thursday -> Friday
    ("weekday", "2024-03-08", "2024-03-10", "2024-03-11"),  // done on Sunday
    ("monday", "2024-03-04", "2024-03-04", "2024-03-11"),
    ("Sunday", "2024-03-06", "2024-03-06", "2024-03-10"),
    // Done later than due: the series keeps its rhythm and comes after the done day.
    ("week", "2024-01-01", "2024-01-20", "2024-01-22"),
    ("month", "2024-01-31", "2024-03-15", "2024-03-31"),
    ("year", "2024-02-29", "2025-03-01", "2026-02-28"),
    // Done before due: one step after the due day.
    ("day", "2024-05-10", "2024-05-01", "2024-05-11"),
    // From the done day.
    ("week from done", "2024-01-01", "2024-01-20", "2024-01-27"),
    ("3 days from done", "2024-05-10", "2024-05-01", "2024-05-04"),
    ("monday from done", "2024-03-04", "2024-03-13", "2024-03-18"),
    ("month from done", "2024-01-15", "2024-01-31", "2024-02-29"),
  ]

  @Test func nextDueDays() throws {
    for row in Self.table {
      let every = try #require(Recurrence(row.every), "\(row.every)")
      let due = try #require(CalendarDay(row.due))
      let done = try #require(CalendarDay(row.done))
      #expect(
        every.next(due: due, done: done)?.description == row.next,
        "\(row.every) due \(row.due) done \(row.done)")
    }
  }

  @Test func valuesThatAreNotRecurrences() {
    for text in [
      "", "weeks", "2 week", "1 weeks", "0 days", "1000 days", "-1 days", "+2 days", "02 days",
      "fortnight", "2 mondays", "2 weekdays", "from done", "week from", "week from done now",
      "every week", "week,", "１ week",
    ] {
      #expect(Recurrence(text) == nil, "'\(text)'")
    }
    for text in ["day", "1 day", "999 days", "WEEK", "2 weeks from done", "  month  ", "friday"] {
      #expect(Recurrence(text) != nil, "'\(text)'")
    }
  }

  @Test func monthsKeepTheDayOrTakeTheLast() {
    let day = CalendarDay(year: 2024, month: 1, day: 31)
    #expect(day?.adding(months: 1)?.description == "2024-02-29")
    #expect(day?.adding(months: -2)?.description == "2023-11-30")
    #expect(day?.adding(months: 13)?.description == "2025-02-28")
    #expect(CalendarDay(year: 9999, month: 12, day: 1)?.adding(months: 1) == nil)
  }

  @Test func theTagIsDeclaredOnceWithTheKnownTags() {
    #expect(ChecklistTag.Key.named("every") == .every)
    #expect(ChecklistTag.Key.every.accepts("2 weeks"))
    #expect(!ChecklistTag.Key.every.accepts("fortnight"))
    #expect(ChecklistTag.Key.every.isForItems && !ChecklistTag.Key.every.isForLists)
  }
}
