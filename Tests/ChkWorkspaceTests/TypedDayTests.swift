import ChecklistKit
import Testing

@testable import ChkWorkspace

/// Dates as people type them, read by one parser for every DATE option and every day
/// prompt (`RelativeDay.day` and `.due`), on Wednesday 2024-06-05.
@Suite("Typed days")
struct TypedDayTests {
  static let today = CalendarDay(year: 2024, month: 6, day: 5) ?? .latest

  @Test(arguments: [
    ("2024-07-01", "2024-07-01"), ("today", "2024-06-05"), ("Tomorrow", "2024-06-06"),
    ("yesterday", "2024-06-04"), ("fri", "2024-06-07"), ("wednesday", "2024-06-12"),
    ("next fri", "2024-06-14"), ("next  Monday", "2024-06-10"), ("next week", "2024-06-10"),
    ("next month", "2024-07-01"), ("in 3 days", "2024-06-08"), ("in a week", "2024-06-12"),
    ("in 2 weeks", "2024-06-19"), ("in 1 month", "2024-07-05"), ("in a year", "2025-06-05"),
    ("+3d", "2024-06-08"), ("+2w", "2024-06-19"), ("+1m", "2024-07-05"), ("+3", "2024-06-08"),
    ("dec 24", "2024-12-24"), ("24 December", "2024-12-24"), ("jun 5", "2024-06-05"),
    ("jun 4", "2025-06-04"), ("feb 29", "2028-02-29"), ("12/24", "2024-12-24"),
    ("24/12", "2024-12-24"), ("5/5", "2025-05-05"),
  ])
  func typedDays(_ text: String, _ expected: String) {
    #expect(RelativeDay.day(text, today: Self.today)?.description == expected, "\(text)")
  }

  /// What is refused: an ambiguous `3/4`, a weekday of two letters, a day that is
  /// not one, words that name nothing.
  @Test(arguments: [
    "3/4", "mo", "feb 30", "13/13", "in 3 fortnights", "next tuesdays", "+3x", "soon", "",
  ])
  func refused(_ text: String) {
    #expect(RelativeDay.day(text, today: Self.today) == nil, "\(text)")
  }

  /// A due moment: a day as above, then a time (`at` allowed before it); a time alone
  /// is today.
  @Test func dueMoments() {
    func due(_ text: String) -> String? { RelativeDay.due(text, today: Self.today)?.description }
    #expect(due("17:00") == "2024-06-05 17:00")
    #expect(due("9:30") == "2024-06-05 09:30")
    #expect(due("next fri 08:15") == "2024-06-14 08:15")
    #expect(due("dec 24 at 18:00") == "2024-12-24 18:00")
    #expect(due("in 3 days") == "2024-06-08")
    #expect(due("2024-06-01T09:30") == "2024-06-01 09:30")
    #expect(due("fri 25:00") == nil)
    #expect(due("at 17:00") == "2024-06-05 17:00")
  }
}

/// Repeats and reminders as people say them, read into `@every` and `@remind`'s own
/// words (what the file keeps).
@Suite("Typed repeats and reminders")
struct TypedValueTests {
  @Test func repeats() {
    func every(_ text: String) -> String? { TypedValues.recurrence(text)?.description }
    #expect(every("every 2 weeks") == "2 weeks")
    #expect(every("daily") == "day")
    #expect(every("Biweekly") == "2 weeks")
    #expect(every("every other week") == "2 weeks")
    #expect(every("monthly from done") == "month from done")
    #expect(every("every weekday") == "weekday")
    #expect(every("sometimes") == nil)
  }

  @Test func reminders() {
    func remind(_ text: String) -> String? { TypedValues.reminder(text)?.description }
    #expect(remind("9:00") == "09:00")
    #expect(remind("at 9am") == "09:00")
    #expect(remind("5:30pm") == "17:30")
    #expect(remind("12am") == "00:00")
    #expect(remind("15 min before") == "15 minutes before")
    #expect(remind("2 hrs before") == "2 hours before")
    #expect(remind("off") == "off")
    #expect(remind("13pm") == nil)
    #expect(remind("soon") == nil)
  }
}
