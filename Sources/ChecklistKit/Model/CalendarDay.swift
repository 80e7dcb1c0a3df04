internal import ChkPlatform

/// A calendar day with no time or zone, written `YYYY-MM-DD` (ISO 8601).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Creates a day, or `nil` when it is not a real day of the Gregorian calendar
  /// (such as February 30) or the year is outside 1-9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD`; `nil` for anything else or a day that does not exist.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard let day = bytes.withUnsafeBufferPointer({ Self.parse($0, 0..<$0.count) }) else {
      return nil
    }
    self = day
  }

  /// Parses `YYYY-MM-DD` from a byte range.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CalendarDay? {
    guard range.count == 10, bytes[range.lowerBound + 4] == ASCII.dash,
      bytes[range.lowerBound + 7] == ASCII.dash
    else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for index in (range.lowerBound + from)..<(range.lowerBound + from + count) {
        guard ASCII.isDigit(bytes[index]) else { return nil }
        value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else {
      return nil
    }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// The last day a date can name: 9999-12-31.
  public static let latest = CalendarDay(uncheckedYear: 9999, month: 12, day: 31)

  /// Today in the local time zone.
  public static func today() -> CalendarDay {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return CalendarDay(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? CalendarDay(uncheckedYear: 1970, month: 1, day: 1)
  }

  private init(uncheckedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's
  /// `days_from_civil`).
  public var dayNumber: Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `count` days later (earlier when negative); `nil` outside years 1-9999.
  public func adding(days count: Int) -> CalendarDay? {
    let (number, overflow) = dayNumber.addingReportingOverflow(count)
    // Days 0001-01-01 to 9999-12-31; checked first, so that no step below overflows.
    guard !overflow, (-719_162...2_932_896).contains(number) else { return nil }
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CalendarDay(year: year, month: month, day: day)
  }

  /// The day of the week: 1 Monday ... 7 Sunday (ISO 8601).
  public var weekday: Int {
    let number = dayNumber
    // 1970-01-01 was a Thursday (4).
    return ((number % 7 + 7) % 7 + 3) % 7 + 1
  }

  /// The days of the week in English, Monday first: `weekdayNames[weekday - 1]`.
  public static let weekdayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  /// `weekdayNames` in lower case, as the parsers of `@every` and typed days compare
  /// words with them (made once, not per value read).
  package static let lowercasedWeekdayNames = weekdayNames.map { $0.lowercased() }

  /// This day's day of the week in English ("Friday").
  public var weekdayName: String { Self.weekdayNames[weekday - 1] }

  /// The first day after this one that falls on `weekday` (1 Monday ... 7 Sunday): a
  /// week later when this day is one; `nil` past year 9999.
  public func next(weekday: Int) -> CalendarDay? {
    let ahead = (weekday - self.weekday + 7) % 7
    return adding(days: ahead == 0 ? 7 : ahead)
  }

  /// The last day of this day's month.
  public var endOfMonth: CalendarDay {
    CalendarDay(uncheckedYear: year, month: month, day: Self.daysIn(month: month, year: year))
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
  }

  /// Appends `description`'s bytes (`YYYY-MM-DD`), making no string.
  package func appendDescription(to bytes: inout [UInt8]) {
    DecimalDigits.append(year, width: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    DecimalDigits.append(month, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    DecimalDigits.append(day, width: 2, to: &bytes)
  }

  /// Orders days in time.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
