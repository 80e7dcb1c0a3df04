import ChecklistKit
import ChkPlatform

/// Writes iCalendar (RFC 5545) text: content lines ended with CRLF and folded at 75
/// octets without splitting a UTF-8 character, TEXT values escaped.
package struct ICalendarWriter {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// The line being written, reused from line to line.
  private var content: [UInt8] = []

  /// Writes one content line, `NAME[;PARAMETERS]:VALUE`, folded.
  package mutating func line(_ name: String, _ value: String) {
    content.removeAll(keepingCapacity: true)
    content.append(contentsOf: name.utf8)
    content.append(UInt8(ascii: ":"))
    content.append(contentsOf: value.utf8)
    // Fold: at most 75 octets on the first line, 74 after the leading space on the
    // others, cut only before a byte that starts a character.
    var start = 0
    var limit = 75
    while content.count - start > limit {
      var end = start + limit
      while end > start, content[end] & 0xC0 == 0x80 { end -= 1 }
      bytes.append(contentsOf: content[start..<end])
      bytes.append(contentsOf: [13, 10, 32])
      start = end
      limit = 74
    }
    bytes.append(contentsOf: content[start...])
    bytes.append(contentsOf: [13, 10])
  }

  /// Writes bytes read from another iCalendar object as they were (content lines
  /// with their folds and line breaks), ending them with CRLF if they lack a break.
  package mutating func raw(_ lines: ArraySlice<UInt8>) {
    bytes.append(contentsOf: lines)
    if let last = lines.last, last != 10 { bytes.append(contentsOf: [13, 10]) }
  }

  /// How many control characters `text` has replaced so far.
  package private(set) var replacedControls = 0

  /// Writes a line whose value is TEXT, escaped.
  package mutating func text(_ name: String, _ value: String) {
    line(name, Self.escaped(value, replaced: &replacedControls))
  }

  /// A TEXT value escaped: backslash, semicolon and comma with a backslash, line
  /// breaks as `\n`.
  package static func escaped(_ text: String) -> String {
    var replaced = 0
    return escaped(text, replaced: &replaced)
  }

  /// A TEXT value escaped (see `escaped(_:)`), with the control characters RFC 5545
  /// allows none of made visible, adding how many to `replaced`:
  /// - C0 controls but the tab, and DEL, as their symbols in Unicode's Control Pictures
  ///   (ESC as U+241B, VT as U+240B): ics-py refuses a feed holding them, and Radicale
  ///   deletes them silently;
  /// - NEL, U+2028 and U+2029 as the line breaks they are (`\n`): a reader that splits
  ///   lines the Unicode way would otherwise start a property of the text after one;
  /// - other C1 controls as U+FFFD, so that no terminal showing the text obeys one.
  package static func escaped(_ text: String, replaced: inout Int) -> String {
    // Most names need nothing escaped.
    guard
      text.utf8.contains(where: {
        $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2
          || $0 == 0xE2
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x5C: result += "\\\\"
      case 0x3B: result += "\\;"
      case 0x2C: result += "\\,"
      case 0x0D: result += "\\n"
      case 0x0A:
        if !previousWasCarriageReturn { result += "\\n" }
      case 0x09: result.unicodeScalars.append(scalar)
      case 0x00..<0x20:
        replaced += 1
        result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F:
        replaced += 1
        result += "\u{2421}"
      case 0x85, 0x2028, 0x2029:
        replaced += 1
        result += "\\n"
      case 0x80..<0xA0:
        replaced += 1
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
      previousWasCarriageReturn = scalar == "\r"
    }
    return result
  }

  /// `YYYYMMDD`, a DATE value.
  package static func date(_ day: CalendarDay) -> String {
    digits(day.year, 4) + digits(day.month, 2) + digits(day.day, 2)
  }

  /// `YYYYMMDDTHHMMSS`, a floating DATE-TIME value (local time, no zone).
  package static func floating(_ moment: LocalMoment) -> String {
    date(moment.day) + "T" + digits(moment.time.hour, 2) + digits(moment.time.minute, 2) + "00"
  }

  /// `YYYYMMDDTHHMMSSZ`, a UTC DATE-TIME value, from seconds since 1970; a time
  /// outside years 1-9999 is written as the first or last second a DATE-TIME holds.
  package static func utc(secondsSince1970 seconds: Int) -> String {
    var rest = seconds % 86_400
    var days = seconds / 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let epoch = CalendarDay(year: 1970, month: 1, day: 1) ?? .latest
    guard let day = epoch.adding(days: days) else {
      return days < 0 ? "00010101T000000Z" : "99991231T235959Z"
    }
    return date(day) + "T" + digits(rest / 3_600, 2) + digits(rest / 60 % 60, 2)
      + digits(rest % 60, 2) + "Z"
  }

  /// The UTC DATE-TIME of noon, local time, on `day`: a moment that every zone within
  /// 12 hours of this one shows on that day (midnight UTC shows the day before west
  /// of Greenwich).
  package static func utcOfLocalNoon(_ day: CalendarDay) -> String {
    var parts = tm()
    parts.tm_year = Int32(day.year - 1900)
    parts.tm_mon = Int32(day.month - 1)
    parts.tm_mday = Int32(day.day)
    parts.tm_hour = 12
    parts.tm_isdst = -1
    let seconds = mktime(&parts)
    guard seconds != -1 else {
      let epoch = CalendarDay(year: 1970, month: 1, day: 1) ?? day
      return utc(secondsSince1970: (day.dayNumber - epoch.dayNumber) * 86_400 + 43_200)
    }
    return utc(secondsSince1970: Int(seconds))
  }

  /// A DURATION value for a signed number of minutes: `PT9H`, `-PT30M`, `-P1DT6H`.
  package static func duration(minutes: Int) -> String {
    var rest = abs(minutes)
    let days = rest / 1_440
    rest %= 1_440
    var text = minutes < 0 ? "-P" : "P"
    if days > 0 { text += "\(days)D" }
    if rest > 0 || days == 0 {
      text += "T"
      if rest / 60 > 0 { text += "\(rest / 60)H" }
      if rest % 60 > 0 || rest == 0 { text += "\(rest % 60)M" }
    }
    return text
  }

  private static func digits(_ value: Int, _ count: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, count - text.count)) + text
  }
}
