import ChecklistKit

/// Where `chk due` and the terminal UI file an open item with a due day: overdue, due
/// today, this week (to Sunday of the ISO week), or later.
package enum DueSection: Int, Comparable, Sendable, CaseIterable {
  case overdue, today, thisWeek, later

  /// The section of an item due on `due`, seen on `today`.
  /// The section of an item due at `due`, seen on `today` at `now` (a time today
  /// already past is overdue).
  package init(due: DueMoment, today: CalendarDay, now: ClockTime?) {
    if due.day == today, let time = due.time, let now, time < now {
      self = .overdue
    } else {
      self.init(due: due.day, today: today)
    }
  }

  package init(due: CalendarDay, today: CalendarDay) {
    if due < today {
      self = .overdue
    } else if due == today {
      self = .today
    } else if due <= today.adding(days: 7 - today.weekday) ?? .latest {
      // The week ends on Sunday, or with the calendar (9999-12-31 is a Friday).
      self = .thisWeek
    } else {
      self = .later
    }
  }

  /// The heading `chk due` and the terminal UI show.
  package var title: String {
    switch self {
    case .overdue: return "Overdue"
    case .today: return "Today"
    case .thisWeek: return "This week"
    case .later: return "Later"
    }
  }

  /// The name in JSON output.
  package var key: String {
    switch self {
    case .overdue: return "overdue"
    case .today: return "today"
    case .thisWeek: return "this-week"
    case .later: return "later"
    }
  }

  package static func < (lhs: DueSection, rhs: DueSection) -> Bool { lhs.rawValue < rhs.rawValue }
}
