/// chk's own fields in a task of the Obsidian Tasks format, which has no times and no
/// reminders: `@due(HH:MM)`, the time on the `📅` day, and `@remind(WHEN)`, written at
/// the end of the description, where the plugin keeps them as text and reads every
/// field after them (`- [ ] Call mum @due(14:30) @remind(30 minutes before) 📅
/// 2026-12-10`). A recurring task's next instance copies its description, and with
/// it the time.
extension ObsidianTask {
  /// The description without chk's fields at its end, and their values; tags (`#x`)
  /// among or after them stay in the name, in their order.
  public var chkFields: (name: String, dueTime: String?, remind: String?) {
    var text = Substring(description)
    var hashtags: [Substring] = []
    var dueTime: String?
    var remind: String?
    while true {
      while text.last == " " { text.removeLast() }
      if text.last == ")", let (key, value, start) = Self.chkTagAtEnd(text) {
        if key == "due", dueTime == nil {
          dueTime = value
        } else if key == "remind", remind == nil {
          remind = value
        } else {
          break
        }
        text = text[..<start]
        continue
      }
      // A tag of the plugin's: `#word` after a blank.
      guard let blank = text.lastIndex(of: " "), text[text.index(after: blank)...].first == "#"
      else { break }
      hashtags.insert(text[text.index(after: blank)...], at: 0)
      text = text[..<blank]
    }
    guard dueTime != nil || remind != nil else { return (description, nil, nil) }
    let name = ([text] + hashtags).filter { !$0.isEmpty }.joined(separator: " ")
    return (name, dueTime, remind)
  }

  /// A description with chk's fields at its end.
  public static func description(name: String, dueTime: String?, remind: String?) -> String {
    var text = name
    if let dueTime { text += (text.isEmpty ? "" : " ") + "@due(" + dueTime + ")" }
    if let remind { text += (text.isEmpty ? "" : " ") + "@remind(" + remind + ")" }
    return text
  }

  /// `@due(VALUE)` or `@remind(VALUE)` at the end of a text, after a blank or at its
  /// start; the value holds no parenthesis.
  static func chkTagAtEnd(_ text: Substring) -> (key: String, value: String, start: String.Index)? {
    guard text.last == ")", let open = text.lastIndex(of: "(") else { return nil }
    let value = text[text.index(after: open)..<text.index(before: text.endIndex)]
    guard !value.contains(")"), !value.isEmpty else { return nil }
    for key in ["due", "remind"] {
      let head = "@" + key
      guard text[..<open].hasSuffix(head) else { continue }
      let start = text.index(open, offsetBy: -head.count)
      guard start == text.startIndex || text[text.index(before: start)] == " " else { return nil }
      return (key, String(value), start)
    }
    return nil
  }
}
