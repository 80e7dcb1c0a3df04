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
    let distance = abs(days)
    let amount: String
    switch distance {
    case ..<14: amount = "\(distance) days"
    case ..<60: amount = plural(distance / 7, "week")
    case ..<730: amount = plural(distance / 30, "month")
    default: amount = plural(distance / 365, "year")
    }
    return days > 0 ? "in " + amount : amount + " ago"
  }

  private static func plural(_ count: Int, _ unit: String) -> String {
    count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
  }
}
