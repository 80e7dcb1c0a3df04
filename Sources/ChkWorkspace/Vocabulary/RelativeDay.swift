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

  /// A day as a person types it, on `today`: `YYYY-MM-DD`, `today`, `tomorrow`,
  /// `yesterday`, or a weekday's name or its first three letters or more (`fri`,
  /// `Friday`: the next one, never today), in any case. `nil` for anything else.
  package static func day(_ text: String, today: CalendarDay) -> CalendarDay? {
    let word = text.lowercased()
    if let day = CalendarDay(word) { return day }
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    default: break
    }
    guard word.count >= 3,
      let index = CalendarDay.lowercasedWeekdayNames.firstIndex(where: { $0.hasPrefix(word) })
    else { return nil }
    return today.next(weekday: index + 1)
  }

  /// A due day and optional time as a person types it: a day as `day(_:today:)` reads
  /// it, then optionally `HH:MM` after a space (`fri 17:00`, `2024-06-01 09:30`), or
  /// `YYYY-MM-DDTHH:MM`. `nil` for anything else.
  package static func due(_ text: String, today: CalendarDay) -> DueMoment? {
    if let moment = DueMoment(text) { return moment }
    var words = text.split(separator: " ").map(String.init)
    var time: ClockTime?
    if words.count == 2 {
      guard let parsed = ClockTime(words[1]) else { return nil }
      time = parsed
      words.removeLast()
    }
    guard words.count == 1, let day = day(words[0], today: today) else { return nil }
    return DueMoment(day: day, time: time)
  }

  /// What to say about a day that `day(_:today:)` does not read.
  package static let accepted =
    "write YYYY-MM-DD (e.g. 2024-02-29), today, tomorrow, yesterday or a weekday"
}
