import ChecklistKit

/// An iCalendar feed of checklist items with a due day: one VTODO (or VEVENT) each,
/// with its reminder as a VALARM and its `@every` as an RRULE where RFC 5545 can say
/// it.
///
/// The same items (files' bytes and modification times) give the same bytes: `UID`
/// comes from the item's ID and its file's path, `DTSTAMP` from the file's last change,
/// never from the clock.
///
/// What real clients need of it (RFC 5545 and icalendar, vobject, ics-py, khal,
/// todoman and Radicale read it):
/// - a to-do has `DUE` and no `DTSTART` (which would have to be earlier than `DUE`);
///   its alarm is relative to `DUE` (`RELATED=END`), and its `RRULE` counts from `DUE`;
/// - a series whose due day is not a day of its rule (`@every(monday)` due on a
///   Wednesday) lists the due day as an `RDATE`, so that it is an occurrence;
/// - `COMPLETED` is the UTC moment of local noon on the `@done` day, which zones
///   within 12 hours of here show as that day; a checked item with `@cancelled` (a
///   cancelled task of an Obsidian vault) is `STATUS:CANCELLED` instead;
/// - no UID is in the feed twice;
/// - no control character is in a TEXT value (see `ICalendarWriter.escaped`).
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
    /// The file's path as the UID names it (see `Export`): relative to its
    /// repository's root, else absolute; symbolic links resolved.
    package var stablePath: String
    /// The file's absolute path, symbolic links resolved: what tells apart two files
    /// whose `stablePath`s are equal (the same path in two clones).
    package var absolutePath: String
    /// Where the item is, for notes: `FILE:LINE`.
    package var place: String
    /// The file's last change, in seconds since 1970 (for `DTSTAMP`).
    package var modified: Int
    /// The file's reminder defaults.
    package var reminders: ReminderDefaults

    package init(
      item: ChecklistItem, list: String?, stablePath: String, absolutePath: String, place: String,
      modified: Int, reminders: ReminderDefaults
    ) {
      self.item = item
      self.list = list
      self.stablePath = stablePath
      self.absolutePath = absolutePath
      self.place = place
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

  /// The feed, and what `-v` says of it: text whose control characters were replaced,
  /// UIDs that had to be told apart.
  package struct Rendered {
    package var bytes: [UInt8]
    package var notes: [String]
  }

  /// The feed's bytes, with notes.
  package func render() -> Rendered {
    var writer = ICalendarWriter()
    var notes: [String] = []
    writer.line("BEGIN", "VCALENDAR")
    writer.line("VERSION", "2.0")
    writer.line("PRODID", "-//chk//chk \(ChkVersion.current)//EN")
    writer.line("CALSCALE", "GREGORIAN")
    writer.line("METHOD", "PUBLISH")
    writer.text("X-WR-CALNAME", name)
    var used = Set<String>()
    for entry in entries {
      guard let due = entry.item.due else { continue }
      let uid = Self.uniqueUID(entry, used: &used)
      if uid != Self.uid(entry) {
        notes.append(
          "\(entry.place): the UID \(Self.uid(entry)) is in the feed already (the same file in "
            + "another clone, or a repeated ID): this item's is \(uid)")
      }
      let replaced = writer.replacedControls
      write(entry, uid: uid, due: due, to: &writer)
      if writer.replacedControls > replaced {
        let count = writer.replacedControls - replaced
        notes.append(
          "\(entry.place): \(count) control character\(count == 1 ? "" : "s") written as "
            + "\(count == 1 ? "a visible symbol" : "visible symbols") (RFC 5545 allows none in text)"
        )
      }
    }
    writer.line("END", "VCALENDAR")
    return Rendered(bytes: writer.bytes, notes: notes)
  }

  private func write(
    _ entry: Entry, uid: String, due: DueMoment, to writer: inout ICalendarWriter
  ) {
    let item = entry.item
    let component = shape == .todos ? "VTODO" : "VEVENT"
    let time = due.time.map { LocalMoment(day: due.day, time: $0) }
    // DATE or floating DATE-TIME, the same type for every value of the component.
    let value = time.map(ICalendarWriter.floating) ?? ICalendarWriter.date(due.day)
    let type = time == nil ? ";VALUE=DATE" : ""
    writer.line("BEGIN", component)
    writer.text("UID", uid)
    writer.line("DTSTAMP", ICalendarWriter.utc(secondsSince1970: entry.modified))
    switch shape {
    case .todos:
      writer.text("SUMMARY", item.name)
    case .events:
      // An event has no status of its own: a done one says so in its title.
      writer.text("SUMMARY", item.isChecked ? "✓ " + item.name : item.name)
    }
    if let note = item.note, !note.isEmpty { writer.text("DESCRIPTION", note) }
    if let list = entry.list, !list.isEmpty { writer.text("CATEGORIES", list) }
    switch shape {
    case .todos:
      writer.line("DUE" + type, value)
      if item.isChecked, item.tags.contains(where: { $0.key == "cancelled" }) {
        // A task the Obsidian Tasks plugin cancelled (`❌`: `@cancelled` in chk's view).
        writer.line("STATUS", "CANCELLED")
      } else if item.isChecked {
        writer.line("STATUS", "COMPLETED")
        if let done = item.doneDate {
          writer.line("COMPLETED", ICalendarWriter.utcOfLocalNoon(done))
        }
        writer.line("PERCENT-COMPLETE", "100")
      } else {
        writer.line("STATUS", "NEEDS-ACTION")
      }
    case .events:
      writer.line("DTSTART" + type, value)
      if let time {
        writer.line("DTEND", time.adding(minutes: 30).map(ICalendarWriter.floating) ?? value)
      } else {
        writer.line("DTEND;VALUE=DATE", ICalendarWriter.date(due.day.adding(days: 1) ?? due.day))
      }
      writer.line("TRANSP", "TRANSPARENT")
    }
    if let rule = Self.rule(item.recurrence, due: due) {
      writer.line("RRULE", rule)
      if !Self.isOccurrence(due.day, of: item.recurrence) { writer.line("RDATE" + type, value) }
    }
    if !item.isChecked, let alarm = item.remindAt(entry.reminders) {
      // Relative to the due moment: DUE for a to-do, DTSTART for an event; both keep
      // the time floating.
      let anchor = time ?? LocalMoment(day: due.day, time: .midnight)
      writer.line("BEGIN", "VALARM")
      writer.line("ACTION", "DISPLAY")
      writer.text("DESCRIPTION", item.name)
      writer.line(
        shape == .todos ? "TRIGGER;RELATED=END" : "TRIGGER;RELATED=START",
        ICalendarWriter.duration(minutes: alarm.minuteNumber - anchor.minuteNumber))
      writer.line("END", "VALARM")
    }
    writer.line("END", component)
  }

  /// The UID: the item's ID and a hash of its file's path in its repository, so that
  /// the same item in any clone is the same to-do. Without an ID (`--no-assign`): the
  /// path, the list and the name, which change when they do.
  package static func uid(_ entry: Entry) -> String {
    uid(entry, path: entry.stablePath)
  }

  private static func uid(_ entry: Entry, path: String) -> String {
    if let id = entry.item.id { return uid(id: id, stablePath: path) }
    let key = path + "\n" + (entry.list ?? "") + "\n" + entry.item.name
    return "unstable-" + hex(ContentHash.of(Array(key.utf8))) + "@chk"
  }

  /// The UID of the item with ID `id` in the file at `stablePath` (see `Entry`): what
  /// `chk export` and `chk sync` both call it.
  package static func uid(id: String, stablePath: String) -> String {
    id + "-" + hex(ContentHash.of(Array(stablePath.utf8))) + "@chk"
  }

  /// The UID, told apart from those `used` already: by the file's absolute path (the
  /// same file in a second clone), then by a count (a repeated ID in one file).
  private static func uniqueUID(_ entry: Entry, used: inout Set<String>) -> String {
    var candidate = uid(entry)
    if used.contains(candidate) {
      candidate = uid(entry, path: entry.absolutePath)
      var count = 2
      let base = candidate.dropLast(4)
      while used.contains(candidate) {
        candidate = base + "-\(count)@chk"
        count += 1
      }
    }
    used.insert(candidate)
    return candidate
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

  /// Whether `day`, the series' first due day, is a day its rule gives: not so for
  /// `@every(weekday)` due on a weekend, or `@every(monday)` due on another day.
  package static func isOccurrence(_ day: CalendarDay, of recurrence: Recurrence?) -> Bool {
    switch recurrence?.unit {
    case .weekday: return day.weekday <= 5
    case .dayOfWeek(let weekday): return day.weekday == (weekday - 1) % 7 + 1
    default: return true
    }
  }

  private static func interval(_ count: Int) -> String {
    count == 1 ? "" : ";INTERVAL=\(count)"
  }
}
