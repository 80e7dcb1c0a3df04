/// The next occurrence, as the plugin finds it (`src/Task/Recurrence.ts`,
/// `src/Task/Occurrence.ts`): the rule starts on a day (the task's reference date, or
/// the day it is done for `when done`) and the next occurrence is its first day after
/// that one. A plain monthly or yearly rule (`every month`, `every 2 years`) keeps the
/// day of the month or takes the month's last day (January 31 + 1 month is February
/// 28), as the plugin moves rrule's skipped months back; a rule that names the day
/// (`on the 31st`) skips months without it.
extension ObsidianRecurrence {
  /// The first day of the rule started on `start` that comes after it; `nil` when
  /// there is none before year 9999.
  public func next(after start: CalendarDay) -> CalendarDay? {
    switch frequency {
    case .daily:
      return start.adding(days: interval)
    case .weekly:
      guard !weekdays.isEmpty else { return start.adding(days: 7 * interval) }
      let days = Set(weekdays.map(\.day))
      let week = Self.week(of: start)
      var day = start
      for _ in 0..<(7 * interval + 7) {
        guard let following = day.adding(days: 1) else { return nil }
        day = following
        let weeks = Self.week(of: day) - week
        if weeks % interval == 0, days.contains(day.weekday) { return day }
      }
      return nil
    case .monthly:
      if monthDays.isEmpty, weekdays.isEmpty { return start.adding(months: interval) }
      return firstInPeriods(after: start, months: 1) { year, month in
        days(inYear: year, month: month)
      }
    case .yearly:
      if months.isEmpty, monthDays.isEmpty, weekdays.isEmpty {
        return start.adding(months: 12 * interval)
      }
      return firstInPeriods(after: start, months: 12) { year, _ in
        (months.isEmpty ? [start.month] : months).flatMap { month -> [CalendarDay] in
          if monthDays.isEmpty, weekdays.isEmpty {
            return CalendarDay(year: year, month: month, day: start.day).map { [$0] } ?? []
          }
          return days(inYear: year, month: month)
        }
      }
    }
  }

  /// The number of the week (Monday to Sunday) a day is in, counted from 1970.
  static func week(of day: CalendarDay) -> Int {
    let monday = day.dayNumber - (day.weekday - 1)
    // 1970-01-05 was a Monday; floor division for days before it.
    let offset = monday - 4
    return offset >= 0 ? offset / 7 : -((-offset + 6) / 7)
  }

  /// Walks the periods of the rule (`months` long, every `interval`th from the start's)
  /// for the first of their days after `start`.
  func firstInPeriods(
    after start: CalendarDay, months length: Int, _ days: (Int, Int) -> [CalendarDay]
  ) -> CalendarDay? {
    // Enough periods for a February 29 every 4 years, or a 31st every other month.
    for period in 0..<(8 * 12 / length + 8) {
      let offset = period * interval * length
      let total =
        start.year * 12 + start.month - 1 + (length == 12 ? offset - (start.month - 1) : offset)
      let year = total / 12
      guard year <= 9999 else { return nil }
      let found = days(year, total % 12 + 1).filter { start < $0 }.sorted()
      if let first = found.first { return first }
    }
    return nil
  }

  /// The days of a month the rule names: its days of the month, and its days of the
  /// week (the nth of the month, or every one).
  func days(inYear year: Int, month: Int) -> [CalendarDay] {
    guard let first = CalendarDay(year: year, month: month, day: 1) else { return [] }
    let last = first.endOfMonth.day
    var result: [CalendarDay] = []
    for day in monthDays {
      let number = day > 0 ? day : last + 1 + day
      if number >= 1, number <= last, let found = CalendarDay(year: year, month: month, day: number)
      {
        result.append(found)
      }
    }
    for (weekday, nth) in weekdays {
      let matching = (1...last).compactMap { CalendarDay(year: year, month: month, day: $0) }
        .filter { $0.weekday == weekday }
      if nth == 0 {
        result += matching
      } else if nth > 0, nth <= matching.count {
        result.append(matching[nth - 1])
      } else if nth < 0, -nth <= matching.count {
        result.append(matching[matching.count + nth])
      }
    }
    return result
  }
}
