/// Taking the fields off the end of a task's text, as the plugin's
/// `DefaultTaskSerializer.deserialize` does: each pass tries the fields in a fixed order
/// (priority, done, cancelled, due, scheduled, start, created, recurrence, on
/// completion, a tag, ID, depends on), each only at the very end of what is left, and
/// takes off every one it finds; passes go on while one finds something (at most 21).
/// A field found twice keeps the value more to the left. Tags taken off go after the
/// description, in their order.
extension ObsidianTask {
  mutating func parseFields(_ scalars: [Unicode.Scalar]) {
    var text = scalars
    // A block reference ends the line: ` ^id`.
    if let caret = Self.blockLinkStart(text) {
      blockLink = Self.string(text[caret...])
      text = Self.trimmed(text[..<caret])
    }
    self.body = Self.string(text)
    var tags: [String] = []
    var runs = 0
    // The matchers of the task's format.
    let format = self.format
    func date(_ text: [Unicode.Scalar], _ signifiers: [Unicode.Scalar], _ key: String) -> (
      start: Int, value: String
    )? {
      format == .dataview
        ? Self.inlineFieldAtEnd(
          text, key, { ("0"..."9").contains($0) || $0 == "-" }, accepting: Self.isDate)
        : Self.dateAtEnd(text, signifiers)
    }
    func field(
      _ text: [Unicode.Scalar], _ signifier: Unicode.Scalar, _ key: String,
      _ isValue: (Unicode.Scalar) -> Bool
    ) -> (start: Int, value: String)? {
      format == .dataview
        ? Self.inlineFieldAtEnd(text, key, isValue, blanksInside: signifier == "🔁")
        : Self.fieldAtEnd(text, signifier, isValue)
    }
    var matched = true
    while matched, runs <= 20 {
      matched = false
      func take(_ match: (start: Int, value: String)?, _ set: (String) -> Void) {
        guard let match else { return }
        set(match.value)
        text = Self.trimmed(text[..<match.start])
        matched = true
      }
      if format == .dataview {
        take(
          Self.inlineFieldAtEnd(text, "priority", Self.isLetter) { value in
            Priority.allCases.contains { $0.name == value && $0 != .none }
          }
        ) { value in
          priority = Priority.allCases.first { $0.name == value } ?? .none
        }
      } else if let (start, level) = Self.priorityAtEnd(text) {
        priority = level
        text = Self.trimmed(text[..<start])
        matched = true
      }
      take(date(text, Self.done, "completion")) { doneDate = $0 }
      take(date(text, Self.cancelled, "cancelled")) { cancelledDate = $0 }
      take(date(text, Self.due, "due")) { dueDate = $0 }
      take(date(text, Self.scheduled, "scheduled")) { scheduledDate = $0 }
      take(date(text, Self.start, "start")) { startDate = $0 }
      take(date(text, Self.created, "created")) { createdDate = $0 }
      take(field(text, "🔁", "repeat", Self.isRuleCharacter)) { recurrence = $0 }
      take(field(text, "🏁", "onCompletion", Self.isLetter)) {
        // Letters that are no action are taken off and dropped, as the plugin does.
        onCompletion = OnCompletion(rawValue: $0.lowercased())
      }
      take(Self.tagAtEnd(text)) { tags.insert($0, at: 0) }
      take(field(text, "🆔", "id", Self.isIDCharacter)) { id = $0 }
      take(
        format == .dataview
          ? Self.inlineFieldAtEnd(
            text, "dependsOn", { Self.isIDCharacter($0) || $0 == "," }, blanksInside: true,
            accepting: Self.isDependencyList)
          : Self.dependenciesAtEnd(text)
      ) { value in
        dependsOn = value.split(separator: ",").map { $0.filter { $0 != " " } }
          .filter { !$0.isEmpty }
      }
      runs += 1
    }
    description = Self.string(text)
    if !tags.isEmpty {
      description += (description.isEmpty ? "" : " ") + tags.joined(separator: " ")
    }
  }

  static let variationSelector: Unicode.Scalar = "\u{FE0F}"
  // The date fields' signifiers, made once (a pass tries each on every task line).
  static let done: [Unicode.Scalar] = ["✅"]
  static let cancelled: [Unicode.Scalar] = ["❌"]
  static let due: [Unicode.Scalar] = ["📅", "📆", "🗓"]
  static let scheduled: [Unicode.Scalar] = ["⏳", "⌛"]
  static let start: [Unicode.Scalar] = ["🛫"]
  static let created: [Unicode.Scalar] = ["➕"]
  static let priorities: [(Unicode.Scalar, Priority)] = Priority.allCases.compactMap { level in
    level.signifier?.unicodeScalars.first.map { ($0, level) }
  }

  /// Where a signifier (with an optional variation selector) ends right before
  /// `index`, its start; `nil` when none of `signifiers` is there. Every signifier is
  /// one scalar.
  static func signifier(
    _ text: [Unicode.Scalar], before index: Int, _ signifiers: [Unicode.Scalar]
  ) -> Int? {
    var end = index
    if end > 0, text[end - 1] == variationSelector { end -= 1 }
    guard end > 0, signifiers.contains(text[end - 1]) else { return nil }
    return end - 1
  }

  /// `(🔺|⏫|🔼|🔽|⏬)\ufe0f?$`
  static func priorityAtEnd(_ text: [Unicode.Scalar]) -> (Int, Priority)? {
    var end = text.count
    if end > 0, text[end - 1] == variationSelector { end -= 1 }
    guard end > 0, let level = priorities.first(where: { $0.0 == text[end - 1] })?.1 else {
      return nil
    }
    return (end - 1, level)
  }

  /// `SIGNIFIER\ufe0f? *(\d{4}-\d{2}-\d{2})$`
  static func dateAtEnd(_ text: [Unicode.Scalar], _ signifiers: [Unicode.Scalar]) -> (
    start: Int, value: String
  )? {
    guard text.count >= 10 else { return nil }
    let value = text[(text.count - 10)...]
    for (offset, scalar) in value.enumerated() {
      let isDash = offset == 4 || offset == 7
      guard isDash ? scalar == "-" : ("0"..."9").contains(scalar) else { return nil }
    }
    var index = text.count - 10
    while index > 0, text[index - 1] == " " { index -= 1 }
    guard let start = signifier(text, before: index, signifiers) else { return nil }
    return (start, Self.string(value))
  }

  /// `SIGNIFIER\ufe0f? *(CLASS+)$`, the value without the blanks before it.
  static func fieldAtEnd(
    _ text: [Unicode.Scalar], _ signifier: Unicode.Scalar, _ isValue: (Unicode.Scalar) -> Bool
  ) -> (start: Int, value: String)? {
    var index = text.count
    while index > 0, isValue(text[index - 1]) || text[index - 1] == " " { index -= 1 }
    // The run may take blanks that belong before the value; the value needs one
    // character of its class.
    var valueStart = index
    while valueStart < text.count, text[valueStart] == " " { valueStart += 1 }
    var end = index
    if end > 0, text[end - 1] == variationSelector { end -= 1 }
    guard valueStart < text.count, end > 0, text[end - 1] == signifier,
      text[valueStart...].allSatisfy({ isValue($0) || (isValue(" ") && $0 == " ") })
    else { return nil }
    return (end - 1, Self.string(text[valueStart...]))
  }

  /// A Dataview inline field at the end: `[key:: value]` or `(key:: value)`, blanks
  /// allowed around the key and value, a `,` (after blanks) allowed after it
  /// (`DataviewTaskSerializer.toInlineFieldRegex`: `(?:(?=[^\]]+\])\[|(?=[^)]+\))\() *KEY
  /// *VALUE *[)\]](?: *,)?$`, whose look-aheads pair `[` with `]` and `(` with `)`).
  /// The value, trimmed, is made of `isValue`'s characters; the match starts at the
  /// opening bracket.
  static func inlineFieldAtEnd(
    _ text: [Unicode.Scalar], _ key: String, _ isValue: (Unicode.Scalar) -> Bool,
    blanksInside: Bool = false, accepting accepts: (String) -> Bool = { _ in true }
  ) -> (start: Int, value: String)? {
    var index = text.count
    if index > 0, text[index - 1] == "," {
      index -= 1
      while index > 0, text[index - 1] == " " { index -= 1 }
    }
    guard index > 0, text[index - 1] == "]" || text[index - 1] == ")" else { return nil }
    let opening: Unicode.Scalar = text[index - 1] == "]" ? "[" : "("
    index -= 1
    let valueEnd = index
    while index > 0, isValue(text[index - 1]) || text[index - 1] == " " { index -= 1 }
    // `::` and the key, case and all, then blanks and the opening bracket.
    let keyScalars = Array((key + "::").unicodeScalars)
    guard index >= keyScalars.count,
      Array(text[(index - keyScalars.count)..<index]) == keyScalars
    else { return nil }
    let value = trimmedBlanks(text[index..<valueEnd])
    guard !value.isEmpty, value.allSatisfy({ isValue($0) || blanksInside && $0 == " " }),
      accepts(Self.string(value))
    else { return nil }
    var start = index - keyScalars.count
    while start > 0, text[start - 1] == " " { start -= 1 }
    guard start > 0, text[start - 1] == opening else { return nil }
    return (start - 1, Self.string(value))
  }

  static func trimmedBlanks(_ scalars: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
    var slice = scalars
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return slice
  }

  static func isDate(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == 10 else { return false }
    for (offset, scalar) in scalars.enumerated() {
      let isDash = offset == 4 || offset == 7
      guard isDash ? scalar == "-" : ("0"..."9").contains(scalar) else { return false }
    }
    return true
  }

  /// `[a-zA-Z0-9-_]+( *, *[a-zA-Z0-9-_]+ *)*`: IDs separated by commas, blanks around
  /// the commas, none inside an ID.
  static func isDependencyList(_ value: String) -> Bool {
    let parts = value.split(separator: ",", omittingEmptySubsequences: false)
    return parts.allSatisfy { part in
      let id = part.trimmingBlanks
      return !id.isEmpty && !id.contains(" ")
    }
  }

  /// `⛔\ufe0f? *([a-zA-Z0-9-_]+( *, *[a-zA-Z0-9-_]+ *)*)$`
  static func dependenciesAtEnd(_ text: [Unicode.Scalar]) -> (start: Int, value: String)? {
    let match = fieldAtEnd(text, "⛔") { isIDCharacter($0) || $0 == "," || $0 == " " }
    guard let match else { return nil }
    // IDs separated by commas: no empty one, none made of blanks alone.
    let parts = match.value.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ part in part.contains { $0 != " " } }) else { return nil }
    guard parts.allSatisfy({ !$0.trimmingBlanks.contains(" ") }) else { return nil }
    return match
  }

  /// `(^|\s)#[^ !@#$%^&*(),.?":{}|<>]+$`: the tag without the blank before it.
  static func tagAtEnd(_ text: [Unicode.Scalar]) -> (start: Int, value: String)? {
    var index = text.count
    while index > 0, !isOutsideTags(text[index - 1]) { index -= 1 }
    guard index < text.count, index > 0, text[index - 1] == "#" else { return nil }
    let hash = index - 1
    guard hash == 0 || isTrimmed(text[hash - 1]) else { return nil }
    return (hash, Self.string(text[hash...]))
  }

  /// The characters a tag cannot hold: ` !@#$%^&*(),.?":{}|<>`.
  static func isOutsideTags(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "!", "@", "#", "$", "%", "^", "&", "*", "(", ")", ",", ".", "?", "\"", ":", "{",
      "}", "|", "<", ">":
      return true
    default: return false
    }
  }

  /// ` \^[a-zA-Z0-9-]+$`: where the blank before the caret is.
  static func blockLinkStart(_ text: [Unicode.Scalar]) -> Int? {
    var index = text.count
    while index > 0, isASCIIAlphanumeric(text[index - 1]) || text[index - 1] == "-" {
      index -= 1
    }
    guard index < text.count, index >= 2, text[index - 1] == "^", text[index - 2] == " " else {
      return nil
    }
    return index - 2
  }

  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// `[a-zA-Z0-9, !]`
  static func isRuleCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isASCIIAlphanumeric(scalar) || scalar == "," || scalar == " " || scalar == "!"
  }

  /// `[a-zA-Z0-9-_]`
  static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isASCIIAlphanumeric(scalar) || scalar == "-" || scalar == "_"
  }
}

extension Substring {
  fileprivate var trimmingBlanks: Substring {
    var slice = self
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return slice
  }
}
