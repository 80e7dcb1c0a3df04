import ChecklistKit
import ChkPlatform

/// Date and time values of iCalendar properties, read as local days and moments.
///
/// - `20240110` (a DATE) is that day;
/// - `20240110T090000` (floating) is 09:00 local time;
/// - `20240110T080000Z` (UTC) is that moment in the local time zone;
/// - `TZID=Europe/Berlin:20240110T090000` is read as 09:00, the time the client showed:
///   chk keeps no time-zone database, and a phone writes its own zone, the user's.
package enum ICalendarTime {
  /// A DUE, DTSTART or RECURRENCE-ID value as a due day and, for a DATE-TIME, its time.
  package static func dueMoment(_ property: ICalendarComponent.Property) -> DueMoment? {
    let text = property.value.trimmingASCIIWhitespace
    let bytes = Array(text.utf8)
    guard bytes.count >= 8, let day = day(bytes[0..<8]) else { return nil }
    if bytes.count == 8 { return DueMoment(day: day) }
    guard bytes.count >= 15, bytes[8] == UInt8(ascii: "T"),
      let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]),
      number(bytes[13..<15]) != nil
    else { return nil }
    if bytes.count == 16, bytes[15] == UInt8(ascii: "Z") {
      guard let local = localMoment(utcDay: day, hour: hour, minute: minute) else { return nil }
      return DueMoment(day: local.day, time: local.time)
    }
    guard bytes.count == 15, let time = ClockTime(hour: hour, minute: minute) else { return nil }
    return DueMoment(day: day, time: time)
  }

  /// A COMPLETED value (UTC, or as `dueMoment` reads others) as a local day.
  package static func localDay(_ property: ICalendarComponent.Property) -> CalendarDay? {
    dueMoment(property)?.day
  }

  /// The local moment of a UTC time.
  static func localMoment(utcDay day: CalendarDay, hour: Int, minute: Int) -> LocalMoment? {
    guard let epoch = CalendarDay(year: 1970, month: 1, day: 1) else { return nil }
    var seconds = time_t((day.dayNumber - epoch.dayNumber) * 86_400 + hour * 3_600 + minute * 60)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil,
      let localDay = CalendarDay(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
      let time = ClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    else { return nil }
    return LocalMoment(day: localDay, time: time)
  }

  /// A signed DURATION (`-PT30M`, `P1DT6H`, `-P1W`) in minutes.
  package static func minutes(ofDuration text: String) -> Int? {
    var bytes = Substring(text.trimmingASCIIWhitespace)
    var sign = 1
    if bytes.first == "-" {
      sign = -1
      bytes = bytes.dropFirst()
    } else if bytes.first == "+" {
      bytes = bytes.dropFirst()
    }
    guard bytes.first == "P" else { return nil }
    bytes = bytes.dropFirst()
    var total = 0
    var number = 0
    var hasDigits = false
    var inTime = false
    for character in bytes {
      if let digit = character.wholeNumberValue, character.isASCII {
        number = number * 10 + digit
        hasDigits = true
        guard number < 10_000_000 else { return nil }
        continue
      }
      switch (character, inTime) {
      case ("T", false):
        inTime = true
        continue
      case ("W", false): total += number * 10_080
      case ("D", false): total += number * 1_440
      case ("H", true): total += number * 60
      case ("M", true): total += number
      case ("S", true): total += number / 60
      default: return nil
      }
      guard hasDigits else { return nil }
      number = 0
      hasDigits = false
    }
    guard !hasDigits else { return nil }
    return sign * total
  }

  private static func day(_ bytes: ArraySlice<UInt8>) -> CalendarDay? {
    guard let year = number(bytes.prefix(4)), let month = number(bytes.dropFirst(4).prefix(2)),
      let day = number(bytes.dropFirst(6).prefix(2))
    else { return nil }
    return CalendarDay(year: year, month: month, day: day)
  }

  private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return bytes.isEmpty ? nil : value
  }
}

extension String {
  /// The text without spaces, tabs and line breaks at either end.
  var trimmingASCIIWhitespace: String {
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start == 0 && end == bytes.count
      ? self : String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
