import ChecklistKit

/// Writes the `.ics` file of one item for `chk sync`: the properties chk owns made
/// from the item's fields, and everything else the file held (other clients' X-
/// properties, ATTACH, location alarms, time zones) kept byte for byte.
package struct VTodoWriter {
  /// What the to-do should say.
  package struct Content: Sendable, Equatable {
    package var uid: String
    package var fields: SyncFields
    /// The parent's UID, for a sub-item.
    package var parentUID: String?
    /// The place in the list (X-APPLE-SORT-ORDER), from 1 at the top.
    package var sortOrder: Int

    package init(uid: String, fields: SyncFields, parentUID: String?, sortOrder: Int) {
      self.uid = uid
      self.fields = fields
      self.parentUID = parentUID
      self.sortOrder = sortOrder
    }
  }

  /// The properties of a VTODO chk owns: those it writes from the item, and those it
  /// updates on every write. DTSTART is owned only when it is not before DUE (RFC 5545
  /// wants a to-do's start before its due); an earlier start is the client's (tasks.org's
  /// "start date") and is kept.
  static let ownedProperties: Set<String> = [
    "UID", "DTSTAMP", "SUMMARY", "DESCRIPTION", "DUE", "STATUS", "COMPLETED",
    "PERCENT-COMPLETE", "RRULE", "RDATE", "X-CHK-EVERY", "X-APPLE-SORT-ORDER",
    "LAST-MODIFIED", "SEQUENCE",
  ]

  /// The file's bytes.
  ///
  /// - Parameters:
  ///   - content: what the to-do says.
  ///   - existing: the file as read, when there is one; what chk does not own stays.
  ///   - reminders: the defaults the file's `.chk.json` gives, for the alarm.
  ///   - stamp: DTSTAMP and LAST-MODIFIED, a UTC DATE-TIME.
  package static func bytes(
    _ content: Content, existing: VTodoFile?, reminders: ReminderDefaults, stamp: String
  ) -> [UInt8] {
    var writer = ICalendarWriter()
    writer.line("BEGIN", "VCALENDAR")
    if let existing {
      for property in existing.calendar.properties { writer.raw(property.raw) }
      for component in existing.calendar.components {
        if component.name == "VTODO" {
          // The to-do itself; its changed occurrences (RECURRENCE-ID) are dropped: a
          // completed one was taken in as a check, and the series now starts at the
          // next occurrence.
          if component.property("RECURRENCE-ID") == nil {
            writeTodo(content, existing: component, reminders: reminders, stamp: stamp, &writer)
          }
        } else {
          writer.raw(component.raw)
        }
      }
    } else {
      writer.line("VERSION", "2.0")
      writer.line("PRODID", "-//chk//chk \(ChkVersion.current)//EN")
      writeTodo(content, existing: nil, reminders: reminders, stamp: stamp, &writer)
    }
    writer.line("END", "VCALENDAR")
    return writer.bytes
  }

  private static func writeTodo(
    _ content: Content, existing: ICalendarComponent?, reminders: ReminderDefaults,
    stamp: String, _ writer: inout ICalendarWriter
  ) {
    let fields = content.fields
    let due = DueMoment(fields[.due])
    writer.line("BEGIN", "VTODO")
    writer.text("UID", content.uid)
    writer.line("DTSTAMP", stamp)
    var sequence = 0
    for property in existing?.properties ?? [] {
      if property.name == "SEQUENCE" {
        sequence = (Int(property.value.trimmingASCIIWhitespace) ?? -1) + 1
        continue
      }
      if ownedProperties.contains(property.name) || isOwnedRelation(property) { continue }
      if property.name == "DTSTART", isDroppedStart(property, due: due) { continue }
      writer.raw(property.raw)
    }
    writer.line("SEQUENCE", String(sequence))
    writer.line("LAST-MODIFIED", stamp)
    writer.text("SUMMARY", fields[.name])
    if !fields[.note].isEmpty { writer.text("DESCRIPTION", fields[.note]) }
    let time = due.flatMap { due in due.time.map { LocalMoment(day: due.day, time: $0) } }
    let value = due.map { due in time.map(ICalendarWriter.floating) ?? ICalendarWriter.date(due.day)
    }
    let type = time == nil ? ";VALUE=DATE" : ""
    if let value { writer.line("DUE" + type, value) }
    if fields[.checked].isEmpty {
      writer.line("STATUS", "NEEDS-ACTION")
    } else {
      writer.line("STATUS", "COMPLETED")
      if let done = CalendarDay(fields[.done]) {
        writer.line("COMPLETED", ICalendarWriter.utcOfLocalNoon(done))
      }
      writer.line("PERCENT-COMPLETE", "100")
    }
    let every = fields[.every]
    if every.hasPrefix("RRULE:") {
      writer.line("RRULE", String(every.dropFirst(6)))
      if let value, let text = SyncFields.recurrenceText(every) ?? nil,
        !CalendarFeed.isOccurrence(due?.day ?? .latest, of: Recurrence(text))
      {
        writer.line("RDATE" + type, value)
      }
    } else if every.hasPrefix("X:") {
      writer.text("X-CHK-EVERY", String(every.dropFirst(2)))
    }
    if let parent = content.parentUID { writer.text("RELATED-TO;RELTYPE=PARENT", parent) }
    writer.line("X-APPLE-SORT-ORDER", String(content.sortOrder))
    let owned = existing.flatMap(SyncFields.ownedAlarm)
    for component in existing?.components ?? [] where component.raw != owned?.raw {
      writer.raw(component.raw)
    }
    if let due, fields[.remind] != "off",
      let alarm = Reminder.moment(
        for: SyncFields.reminder(fields[.remind]), due: due, defaults: reminders)
    {
      let anchor = time ?? LocalMoment(day: due.day, time: .midnight)
      writer.line("BEGIN", "VALARM")
      writer.line("ACTION", "DISPLAY")
      writer.text("DESCRIPTION", fields[.name])
      writer.line(
        "TRIGGER;RELATED=END",
        ICalendarWriter.duration(minutes: alarm.minuteNumber - anchor.minuteNumber))
      writer.line("END", "VALARM")
    }
    writer.line("END", "VTODO")
  }

  /// A parent relation, which chk writes from the item's place.
  private static func isOwnedRelation(_ property: ICalendarComponent.Property) -> Bool {
    property.name == "RELATED-TO"
      && (property.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
  }

  /// Whether a DTSTART would not be before the DUE written (or there is no DUE).
  private static func isDroppedStart(_ property: ICalendarComponent.Property, due: DueMoment?)
    -> Bool
  {
    guard let due, let start = ICalendarTime.dueMoment(property) else { return true }
    let dueMinute = LocalMoment(day: due.day, time: due.time ?? .midnight).minuteNumber
    let startMinute = LocalMoment(day: start.day, time: start.time ?? .midnight).minuteNumber
    return startMinute >= dueMinute
  }
}
