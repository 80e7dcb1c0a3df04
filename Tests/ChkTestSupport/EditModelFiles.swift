/// Checklist files for the differential tests against `Tests/Helpers/edit_model.py`
/// (the commands' and the terminal UI's): two or three lists of items whose names are
/// unique by their number, every one with an ID.
public enum EditModelFiles {
  /// The names items are drawn from (each gets its number after it).
  public static let words = [
    "milk", "eggs", "tent", "map", "call Bob", "pay rent", "C# docs", "see [x]",
  ]

  /// `@every` values of every form checklist(5) gives.
  public static let rules = [
    "day", "2 days", "week", "2 weeks", "month", "3 months", "year", "weekday", "monday",
    "Friday", "month from done", "3 days from done", "week from done",
  ]
  /// `@remind` values of every form checklist(5) gives.
  public static let reminders = [
    "09:00", "30 minutes before", "2 hours before", "1 day before", "off",
  ]

  /// A due day in May to July 2024 (one in five from the 29th to the month's end, where
  /// months and years are counted otherwise), with a time one time in four.
  public static func due(_ random: inout TestRandom) -> String {
    let month = random.int(5...7)
    let day = random.chance(0.2) ? random.int(29...(month == 6 ? 30 : 31)) : random.int(10...28)
    return "2024-0\(month)-\(day)"
      + (random.chance(0.25) ? " \(random.int(10...23)):\(random.pick(["00", "30", "45"]))" : "")
  }

  /// A file of two or three lists, with items in the states chk(1) names and the
  /// unusual ones people's files have: `[X]`, checked without `@done`, unchecked with
  /// `@done`, a known tag written twice, tag-like text in the note, due times,
  /// `@remind`, `@every` of every form (with sub-items, which its next occurrence
  /// copies), sub-items under checked parents.
  public static func initial(_ random: inout TestRandom) -> String {
    var text = "# Home\n"
    var number = 0
    for list in ["A", "B", "C"].prefix(random.int(2...3)) {
      text += "\n## \(list)\n\n"
      let bullet = random.pick(["-", "*", "+"])
      func item(_ depth: Int) {
        number += 1
        let checked = random.chance(0.3)
        let box = checked ? (random.chance(0.2) ? "X" : "x") : " "
        var line =
          String(repeating: " ", count: depth * 2) + bullet + " [" + box + "] "
          + random.pick(words) + " \(number)"
        if checked ? random.chance(0.7) : random.chance(0.08) {
          line += "  @done(2024-05-0\(random.int(1...9)))"
        }
        let recurs = depth == 0 && random.chance(0.25)
        if recurs || random.chance(0.3) {
          line += "  @due(\(due(&random)))"
          if random.chance(0.3) { line += "  @remind(\(random.pick(reminders)))" }
        }
        if recurs { line += "  @every(" + random.pick(rules) + ")" }
        if random.chance(0.05) {  // the same known tag twice (lint: duplicate-tag)
          line += random.pick(["  @due(2024-07-01)", "  @done(2024-05-11)", "  @remind(off)"])
        }
        line += "  @id(i\(number))"
        if random.chance(0.2) {
          line += "  # note \(number)" + (random.chance(0.3) ? " @done(2024-01-01) [x]" : "")
        }
        text += line + "\n"
        if depth < 2 {
          for _ in 0..<random.int(0...(depth == 0 ? 2 : 1)) { item(depth + 1) }
        }
      }
      for _ in 0..<random.int(1...4) { item(0) }
    }
    return text
  }
}
