import ChecklistKit

/// A day as a person types it, on a given today: what every DATE option of the
/// command line and every day prompt of the terminal UI read. In any case, with any
/// spaces between words:
///
/// - `2024-06-01`;
/// - `today`, `tomorrow`, `yesterday`;
/// - a weekday's name or its first three letters or more (`fri`, `Friday`): the next
///   one, never today; `next fri`: that day in next week (Monday to Sunday);
/// - `next week` (its Monday), `next month` (its first day);
/// - `in 3 days`, `in a week`, `in 2 weeks`, `in 1 month`, `in a year`; `+3d`, `+2w`,
///   `+1m`, `+1y` (`+3` is days);
/// - a month's name or its first three letters and a day, either way round (`dec 24`,
///   `24 December`): the next such day, today included;
/// - `12/24` or `24/12`: month and day, only when the day is over 12 (so that it
///   cannot be read the other way); `3/4` is refused as ambiguous. The next such day.
struct TypedDay {
  let day: CalendarDay

  static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  init?(_ text: String, today: CalendarDay) {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
      .map(String.init)
    guard let day = Self.read(words, today: today) else { return nil }
    self.day = day
  }

  private static func read(_ words: [String], today: CalendarDay) -> CalendarDay? {
    switch words.count {
    case 1: return one(words[0], today: today)
    case 2:
      if words[0] == "next" { return next(words[1], today: today) }
      if words[0] == "in", let span = span(count: "1", words[1]) { return span(today) }
      return monthAndDay(words[0], words[1], today: today)
    case 3:
      guard words[0] == "in", let span = span(count: words[1], words[2]) else { return nil }
      return span(today)
    default: return nil
    }
  }

  private static func one(_ word: String, today: CalendarDay) -> CalendarDay? {
    if let day = CalendarDay(word) { return day }
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    default: break
    }
    if word.hasPrefix("+") {
      let body = word.dropFirst()
      let digits = body.prefix { $0.isASCII && $0.isNumber }
      let unit = body.dropFirst(digits.count)
      guard !digits.isEmpty, digits.count <= 5, unit.count <= 1,
        let span = span(count: String(digits), unit.isEmpty ? "d" : String(unit))
      else { return nil }
      return span(today)
    }
    if word.contains("/") { return numeric(word, today: today) }
    if let weekday = weekday(word) { return today.next(weekday: weekday) }
    return nil
  }

  /// The weekday (1 Monday to 7 Sunday) a word names: three letters or more.
  private static func weekday(_ word: String) -> Int? {
    guard word.count >= 3,
      let index = CalendarDay.lowercasedWeekdayNames.firstIndex(where: { $0.hasPrefix(word) })
    else { return nil }
    return index + 1
  }

  /// The month (1 to 12) a word names: three letters or more.
  private static func month(_ word: String) -> Int? {
    guard word.count >= 3, let index = monthNames.firstIndex(where: { $0.hasPrefix(word) })
    else { return nil }
    return index + 1
  }

  /// `next week`, `next month`, `next fri`.
  private static func next(_ word: String, today: CalendarDay) -> CalendarDay? {
    // The Monday of next week: never today, as a weekday's name never is.
    guard let monday = today.next(weekday: 1) else { return nil }
    switch word {
    case "week": return monday
    case "month":
      return today.adding(months: 1).flatMap { CalendarDay(year: $0.year, month: $0.month, day: 1) }
    default:
      guard let weekday = weekday(word) else { return nil }
      return monday.adding(days: weekday - 1)
    }
  }

  /// A span of `count` units after a day: days, weeks, months, years (`d`, `w`, `m`,
  /// `y`, or the words, singular or plural); `a`/`an` is one.
  private static func span(count text: String, _ unit: String) -> ((CalendarDay) -> CalendarDay?)? {
    let count = text == "a" || text == "an" ? 1 : Int(text)
    guard let count, (0...99_999).contains(count) else { return nil }
    switch unit {
    case "d", "day", "days": return { $0.adding(days: count) }
    case "w", "week", "weeks": return { $0.adding(days: 7 * count) }
    case "m", "month", "months": return { $0.adding(months: count) }
    case "y", "year", "years": return { $0.adding(months: 12 * count) }
    default: return nil
    }
  }

  /// `dec 24` or `24 dec`: the next such day, today included.
  private static func monthAndDay(_ first: String, _ second: String, today: CalendarDay)
    -> CalendarDay?
  {
    if let month = month(first), let day = Int(second) { return upcoming(month, day, today) }
    if let day = Int(first), let month = month(second) { return upcoming(month, day, today) }
    return nil
  }

  /// `12/24` or `24/12`: only when one number is over 12 (or both are the same).
  private static func numeric(_ word: String, today: CalendarDay) -> CalendarDay? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]) else {
      return nil
    }
    if first <= 12, second > 12 { return upcoming(first, second, today) }
    if second <= 12, first > 12 { return upcoming(second, first, today) }
    if first == second { return upcoming(first, second, today) }
    return nil
  }

  /// The next `month`-`day` on or after today (February 29 waits for a leap year).
  private static func upcoming(_ month: Int, _ day: Int, _ today: CalendarDay) -> CalendarDay? {
    for year in today.year...min(today.year + 8, 9999) {
      if let candidate = CalendarDay(year: year, month: month, day: day), candidate >= today {
        return candidate
      }
    }
    return nil
  }
}
