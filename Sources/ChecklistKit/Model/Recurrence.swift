/// How an item comes back, from its `@every(...)` tag: `day`, `week`, `month`,
/// `year`, a count of them (`2 weeks`, `3 days`), `weekday` (Monday to Friday), or a
/// day of the week (`monday` ... `sunday`), optionally followed by `from done`.
///
/// ```swift
/// let every = Recurrence("2 weeks")!
/// every.next(due: CalendarDay(year: 2024, month: 1, day: 31)!, done: nil)  // 2024-02-14
/// ```
public struct Recurrence: Sendable, Hashable, CustomStringConvertible {
  /// The step between occurrences.
  public enum Unit: Sendable, Hashable {
    case days(Int)
    case months(Int)
    /// The next Monday to Friday.
    case weekday
    /// The next given day of the week: 1 Monday ... 7 Sunday (ISO 8601).
    case dayOfWeek(Int)
  }

  /// The step.
  public let unit: Unit
  /// Whether the next due day counts from the day the item was done (`from done`)
  /// rather than from its due day.
  public let fromDone: Bool
  /// The value as written (trimmed), for messages.
  public let description: String

  /// How to write a value, for a message that refuses one: the one wording the linter
  /// and the command line give.
  public static let howToWrite =
    "write day, week, month, year, '2 weeks', weekday or a day such as monday, "
    + "optionally followed by 'from done'"

  /// Parses an `@every` value; `nil` when it is not one (see the type's summary).
  /// Words are read in any case; a count is 1 to 999.
  public init?(_ text: some StringProtocol) {
    var words = String(text).lowercased().split(whereSeparator: { (character: Character) in
      character == " " || character == "\t"
    }).map(String.init)
    description = words.joined(separator: " ")
    fromDone = words.count >= 2 && words.suffix(2) == ["from", "done"]
    if fromDone { words.removeLast(2) }
    var count = 1
    var word = words.last ?? ""
    switch words.count {
    case 1:
      break
    case 2:
      // "1 week", "2 weeks": a count, then the unit (plural from 2 on).
      guard let number = Int(words[0]), (1...999).contains(number),
        words[0].allSatisfy({ (character: Character) in character.isASCII }),
        words[0].first != "0", words[0].first != "+",
        ["day", "week", "month", "year"].contains(number == 1 ? word : String(word.dropLast())),
        number == 1 || word.hasSuffix("s")
      else { return nil }
      count = number
      if number > 1 { word.removeLast() }
    default:
      return nil
    }
    switch word {
    case "day": unit = .days(count)
    case "week": unit = .days(7 * count)
    case "month": unit = .months(count)
    case "year": unit = .months(12 * count)
    case "weekday":
      guard count == 1 else { return nil }
      unit = .weekday
    default:
      guard count == 1,
        let index = CalendarDay.lowercasedWeekdayNames.firstIndex(of: word)
      else { return nil }
      unit = .dayOfWeek(index + 1)
    }
  }

  /// The next due day of an item due on `due` and done on `done`.
  ///
  /// With `from done`, one step after the done day. Otherwise the series keeps its
  /// rhythm: the first day of `due`, `due` + 1 step, `due` + 2 steps ... that comes
  /// after both the due day and the done day, so an item done late does not come back
  /// already overdue. Months keep the due day's day of the month where the month has
  /// it, else take its last day (Jan 31 + 1 month = Feb 28, or 29 in a leap year).
  /// `nil` past year 9999.
  public func next(due: CalendarDay, done: CalendarDay?) -> CalendarDay? {
    let start = fromDone ? (done ?? due) : due
    let floor = fromDone ? start : max(due, done ?? due)
    switch unit {
    case .days(let step):
      // The smallest k >= 1 with start + k * step > floor.
      let gap = floor.dayNumber - start.dayNumber
      let steps = gap / step + 1
      return start.adding(days: steps * step)
    case .months(let step):
      var steps = 1
      while true {
        guard let day = start.adding(months: steps * step) else { return nil }
        if day > floor { return day }
        steps += 1
      }
    case .weekday:
      var day = floor
      repeat {
        guard let next = day.adding(days: 1) else { return nil }
        day = next
      } while day.weekday > 5
      return day
    case .dayOfWeek(let weekday):
      return floor.next(weekday: weekday)
    }
  }
}

extension CalendarDay {
  /// The same day of the month `count` months later (earlier when negative), or the
  /// month's last day when it is shorter; `nil` outside years 1-9999.
  public func adding(months count: Int) -> CalendarDay? {
    let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(count)
    guard !overflow else { return nil }
    let newYear = total >= 0 ? total / 12 : (total - 11) / 12
    let newMonth = total - newYear * 12 + 1
    guard let first = CalendarDay(year: newYear, month: newMonth, day: 1) else { return nil }
    return CalendarDay(year: newYear, month: newMonth, day: min(day, first.endOfMonth.day))
  }
}

extension ChecklistItem {
  /// The item's `@every`, when it holds a valid one.
  public var recurrence: Recurrence? {
    tagValue(.every).flatMap { Recurrence($0) }
  }
}
