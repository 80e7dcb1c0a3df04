import ChecklistKit

/// A repeat and a reminder as people type them, read into the canonical values of
/// `@every` and `@remind` (which the file keeps): what `--every`, `--remind` and the
/// terminal UI's R and ! prompts take.
package enum TypedValues {
  /// An `@every` value, or what people say for one: `every 2 weeks` (the words the
  /// item screen shows), `daily`, `weekly`, `monthly`, `yearly`, `biweekly`,
  /// `fortnightly`, `every other week`; anything `Recurrence` reads.
  package static func recurrence(_ text: String) -> Recurrence? {
    var words = text.lowercased().split(separator: " ").map(String.init)
    if words.first == "every" { words.removeFirst() }
    let fromDone = words.suffix(2) == ["from", "done"]
    if fromDone { words.removeLast(2) }
    let spoken: [String: String] = [
      "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year",
      "biweekly": "2 weeks", "fortnightly": "2 weeks", "other week": "2 weeks",
      "other day": "2 days", "other month": "2 months",
    ]
    var value = words.joined(separator: " ")
    value = spoken[value] ?? value
    return Recurrence(value + (fromDone ? " from done" : ""))
  }

  /// A `@remind` value, or what people say for one: a time of one digit (`9:00`), `9am`,
  /// `5pm`, `15 min before`, `2 hrs before`; anything `Reminder` reads.
  package static func reminder(_ text: String) -> Reminder? {
    var words = text.lowercased().split(separator: " ").map(String.init)
    if words.first == "at" { words.removeFirst() }
    if words.count == 1, let time = time(words[0]) { return .at(time) }
    if words.count == 3 {
      let units = [
        "min": "minutes", "mins": "minutes", "hr": "hours", "hrs": "hours", "h": "hours",
      ]
      words[1] = units[words[1]] ?? words[1]
    }
    return Reminder(words.joined(separator: " "))
  }

  /// `9:00`, `09:00`, `9am`, `12pm`, `5:30pm`.
  static func time(_ word: String) -> ClockTime? {
    var text = Substring(word)
    var offset = 0
    if text.hasSuffix("am") || text.hasSuffix("pm") {
      offset = text.hasSuffix("pm") ? 12 : 0
      text = text.dropLast(2)
      let parts = text.split(separator: ":")
      guard let hour = Int(parts.first ?? ""), (1...12).contains(hour) else { return nil }
      let minute = parts.count == 2 ? Int(parts[1]) : 0
      guard parts.count <= 2, let minute else { return nil }
      return ClockTime(hour: hour % 12 + offset, minute: minute)
    }
    return ClockTime(text.count == 4 ? "0" + text : String(text))
  }
}
