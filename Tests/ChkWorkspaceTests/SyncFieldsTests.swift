import ChkTestSupport
import Testing

@testable import ChecklistKit
@testable import ChkWorkspace

/// What `chk sync` writes of an item reads back as the same fields: the round trip
/// the three-way merge relies on (a field that did not survive it would look changed
/// on the phone at every run).
@Suite("SyncFields: item, VTODO, item")
struct SyncFieldsTests {
  static let names = [
    "Milk", "Eggs, free-range; 12", "Back\\slash", "Ünïcödé ✓ 🚀", "tab\there", "a:b;c,d",
    String(repeating: "long name ", count: 12),
  ]
  static let everyForms = [
    "day", "2 days", "week", "3 weeks", "month", "2 months", "year", "weekday", "monday",
    "sunday", "week from done",
  ]
  static let remindForms = [
    "09:00", "07:30", "30 minutes before", "2 hours before", "1 day before", "off",
  ]

  @Test func everyFieldSurvivesTheRoundTripThroughAnICSFile() throws {
    var random = TestRandom(seed: 40)
    var lines = ["## Round trip", ""]
    for index in 0..<600 {
      var line = random.int(0...3) == 0 ? "- [x] " : "- [ ] "
      line += random.pick(Self.names) + " \(index)"
      if random.int(0...2) > 0 {
        let day = CalendarDay(
          year: random.int(2020...2030), month: random.int(1...12), day: random.int(1...28))
        let time =
          random.int(0...1) == 0
          ? "" : String(format: " %02d:%02d", random.int(0...23), random.int(0...59))
        line += "  @due(\(day?.description ?? "2024-01-01")\(time))"
        if random.int(0...2) == 0 { line += "  @every(\(random.pick(Self.everyForms)))" }
        if random.int(0...2) == 0 { line += "  @remind(\(random.pick(Self.remindForms)))" }
      }
      if line.hasPrefix("- [x]"), random.int(0...1) == 0 {
        line += "  @done(2024-02-0\(random.int(1...9)))"
      }
      line += "  @id(r\(index))"
      if random.int(0...3) == 0 { line += "  # a note, with; marks \\ and ✓" }
      lines.append(line)
    }
    let document = try ChecklistDocument(
      parsing: Array((lines.joined(separator: "\n") + "\n").utf8))
    let items = document.items
    #expect(items.count == 600)
    for reminders in [ReminderDefaults(), ReminderDefaults(time: .midnight, isEnabled: false)] {
      var failures: [String] = []
      for item in items {
        let fields = SyncFields(item: item, reminders: reminders)
        let content = VTodoWriter.Content(uid: "u", fields: fields, parentUID: nil, sortOrder: 1)
        let bytes = VTodoWriter.bytes(
          content, existing: nil, reminders: reminders, stamp: "20240101T000000Z")
        let file = try VTodoFile(bytes)
        let read = SyncFields(todo: file.todo, reminders: reminders)
        if read != fields {
          let differing = SyncFields.Field.allCases.filter { read[$0] != fields[$0] }
          failures.append(
            "line \(item.line): \(differing.map { "\($0): \(fields[$0]) -> \(read[$0])" })")
        }
        // Written again over itself, the file is the same but for the stamps.
        let again = VTodoWriter.bytes(
          content, existing: file, reminders: reminders, stamp: "20240101T000000Z")
        if SyncFields(todo: try VTodoFile(again).todo, reminders: reminders) != fields {
          failures.append("line \(item.line): rewritten over itself")
        }
      }
      #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
  }

  @Test(arguments: [
    ("FREQ=DAILY", "day"), ("FREQ=DAILY;INTERVAL=3", "3 days"),
    ("FREQ=WEEKLY;INTERVAL=2", "2 weeks"),
    ("FREQ=WEEKLY;BYDAY=TU", "tuesday"), ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekday"),
    ("FREQ=MONTHLY", "month"), ("FREQ=YEARLY;INTERVAL=2", "2 years"),
  ])
  func aPhonesRepeatRuleIsReadAsEvery(_ rule: String, _ every: String) {
    #expect(SyncFields.recurrenceText("RRULE:" + rule) == .some(every))
  }

  @Test(arguments: [
    "FREQ=DAILY;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=HOURLY",
  ])
  func aRuleEveryCannotSayIsRefused(_ rule: String) {
    #expect(SyncFields.recurrenceText("RRULE:" + rule) == nil)
  }

  @Test func foldedLinesAndLFEndingsAreRead() throws {
    let text =
      "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:a long\n  name\nDUE:20240110T080000Z\nEND:VTODO\nEND:VCALENDAR\n"
    let file = try VTodoFile(Array(text.utf8))
    #expect(file.todo.property("SUMMARY")?.text == "a long name")
    #expect(ICalendarTime.dueMoment(try #require(file.todo.property("DUE"))) != nil)
  }

  /// A quoted parameter value holds `:`, `;` and `,` (RFC 5545 3.2): the value after it
  /// is the property's, the quotes are not the parameter's.
  @Test func quotedParametersHoldColonsAndSemicolons() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\n"
      + "X-PLACE;ALTREP=\"https://x.org/a:b;c,d\";LANGUAGE=en:Kitchen\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let calendar = try ICalendarComponent.read(Array(text.utf8))
    let property = try #require(calendar.components.first?.property("X-PLACE"))
    #expect(property.value == "Kitchen")
    #expect(property.parameter("ALTREP") == "https://x.org/a:b;c,d")
    #expect(property.parameter("LANGUAGE") == "en")
  }
}
