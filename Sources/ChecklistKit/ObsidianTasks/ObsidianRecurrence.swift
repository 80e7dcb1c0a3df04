/// A recurrence rule of the Obsidian Tasks plugin (`🔁 every 2 weeks when done`): the
/// words the rrule library's `RRule.fromText` reads, which the plugin writes back as
/// `toText()` gives them (obsidian-tasks `src/Task/Recurrence.ts`; rrule 2.8
/// `src/nlp/parsetext.ts`, `src/nlp/totext.ts`).
///
/// Read: `every` and an optional count, then `day`, `week`, `month` or `year` (or their
/// plurals), `weekday`, days of the week (`Monday`, `mon`, a list with commas or `and`)
/// or months (`January`...); then `on` and days of the week, or `on the` and days of the
/// month (`15th`, `last`, `2nd last`) or days of the week of the month (`2nd
/// Wednesday`, `last Friday`); and ` when done` at the end, to count from the day the
/// task is done. Times (`at`), counts (`for`) and ends (`until`), which the plugin
/// documents as unsupported, are not read: such a rule is kept as written and does not
/// repeat.
public struct ObsidianRecurrence: Sendable, Hashable {
  /// How often the periods come.
  public enum Frequency: Sendable, Hashable { case daily, weekly, monthly, yearly }

  /// How often the periods come.
  public var frequency: Frequency
  /// Every how many periods.
  public var interval = 1
  /// Days of the week, 1 Monday ... 7 Sunday, each with its week of the month (0 for
  /// every one; -1 the last; 2 the second).
  public var weekdays: [(day: Int, nth: Int)] = []
  /// Days of the month (-1 the last).
  public var monthDays: [Int] = []
  /// Months, 1 ... 12.
  public var months: [Int] = []
  /// Whether it counts from the day the task is done (`when done`).
  public var countsFromDone = false

  /// Rules are equal when they read the same.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
  /// Hashes the rule as it reads.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  static let dayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// Reads a rule, or `nil` for one chk cannot read.
  public init?(_ text: String) {
    var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    if words.suffix(2) == ["when", "done"] {
      countsFromDone = true
      words.removeLast(2)
    }
    guard words.first == "every" else { return nil }
    var index = 1
    func peek() -> String? { index < words.count ? words[index] : nil }
    if let word = peek(), let count = Int(word), count > 0, word.allSatisfy(\.isASCII) {
      interval = count
      index += 1
    }
    guard let unit = peek() else { return nil }
    index += 1
    switch unit {
    case "day", "days": frequency = .daily
    case "week", "weeks": frequency = .weekly
    case "month", "months": frequency = .monthly
    case "year", "years": frequency = .yearly
    case "weekday", "weekdays":
      frequency = .weekly
      weekdays = (1...5).map { ($0, 0) }
    default:
      if let day = Self.weekday(unit) {
        frequency = .weekly
        weekdays = [(day, 0)]
        while let word = peek(), word == "and" || Self.weekday(word) != nil {
          index += 1
          if let day = Self.weekday(word) { weekdays.append((day, 0)) }
        }
      } else if let month = Self.month(unit) {
        frequency = .yearly
        months = [month]
      } else {
        return nil
      }
    }
    // `on` days of the week; `on the` days of the month or nth days of the week; a
    // yearly rule's `on MONTH the DAY`.
    if peek() == "on" || peek() == "in" {
      index += 1
      if let word = peek(), let month = Self.month(word), frequency == .yearly {
        months = [month]
        index += 1
      }
      if peek() == "the" { index += 1 }
      while let word = peek() {
        index += 1
        if word == "and" || word == "day" { continue }
        if let day = Self.weekday(word) {
          weekdays.append((day, 0))
        } else if word == "last" {
          monthDays.append(-1)
        } else if let nth = Self.ordinal(word) {
          if peek() == "last" {
            index += 1
            if let word = peek(), let day = Self.weekday(word) {
              index += 1
              weekdays.append((day, -nth))
            } else {
              monthDays.append(-nth)
            }
          } else if let word = peek(), let day = Self.weekday(word) {
            index += 1
            weekdays.append((day, nth))
          } else {
            monthDays.append(nth)
          }
        } else {
          return nil
        }
        // `last Friday`: the last one of the month.
        if monthDays.last == -1, let word = peek(), let day = Self.weekday(word) {
          index += 1
          monthDays.removeLast()
          weekdays.append((day, -1))
        }
      }
    }
    guard index == words.count, !(frequency == .daily && !(weekdays.isEmpty && monthDays.isEmpty))
    else { return nil }
  }

  static func weekday(_ word: String) -> Int? {
    let index = dayNames.firstIndex { name in
      word.count >= 2 && name.lowercased().hasPrefix(word)
        && (word.count <= 3 || word == name.lowercased())
    }
    return index.map { $0 + 1 }
  }

  static func month(_ word: String) -> Int? {
    let index = monthNames.firstIndex { name in
      word.count >= 3 && name.lowercased().hasPrefix(word)
        && (word.count == 3 || word == name.lowercased())
    }
    return index.map { $0 + 1 }
  }

  /// `1st`, `22nd`, `first`, `second`, `third`: 1 to 31.
  static func ordinal(_ word: String) -> Int? {
    switch word {
    case "first": return 1
    case "second": return 2
    case "third": return 3
    default:
      guard word.count >= 3, ["st", "nd", "rd", "th"].contains(String(word.suffix(2))),
        let value = Int(word.dropLast(2)), (1...31).contains(value)
      else { return nil }
      return value
    }
  }

  /// The rule as rrule's `toText()` writes it, and ` when done`.
  public var text: String {
    var words = ["every"]
    let plural = interval % 100 != 1
    let isWeekdays = weekdays.count == 5 && weekdays.allSatisfy { $0.nth == 0 && $0.day <= 5 }
    func count() { if interval != 1 { words.append(String(interval)) } }
    func monthList() { words.append(Self.list(months.map { Self.monthNames[$0 - 1] }, "and")) }
    func daysOfMonth() {
      words.append("on the")
      words.append(Self.list(monthDays.map(Self.nth), "and"))
    }
    func daysOfWeek() {
      let every = weekdays.filter { $0.nth == 0 }
      let some = weekdays.filter { $0.nth != 0 }
      if !every.isEmpty {
        words += ["on", Self.list(every.map { Self.dayNames[$0.day - 1] }, nil)]
      }
      if !some.isEmpty {
        if !every.isEmpty { words.append("and") }
        words += [
          "on the",
          Self.list(some.map { Self.nth($0.nth) + " " + Self.dayNames[$0.day - 1] }, "and"),
        ]
      }
    }
    switch frequency {
    case .daily:
      count()
      words.append(plural ? "days" : "day")
    case .weekly:
      if interval != 1 { words += [String(interval), plural ? "weeks" : "week"] }
      if isWeekdays {
        words += interval == 1 ? [plural ? "weekdays" : "weekday"] : ["on", "weekdays"]
      } else {
        if interval == 1 { words.append("week") }
        daysOfWeek()
      }
    case .monthly:
      count()
      words.append(plural ? "months" : "month")
      if !monthDays.isEmpty {
        daysOfMonth()
      } else if isWeekdays {
        words += ["on", "weekdays"]
      } else {
        daysOfWeek()
      }
    case .yearly:
      if months.isEmpty {
        count()
        words.append(plural ? "years" : "year")
      } else {
        if interval != 1 { words += [String(interval), "years"] }
        monthList()
      }
      if !monthDays.isEmpty { daysOfMonth() } else { daysOfWeek() }
    }
    return words.joined(separator: " ") + (countsFromDone ? " when done" : "")
  }

  /// rrule's `nth`: `1st`, `2nd`, `last`, `2nd last`.
  static func nth(_ value: Int) -> String {
    if value == -1 { return "last" }
    let number = abs(value)
    let suffix: String
    switch number {
    case 1, 21, 31: suffix = "st"
    case 2, 22: suffix = "nd"
    case 3, 23: suffix = "rd"
    default: suffix = "th"
    }
    return String(number) + suffix + (value < 0 ? " last" : "")
  }

  /// rrule's `list`: `a, b and c` with a last word, else `a, b, c`.
  static func list(_ items: [String], _ last: String?) -> String {
    guard let last, items.count > 1 else { return items.joined(separator: ", ") }
    return items.dropLast().joined(separator: ", ") + " " + last + " " + items[items.count - 1]
  }
}
