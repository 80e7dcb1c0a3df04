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
      blockLink = String(String.UnicodeScalarView(text[caret...]))
      text = Self.trimmed(text[..<caret])
    }
    self.body = String(String.UnicodeScalarView(text))
    var tags: [String] = []
    var runs = 0
    var matched = true
    while matched, runs <= 20 {
      matched = false
      func take(_ match: (start: Int, value: String)?, _ set: (String) -> Void) {
        guard let match else { return }
        set(match.value)
        text = Self.trimmed(text[..<match.start])
        matched = true
      }
      if let (start, level) = Self.priorityAtEnd(text) {
        priority = level
        text = Self.trimmed(text[..<start])
        matched = true
      }
      take(Self.dateAtEnd(text, ["✅"])) { doneDate = $0 }
      take(Self.dateAtEnd(text, ["❌"])) { cancelledDate = $0 }
      take(Self.dateAtEnd(text, ["📅", "📆", "🗓"])) { dueDate = $0 }
      take(Self.dateAtEnd(text, ["⏳", "⌛"])) { scheduledDate = $0 }
      take(Self.dateAtEnd(text, ["🛫"])) { startDate = $0 }
      take(Self.dateAtEnd(text, ["➕"])) { createdDate = $0 }
      take(Self.fieldAtEnd(text, "🔁", Self.isRuleCharacter)) { recurrence = $0 }
      take(Self.fieldAtEnd(text, "🏁", Self.isLetter)) {
        // Letters that are no action are taken off and dropped, as the plugin does.
        onCompletion = OnCompletion(rawValue: $0.lowercased())
      }
      take(Self.tagAtEnd(text)) { tags.insert($0, at: 0) }
      take(Self.fieldAtEnd(text, "🆔", Self.isIDCharacter)) { id = $0 }
      take(Self.dependenciesAtEnd(text)) { value in
        dependsOn = value.split(separator: ",").map { $0.filter { $0 != " " } }
          .filter { !$0.isEmpty }
      }
      runs += 1
    }
    description = String(String.UnicodeScalarView(text))
    if !tags.isEmpty {
      description += (description.isEmpty ? "" : " ") + tags.joined(separator: " ")
    }
  }

  static let variationSelector: Unicode.Scalar = "\u{FE0F}"

  /// Where a signifier (with an optional variation selector) ends right before
  /// `index`, its start; `nil` when none of `signifiers` is there.
  static func signifier(_ text: [Unicode.Scalar], before index: Int, _ signifiers: [String])
    -> Int?
  {
    var end = index
    if end > 0, text[end - 1] == variationSelector { end -= 1 }
    for signifier in signifiers {
      let scalars = Array(signifier.unicodeScalars)
      let start = end - scalars.count
      if start >= 0, Array(text[start..<end]) == scalars { return start }
    }
    return nil
  }

  /// `(🔺|⏫|🔼|🔽|⏬)\ufe0f?$`
  static func priorityAtEnd(_ text: [Unicode.Scalar]) -> (Int, Priority)? {
    for level in Priority.allCases {
      guard let mark = level.signifier else { continue }
      if let start = signifier(text, before: text.count, [mark]) { return (start, level) }
    }
    return nil
  }

  /// `SIGNIFIER\ufe0f? *(\d{4}-\d{2}-\d{2})$`
  static func dateAtEnd(_ text: [Unicode.Scalar], _ signifiers: [String]) -> (
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
    return (start, String(String.UnicodeScalarView(value)))
  }

  /// `SIGNIFIER\ufe0f? *(CLASS+)$`, the value without the blanks before it.
  static func fieldAtEnd(
    _ text: [Unicode.Scalar], _ signifier: String, _ isValue: (Unicode.Scalar) -> Bool
  ) -> (start: Int, value: String)? {
    var index = text.count
    while index > 0, isValue(text[index - 1]) || text[index - 1] == " " { index -= 1 }
    // The run may take blanks that belong before the value; the value needs one
    // character of its class.
    var valueStart = index
    while valueStart < text.count, text[valueStart] == " " { valueStart += 1 }
    guard valueStart < text.count, let start = Self.signifier(text, before: index, [signifier]),
      text[valueStart...].allSatisfy({ isValue($0) || (isValue(" ") && $0 == " ") })
    else { return nil }
    return (start, String(String.UnicodeScalarView(text[valueStart...])))
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
    while index > 0, !" !@#$%^&*(),.?\":{}|<>".unicodeScalars.contains(text[index - 1]) {
      index -= 1
    }
    guard index < text.count, index > 0, text[index - 1] == "#" else { return nil }
    let hash = index - 1
    guard hash == 0 || text[hash - 1].properties.isWhitespace else { return nil }
    return (hash, String(String.UnicodeScalarView(text[hash...])))
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
