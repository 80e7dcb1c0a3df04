import ChecklistKit

/// A day in words near today, as a person says it: "today", "tomorrow", "yesterday",
/// "in 3 days", "3 days ago"; further away in weeks, months and years ("in 2 weeks",
/// "5 months ago", "in 3 years").
package enum RelativeDay {
  /// How `day` reads on `today`.
  package static func words(_ day: CalendarDay, today: CalendarDay) -> String {
    let days = day.dayNumber - today.dayNumber
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    default: break
    }
    return days > 0 ? "in " + span(days) : span(-days) + " ago"
  }

  /// A number of days (1 or more) in words: days up to two weeks, then weeks, months
  /// (of 30 days) and, past two years, years: "1 day", "3 days", "5 weeks", "73 years".
  package static func span(_ days: Int) -> String {
    switch days {
    case ..<14: plural(days, "day")
    case ..<60: plural(days / 7, "week")
    case ..<730: plural(days / 30, "month")
    default: plural(days / 365, "year")
    }
  }

  private static func plural(_ count: Int, _ unit: String) -> String {
    count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
  }

  /// A day as a person types it, on `today` (see `RelativeDay+Typing.swift` for every
  /// form). `nil` for anything else, an ambiguous `3/4` included.
  package static func day(_ text: String, today: CalendarDay) -> CalendarDay? {
    TypedDay(text, today: today)?.day
  }

  /// A due day and optional time as a person types it: a day as `day(_:today:)` reads
  /// it, then optionally a time after a space (`fri 17:00`, `dec 24 at 9:30`), or
  /// `YYYY-MM-DDTHH:MM`; a time alone is today at that time (`17:00`). `nil` for
  /// anything else.
  package static func due(_ text: String, today: CalendarDay) -> DueMoment? {
    if let moment = DueMoment(text) { return moment }
    var words = text.lowercased().split(separator: " ").map(String.init)
    var time: ClockTime?
    if let last = words.last, last.contains(":") {
      guard let parsed = ClockTime(last.count == 4 ? "0" + last : last) else { return nil }
      time = parsed
      words.removeLast()
      if words.last == "at" { words.removeLast() }
    }
    if words.isEmpty {
      guard let time else { return nil }
      return DueMoment(day: today, time: time)
    }
    guard let day = day(words.joined(separator: " "), today: today) else { return nil }
    return DueMoment(day: day, time: time)
  }

  /// What to say about a day that `day(_:today:)` does not read.
  package static let accepted =
    "write YYYY-MM-DD (e.g. 2024-02-29), today, tomorrow, yesterday, a weekday (fri), "
    + "next fri, next week, in 3 days, +2w, dec 24 or 24 dec, or 12/24 (a day over 12 "
    + "tells it from the month)"
}
