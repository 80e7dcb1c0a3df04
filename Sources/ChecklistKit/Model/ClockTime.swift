internal import ChkPlatform

/// A time of day on a 24-hour clock, to the minute, with no zone: written `HH:MM`.
/// Times in a checklist are local and floating, as a phone's reminder is: 09:30 is
/// 09:30 wherever the person is.
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Minutes since midnight, 0 to 1439.
  public let minutes: Int

  /// A time, or `nil` outside 00:00-23:59.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    minutes = hour * 60 + minute
  }

  /// Parses exactly `HH:MM` (two digits each); `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard let time = bytes.withUnsafeBufferPointer({ Self.parse($0, 0..<$0.count) }) else {
      return nil
    }
    self = time
  }

  /// Parses `HH:MM` from a byte range.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ClockTime? {
    guard range.count == 5, bytes[range.lowerBound + 2] == UInt8(ascii: ":") else { return nil }
    let digits = [0, 1, 3, 4].map { bytes[range.lowerBound + $0] }
    guard digits.allSatisfy(ASCII.isDigit) else { return nil }
    let values = digits.map { Int($0 &- UInt8(ascii: "0")) }
    return ClockTime(hour: values[0] * 10 + values[1], minute: values[2] * 10 + values[3])
  }

  /// 09:00, the time a day without one is reminded at unless configured otherwise.
  public static let nine = ClockTime(uncheckedMinutes: 9 * 60)
  /// 00:00, the start of a day.
  public static let midnight = ClockTime(uncheckedMinutes: 0)

  init(uncheckedMinutes: Int) { minutes = uncheckedMinutes }

  /// The hour, 0 to 23.
  public var hour: Int { minutes / 60 }
  /// The minute, 0 to 59.
  public var minute: Int { minutes % 60 }

  /// `HH:MM`.
  public var description: String {
    (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  /// Earlier times first.
  public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}

/// A day and a time of day, floating (no zone): when a reminder fires.
public struct LocalMoment: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The day.
  public let day: CalendarDay
  /// The time on that day.
  public let time: ClockTime

  /// A moment.
  public init(day: CalendarDay, time: ClockTime) {
    self.day = day
    self.time = time
  }

  /// Now, in the local time zone, to the minute.
  public static func now() -> LocalMoment {
    var now = Glibc.time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    let day =
      CalendarDay(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? CalendarDay.today()
    return LocalMoment(
      day: day, time: ClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min)) ?? .midnight)
  }

  /// Minutes since 0001-01-01 00:00, for arithmetic.
  public var minuteNumber: Int { day.dayNumber * 1_440 + time.minutes }

  /// The moment `count` minutes later (earlier when negative); `nil` outside the
  /// calendar (before 0001-01-01 or after 9999-12-31).
  public func adding(minutes count: Int) -> LocalMoment? {
    let (total, overflow) = minuteNumber.addingReportingOverflow(count)
    guard !overflow else { return nil }
    let days = total / 1_440 - (total % 1_440 < 0 ? 1 : 0)
    guard let day = day.adding(days: days - day.dayNumber) else { return nil }
    return LocalMoment(day: day, time: ClockTime(uncheckedMinutes: total - days * 1_440))
  }

  /// `YYYY-MM-DDTHH:MM`, as ISO 8601 and iCalendar's floating times write it.
  public var description: String { day.description + "T" + time.description }

  /// Earlier moments first.
  public static func < (lhs: LocalMoment, rhs: LocalMoment) -> Bool {
    (lhs.day, lhs.time) < (rhs.day, rhs.time)
  }
}

/// The value of `@due`: a day, and optionally a time on it.
///
/// Written `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`; `YYYY-MM-DDTHH:MM` (ISO 8601's form) is
/// read too, and `chk fmt` writes it with the space.
public struct DueMoment: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The day.
  public let day: CalendarDay
  /// The time, when the item is due at one.
  public let time: ClockTime?

  /// A due day, at a time or not.
  public init(day: CalendarDay, time: ClockTime? = nil) {
    self.day = day
    self.time = time
  }

  /// Parses `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM`; `nil` for anything
  /// else, or a day or time that does not exist.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard let moment = bytes.withUnsafeBufferPointer({ Self.parse($0, 0..<$0.count) }) else {
      return nil
    }
    self = moment
  }

  /// Parses a due value from a byte range.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> DueMoment? {
    let start = range.lowerBound
    if range.count == 10 { return CalendarDay.parse(bytes, range).map { DueMoment(day: $0) } }
    guard range.count == 16,
      bytes[start + 10] == ASCII.space || bytes[start + 10] == UInt8(ascii: "T"),
      let day = CalendarDay.parse(bytes, start..<(start + 10)),
      let time = ClockTime.parse(bytes, (start + 11)..<range.upperBound)
    else { return nil }
    return DueMoment(day: day, time: time)
  }

  /// Whether the text uses the `T` form, which `chk fmt` rewrites with a space.
  public static func isTForm(_ text: some StringProtocol) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 16 && bytes[10] == UInt8(ascii: "T") && DueMoment(text) != nil
  }

  /// The canonical text: `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM`.
  public var description: String {
    day.description + (time.map { " " + $0.description } ?? "")
  }

  /// Appends `description`'s bytes, making no string.
  package func appendDescription(to bytes: inout [UInt8]) {
    day.appendDescription(to: &bytes)
    guard let time else { return }
    bytes.append(UInt8(ascii: " "))
    DecimalDigits.append(time.hour, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    DecimalDigits.append(time.minute, width: 2, to: &bytes)
  }

  /// Earlier first; on one day, the day alone before its times, as a calendar shows a
  /// day's all-day items above its timed ones.
  public static func < (lhs: DueMoment, rhs: DueMoment) -> Bool {
    if lhs.day != rhs.day { return lhs.day < rhs.day }
    switch (lhs.time, rhs.time) {
    case (let left?, let right?): return left < right
    case (nil, .some): return true
    default: return false
    }
  }
}
