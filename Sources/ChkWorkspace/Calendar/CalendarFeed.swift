import ChecklistKit

/// An iCalendar feed of checklist items with a due day: one VTODO (or VEVENT) each,
/// with its reminder as a VALARM and its `@every` as an RRULE where RFC 5545 can say
/// it.
///
/// The same items (files' bytes and modification times) give the same bytes: `UID`
/// comes from the item's ID and its file's path, `DTSTAMP` from the file's last change,
/// never from the clock.
package struct CalendarFeed {
  /// What each item becomes.
  package enum Shape: String, Sendable {
    /// VTODO: to-dos, with status and completion.
    case todos
    /// VEVENT: all-day events, or 30 minutes at a due time; what Google Calendar and
    /// Apple's subscribed calendars show.
    case events
  }

  /// One item of the feed, with what it needs from its file.
  package struct Entry {
    /// The item.
    package var item: ChecklistItem
    /// The name of its list (`nil` for the unnamed one).
    package var list: String?
    /// The file's path as the UID names it: relative to its repository's root.
    package var stablePath: String
    /// The file's last change, in seconds since 1970 (for `DTSTAMP`).
    package var modified: Int
    /// The file's reminder defaults.
    package var reminders: ReminderDefaults

    package init(
      item: ChecklistItem, list: String?, stablePath: String, modified: Int,
      reminders: ReminderDefaults
    ) {
      self.item = item
      self.list = list
      self.stablePath = stablePath
      self.modified = modified
      self.reminders = reminders
    }
  }

  package var shape: Shape
  package var entries: [Entry]
  /// The calendar's name (`X-WR-CALNAME`, which subscribed calendars show).
  package var name: String

  package init(shape: Shape, entries: [Entry], name: String) {
    self.shape = shape
    self.entries = entries
    self.name = name
  }

  /// The feed's bytes.
  package func bytes() -> [UInt8] {
    var writer = ICalendarWriter()
    writer.line("BEGIN", "VCALENDAR")
    writer.line("VERSION", "2.0")
    writer.line("PRODID", "-//chk//chk \(ChkVersion.current)//EN")
    writer.line("CALSCALE", "GREGORIAN")
    writer.line("METHOD", "PUBLISH")
    writer.text("X-WR-CALNAME", name)
    for entry in entries {
      guard let due = entry.item.due else { continue }
      write(entry, due: due, to: &writer)
    }
    writer.line("END", "VCALENDAR")
    return writer.bytes
  }

  private func write(_ entry: Entry, due: DueMoment, to writer: inout ICalendarWriter) {
    let item = entry.item
    let component = shape == .todos ? "VTODO" : "VEVENT"
    writer.line("BEGIN", component)
    writer.text("UID", Self.uid(entry))
    writer.line("DTSTAMP", ICalendarWriter.utc(secondsSince1970: entry.modified))
    writer.text("SUMMARY", item.name)
    if let note = item.note, !note.isEmpty { writer.text("DESCRIPTION", note) }
    if let list = entry.list, !list.isEmpty { writer.text("CATEGORIES", list) }
    // DTSTART and DUE (or DTEND) of one value type; DUE equal to DTSTART, DTEND after.
    let start: String
    let isDate = due.time == nil
    if let time = due.time {
      start = ICalendarWriter.floating(LocalMoment(day: due.day, time: time))
      writer.line("DTSTART", start)
    } else {
      start = ICalendarWriter.date(due.day)
      writer.line("DTSTART;VALUE=DATE", start)
    }
    switch shape {
    case .todos:
      writer.line(isDate ? "DUE;VALUE=DATE" : "DUE", start)
      if item.isChecked {
        writer.line("STATUS", "COMPLETED")
        if let done = item.doneDate {
          let epoch = CalendarDay(year: 1970, month: 1, day: 1) ?? done
          writer.line(
            "COMPLETED",
            ICalendarWriter.utc(secondsSince1970: (done.dayNumber - epoch.dayNumber) * 86_400))
        }
        writer.line("PERCENT-COMPLETE", "100")
      } else {
        writer.line("STATUS", "NEEDS-ACTION")
      }
    case .events:
      if let time = due.time {
        let end = LocalMoment(day: due.day, time: time).adding(minutes: 30)
        writer.line("DTEND", end.map(ICalendarWriter.floating) ?? start)
      } else {
        writer.line("DTEND;VALUE=DATE", ICalendarWriter.date(due.day.adding(days: 1) ?? due.day))
      }
      writer.line("TRANSP", "TRANSPARENT")
    }
    if let rule = Self.rule(item.recurrence, due: due) { writer.line("RRULE", rule) }
    if !item.isChecked, let alarm = item.remindAt(entry.reminders) {
      // Relative to the start, which both forms of time keep floating.
      let startMoment = LocalMoment(day: due.day, time: due.time ?? .midnight)
      writer.line("BEGIN", "VALARM")
      writer.line("ACTION", "DISPLAY")
      writer.text("DESCRIPTION", item.name)
      writer.line(
        "TRIGGER;RELATED=START",
        ICalendarWriter.duration(minutes: alarm.minuteNumber - startMoment.minuteNumber))
      writer.line("END", "VALARM")
    }
    writer.line("END", component)
  }

  /// The UID: the item's ID and a hash of its file's path in its repository, so that
  /// the same item in any clone is the same to-do. Without an ID (`--no-assign`): the
  /// path, the list and the name, which change when they do.
  package static func uid(_ entry: Entry) -> String {
    if let id = entry.item.id {
      return id + "-" + hex(ContentHash.of(Array(entry.stablePath.utf8))) + "@chk"
    }
    let key = entry.stablePath + "\n" + (entry.list ?? "") + "\n" + entry.item.name
    return "unstable-" + hex(ContentHash.of(Array(key.utf8))) + "@chk"
  }

  private static func hex(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }

  /// The RRULE for `@every`, where RFC 5545 says what chk does: every N days or weeks,
  /// weekdays, a day of the week, and every N months or years from a day of the month
  /// up to the 28th. Not: `from done` (its days depend on when the item is done), and a
  /// monthly or yearly series from the 29th, 30th or 31st (chk moves it to a shorter
  /// month's last day and keeps that day after; RFC 5545 skips such months).
  package static func rule(_ recurrence: Recurrence?, due: DueMoment) -> String? {
    guard let recurrence, !recurrence.fromDone else { return nil }
    switch recurrence.unit {
    case .days(let count):
      return count % 7 == 0
        ? "FREQ=WEEKLY" + interval(count / 7) : "FREQ=DAILY" + interval(count)
    case .months(let count):
      guard due.day.day <= 28 else { return nil }
      return count % 12 == 0
        ? "FREQ=YEARLY" + interval(count / 12) : "FREQ=MONTHLY" + interval(count)
    case .weekday:
      return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
    case .dayOfWeek(let weekday):
      let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
      return "FREQ=WEEKLY;BYDAY=" + names[(weekday - 1) % 7]
    }
  }

  private static func interval(_ count: Int) -> String {
    count == 1 ? "" : ";INTERVAL=\(count)"
  }
}
