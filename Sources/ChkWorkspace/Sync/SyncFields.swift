import ChecklistKit

/// What `chk sync` carries both ways between an item and its VTODO, field by field.
///
/// Each field is text that is equal exactly when the two sides mean the same, so that
/// the three-way merge compares text: the item's side and the VTODO's are both brought
/// to the one form (a due moment's canonical text, a repeat rule as the RRULE chk would
/// write, a reminder as the `@remind` that gives the same alarm). An empty text is an
/// absent field.
package struct SyncFields: Sendable, Hashable {
  /// A field, by the name the state and `--json` use.
  package enum Field: String, CaseIterable, Sendable {
    case name, note, due, checked, done, every, remind

    /// The property or component of the VTODO it is: for messages.
    package var property: String {
      switch self {
      case .name: "SUMMARY"
      case .note: "DESCRIPTION"
      case .due: "DUE"
      case .checked: "STATUS"
      case .done: "COMPLETED"
      case .every: "RRULE"
      case .remind: "VALARM"
      }
    }
  }

  private var values: [String] = Array(repeating: "", count: Field.allCases.count)

  package init() {}

  /// A field's text; empty when absent.
  package subscript(field: Field) -> String {
    get { values[Self.index(field)] }
    set { values[Self.index(field)] = newValue }
  }

  private static func index(_ field: Field) -> Int {
    switch field {
    case .name: 0
    case .note: 1
    case .due: 2
    case .checked: 3
    case .done: 4
    case .every: 5
    case .remind: 6
    }
  }

  /// The text of `checked` for a checked item.
  package static let checkedText = "x"

  /// The fields of an item.
  package init(item: ChecklistItem, reminders: ReminderDefaults) {
    self[.name] = item.name
    self[.note] = item.note ?? ""
    self[.due] = item.due?.description ?? ""
    self[.checked] = item.isChecked ? Self.checkedText : ""
    self[.done] = item.doneDate?.description ?? ""
    if let text = item.tagValue(.every) {
      self[.every] = Self.everyText(Recurrence(text), written: text, due: item.due)
    }
    self[.remind] = Self.remindText(
      due: item.due, alarm: item.remindAt(reminders), defaults: reminders)
  }

  /// The fields of a VTODO.
  package init(todo: ICalendarComponent, reminders: ReminderDefaults) {
    self[.name] = todo.property("SUMMARY")?.text ?? ""
    self[.note] = todo.property("DESCRIPTION")?.text ?? ""
    let due = (todo.property("DUE") ?? todo.property("DTSTART")).flatMap(ICalendarTime.dueMoment)
    self[.due] = due?.description ?? ""
    let status = todo.property("STATUS")?.value.uppercased()
    let completed = todo.property("COMPLETED")
    if status == "COMPLETED" || (status == nil && completed != nil) {
      self[.checked] = Self.checkedText
    }
    self[.done] = completed.flatMap(ICalendarTime.localDay)?.description ?? ""
    if let rule = todo.property("RRULE") {
      self[.every] = "RRULE:" + rule.value.uppercased()
    } else if let every = todo.property("X-CHK-EVERY") {
      self[.every] = "X:" + every.text
    }
    self[.remind] = Self.remindText(
      due: due, alarm: Self.ownedAlarm(of: todo).flatMap { Self.moment(of: $0, due: due) },
      defaults: reminders)
  }

  // MARK: - Repeating

  /// `@every` as chk writes it in a VTODO: `RRULE:` and the rule where RFC 5545 can say
  /// it, else `X:` and the value (X-CHK-EVERY, which only chk reads).
  static func everyText(_ recurrence: Recurrence?, written: String, due: DueMoment?) -> String {
    if let recurrence, let due, let rule = CalendarFeed.rule(recurrence, due: due) {
      return "RRULE:" + rule
    }
    return "X:" + (recurrence?.description ?? written)
  }

  /// The `@every` value an `every` text stands for; `nil` for an RRULE that `@every`
  /// cannot say (a count, an end, days of the month, several days of the week).
  package static func recurrenceText(_ every: String) -> String?? {
    if every.isEmpty { return .some(nil) }
    if every.hasPrefix("X:") { return .some(String(every.dropFirst(2))) }
    guard every.hasPrefix("RRULE:") else { return nil }
    var frequency = ""
    var interval = 1
    var days: [String] = []
    for part in every.dropFirst(6).split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2 else { return nil }
      switch pair[0] {
      case "FREQ": frequency = pair[1]
      case "INTERVAL":
        guard let value = Int(pair[1]), (1...999).contains(value) else { return nil }
        interval = value
      case "BYDAY": days = pair[1].split(separator: ",").map(String.init)
      case "WKST": continue
      default: return nil
      }
    }
    let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    func counted(_ unit: String) -> String { interval == 1 ? unit : "\(interval) \(unit)s" }
    switch (frequency, days.count) {
    case ("DAILY", 0): return .some(counted("day"))
    case ("WEEKLY", 0): return .some(counted("week"))
    case ("WEEKLY", 1) where interval == 1:
      guard let index = names.firstIndex(of: days[0]) else { return nil }
      return .some(CalendarDay.lowercasedWeekdayNames[index])
    case ("WEEKLY", 5) where interval == 1 && Set(days) == Set(names.prefix(5)):
      return .some("weekday")
    case ("MONTHLY", 0): return .some(counted("month"))
    case ("YEARLY", 0): return .some(counted("year"))
    default: return nil
    }
  }

  // MARK: - Reminding

  /// An alarm as the `@remind` value that gives it on an item due `due`: empty for the
  /// default alarm (or any alarm without a due day), `off` for none when the default
  /// would remind.
  static func remindText(due: DueMoment?, alarm: LocalMoment?, defaults: ReminderDefaults)
    -> String
  {
    guard let due else { return "" }
    if alarm == Reminder.moment(for: nil, due: due, defaults: defaults) { return "" }
    guard let alarm else { return "off" }
    let candidates: [Reminder]
    if let time = due.time {
      let before = LocalMoment(day: due.day, time: time).minuteNumber - alarm.minuteNumber
      candidates = before > 0 ? [.before(minutes: before), .at(alarm.time)] : [.at(alarm.time)]
    } else {
      let before =
        LocalMoment(day: due.day, time: defaults.time).minuteNumber - alarm.minuteNumber
      candidates = alarm.day == due.day ? [.at(alarm.time)] : [.before(minutes: before)]
    }
    for candidate in candidates
    where Reminder(candidate.description) == candidate
      && Reminder.moment(for: candidate, due: due, defaults: defaults) == alarm
    {
      return candidate.description
    }
    return ""
  }

  /// The reminder a `remind` text stands for.
  package static func reminder(_ text: String) -> Reminder? {
    text.isEmpty ? nil : Reminder(text)
  }

  /// The VALARM chk owns in a VTODO: the first that shows or sounds at a time (not at
  /// a place: Apple's location alarms are left alone).
  package static func ownedAlarm(of todo: ICalendarComponent) -> ICalendarComponent? {
    todo.components.first { alarm in
      guard alarm.name == "VALARM", let trigger = alarm.property("TRIGGER") else { return false }
      let action = alarm.property("ACTION")?.value.uppercased()
      return (action == "DISPLAY" || action == "AUDIO")
        && alarm.property("X-APPLE-PROXIMITY") == nil
        && alarm.property("X-APPLE-STRUCTURED-LOCATION") == nil
        && (trigger.parameter("VALUE")?.uppercased() == "DATE-TIME"
          || ICalendarTime.minutes(ofDuration: trigger.value) != nil)
    }
  }

  /// When an alarm goes off, for a VTODO due `due`.
  static func moment(of alarm: ICalendarComponent, due: DueMoment?) -> LocalMoment? {
    guard let trigger = alarm.property("TRIGGER") else { return nil }
    if let minutes = ICalendarTime.minutes(ofDuration: trigger.value) {
      // A to-do's alarm counts from DUE (chk writes no DTSTART): a due day alone from
      // its midnight, as chk writes it.
      guard let due else { return nil }
      return LocalMoment(day: due.day, time: due.time ?? .midnight).adding(minutes: minutes)
    }
    return ICalendarTime.dueMoment(trigger).map {
      LocalMoment(day: $0.day, time: $0.time ?? .midnight)
    }
  }
}
