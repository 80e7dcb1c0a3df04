#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Checklist {
  /// A calendar day with no time or zone, written `YYYY-MM-DD` (ISO 8601).
  public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
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
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Day? {
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
      return Day(year: year, month: month, day: day)
    }

    /// Today in the local time zone.
    public static func today() -> Day {
      var now = time(nil)
      var parts = tm()
      localtime_r(&now, &parts)
      return Day(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        ?? Day(uncheckedYear: 1970, month: 1, day: 1)
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

    /// `YYYY-MM-DD`.
    public var description: String {
      func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// Orders days in time.
    public static func < (lhs: Day, rhs: Day) -> Bool {
      (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
  }
}
