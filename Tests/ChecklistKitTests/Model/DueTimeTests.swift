import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Due times and reminders: `@due(YYYY-MM-DD HH:MM)` and `@remind(...)`.
@Suite("Due times and reminders")
struct DueTimeTests {
  static func day(_ text: String) -> CalendarDay { CalendarDay(text) ?? .latest }

  @Test func clockTimesAreExactlyTwoDigitsEach() {
    #expect(ClockTime("09:30")?.minutes == 570)
    #expect(ClockTime("00:00")?.description == "00:00")
    #expect(ClockTime("23:59")?.description == "23:59")
    for bad in ["9:30", "24:00", "12:60", "09:30 ", "0930", "09-30", "", "ab:cd", "١٢:٣٠"] {
      #expect(ClockTime(bad) == nil, "\(bad)")
    }
  }

  @Test func dueMomentsAreADayAndMaybeATime() {
    #expect(DueMoment("2024-06-01") == DueMoment(day: Self.day("2024-06-01")))
    let timed = DueMoment("2024-06-01 09:30")
    #expect(timed?.time?.description == "09:30")
    #expect(DueMoment("2024-06-01T09:30") == timed)
    #expect(timed?.description == "2024-06-01 09:30")
    #expect(DueMoment.isTForm("2024-06-01T09:30"))
    #expect(!DueMoment.isTForm("2024-06-01 09:30"))
    for bad in [
      "2024-06-01  09:30", "2024-06-01 9:30", "2024-02-30 09:30", "2024-06-01 24:00",
      "2024-06-01t09:30", "2024-06-01 09:30:00", "2024-06-01 ",
    ] {
      #expect(DueMoment(bad) == nil, "\(bad)")
    }
    // A day alone before that day's times, then by time, then the next day.
    let order = ["2024-06-01", "2024-06-01 08:00", "2024-06-01 17:00", "2024-06-02"]
      .compactMap(DueMoment.init)
    #expect(order.shuffled().sorted() == order)
  }

  @Test func remindersReadEveryFormAndWriteOne() {
    let cases: [(String, String)] = [
      ("09:00", "09:00"), ("off", "off"), ("OFF", "off"),
      ("30 minutes before", "30 minutes before"), ("1 minute before", "1 minute before"),
      ("60 minutes before", "1 hour before"), ("120 Minutes Before", "2 hours before"),
      ("2 hours before", "2 hours before"), ("1 day before", "1 day before"),
      ("3 days before", "3 days before"),
      ("999 days before", "999 days before"), ("90 minutes before", "90 minutes before"),
    ]
    for (text, canonical) in cases {
      #expect(Reminder(text)?.description == canonical, "\(text)")
      #expect(Reminder(canonical) == Reminder(text), "\(canonical)")
    }
    for bad in [
      "0 minutes before", "1000 days before", "1440 minutes before", "30 min before", "30 minutes",
      "before",
      "in 30 minutes", "-1 days before", "+2 hours before", "09:00 before", "9:00", "on", "",
      "030 minutes before", "２ hours before",
    ] {
      #expect(Reminder(bad) == nil, "\(bad)")
    }
  }

  @Test func whenAnItemIsReminded() {
    let defaults = ReminderDefaults()
    let timed = DueMoment(day: Self.day("2024-06-01"), time: ClockTime("09:30"))
    let dayOnly = DueMoment(day: Self.day("2024-06-01"))
    func at(_ reminder: Reminder?, _ due: DueMoment, _ defaults: ReminderDefaults = defaults)
      -> String?
    {
      Reminder.moment(for: reminder, due: due, defaults: defaults)?.description
    }
    #expect(at(nil, timed) == "2024-06-01T09:30")
    #expect(at(nil, dayOnly) == "2024-06-01T09:00")
    #expect(at(.off, timed) == nil)
    #expect(at(Reminder("07:15"), timed) == "2024-06-01T07:15")
    #expect(at(Reminder("30 minutes before"), timed) == "2024-06-01T09:00")
    // Before a due day alone: from the default time.
    #expect(at(Reminder("2 hours before"), dayOnly) == "2024-06-01T07:00")
    // Across midnight, a month's end, a year's end and a leap day.
    #expect(at(Reminder("10 hours before"), timed) == "2024-05-31T23:30")
    #expect(
      at(Reminder("1 day before"), DueMoment(day: Self.day("2024-03-01"), time: ClockTime("00:10")))
        == "2024-02-29T00:10")
    #expect(
      at(
        Reminder("30 minutes before"),
        DueMoment(day: Self.day("2025-01-01"), time: ClockTime("00:00")))
        == "2024-12-31T23:30")
    // Configured defaults: another time; off unless asked.
    let eight = ReminderDefaults(time: ClockTime("08:00") ?? .nine, isEnabled: true)
    #expect(at(nil, dayOnly, eight) == "2024-06-01T08:00")
    #expect(at(nil, timed, eight) == "2024-06-01T09:30")
    let off = ReminderDefaults(isEnabled: false)
    #expect(at(nil, timed, off) == nil)
    #expect(at(Reminder("1 hour before"), timed, off) == "2024-06-01T08:30")
    // Past the calendar's start: none.
    #expect(at(Reminder("1 day before"), DueMoment(day: Self.day("0001-01-01"))) == nil)
  }

  @Test func itemsCarryTheirDueTimeAndReminder() throws {
    let document = try ChecklistDocument(
      parsing: Array(
        """
        - [ ] a  @due(2024-06-01T09:30)  @remind(15 minutes before)
        - [ ] b  @due(2024-06-01)  @remind(bogus)
        - [ ] c  @due(2024-06-01 25:00)

        """.utf8))
    let items = document.lists.flatMap(\.items)
    #expect(items[0].due?.description == "2024-06-01 09:30")
    #expect(items[0].remindAt()?.description == "2024-06-01T09:15")
    #expect(items[1].dueTime == nil && items[1].reminder == nil)
    #expect(items[1].remindAt()?.description == "2024-06-01T09:00")
    #expect(items[2].due == nil && items[2].remindAt() == nil)
  }

  @Test func editsWriteCanonicalDueTimesAndReminders() throws {
    var document = try ChecklistDocument(parsing: Array("- [ ] a  @id(a1)\n".utf8))
    try document.setDue(DueMoment("2024-06-01T09:30"), of: .id("a1"))
    try document.setReminder(Reminder("60 minutes before"), of: .id("a1"))
    #expect(
      String(decoding: document.serialized(), as: UTF8.self)
        == "- [ ] a  @due(2024-06-01 09:30)  @remind(1 hour before)  @id(a1)\n")
    try document.setReminder(nil, of: .id("a1"))
    try document.setDue(nil, of: .id("a1"))
    #expect(String(decoding: document.serialized(), as: UTF8.self) == "- [ ] a  @id(a1)\n")
  }

  /// A recurring item keeps its time: the next one is due at the same time of day.
  @Test func recurrenceKeepsTheTime() throws {
    var document = try ChecklistDocument(
      parsing: Array("- [ ] Stand-up  @due(2024-06-03 09:15)  @every(weekday)  @id(s1)\n".utf8))
    document.idGenerator = .seeded(1)
    let outcome = try document.setChecked(
      [.id("s1")],
      ChecklistDocument.CheckChange(
        .check, doneDay: Self.day("2024-06-03"), today: Self.day("2024-06-03")))
    guard case .added(_, let due)? = outcome[0].recurrence else {
      Issue.record("no next one: \(outcome)")
      return
    }
    #expect(due.description == "2024-06-04")
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(text.contains("- [ ] Stand-up  @due(2024-06-04 09:15)  @every(weekday)  @id("))
    // Checked, unchecked and checked again: the one below is the same, found again.
    _ = try document.setChecked(
      [.id("s1")],
      ChecklistDocument.CheckChange(.uncheck, doneDay: nil, today: Self.day("2024-06-03")))
    let again = try document.setChecked(
      [.id("s1")],
      ChecklistDocument.CheckChange(
        .check, doneDay: Self.day("2024-06-03"), today: Self.day("2024-06-03")))
    guard case .alreadyThere? = again[0].recurrence else {
      Issue.record("a second next one: \(again)")
      return
    }
  }
}
