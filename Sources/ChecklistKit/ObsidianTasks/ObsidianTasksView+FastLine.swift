/// The view of a task line in the form the plugin writes, read straight from its bytes:
/// most lines of a vault are `- [ ] Name ⏫ 🔁 every week 📅 2026-12-05`, and reading
/// them through `ObsidianTask` (scalars, strings, passes) costs several times what chk's
/// own parse of the line does. Anything out of that form (a quote, a tag or block link
/// among the fields, other blanks, a variation selector, text chk would escape, chk's
/// own tags) gives `nil`, and the line is read in full; the tests hold the two readings
/// equal on every line the quick one reads.
extension ObsidianTasksView {
  /// chk's line for a task line in the plugin's form, or `nil` to read it in full.
  ///
  /// - Complexity: O(*n*) in the length of the line, without a string made but for a
  ///   recurrence rule not in `rules` (what each rule gives, kept across a file's lines).
  static func quickChkLine(
    _ content: ArraySlice<UInt8>, settings: ObsidianTaskSettings,
    rules: inout [ArraySlice<UInt8>: [UInt8]]
  ) -> [UInt8]? {
    guard settings.globalFilter.isEmpty, settings.format == .emoji else { return nil }
    let space = UInt8(ascii: " ")
    var index = content.startIndex
    let end = content.endIndex
    while index < end, content[index] == space || content[index] == UInt8(ascii: "\t") {
      index += 1
    }
    let indentEnd = index
    if index < end,
      content[index] == UInt8(ascii: "-") || content[index] == UInt8(ascii: "*")
        || content[index] == UInt8(ascii: "+")
    {
      index += 1
    } else {
      while index < end, ASCII.isDigit(content[index]) { index += 1 }
      guard index > indentEnd, index - indentEnd <= 9, index < end,
        content[index] == UInt8(ascii: ".") || content[index] == UInt8(ascii: ")")
      else { return nil }
      index += 1
    }
    let markerEnd = index
    guard index < end, content[index] == space else { return nil }
    while index < end, content[index] == space { index += 1 }
    // `[`, one printable ASCII character, `]`, one blank, then text that starts with
    // neither a blank nor anything but ASCII (whose blanks the plugin would trim).
    guard index + 4 < end, content[index] == UInt8(ascii: "["),
      content[index + 2] == UInt8(ascii: "]"), content[index + 3] == space,
      (0x20..<0x7F).contains(content[index + 1]), content[index + 4] > space,
      content[index + 4] < 0x80
    else { return nil }
    let status = content[index + 1]
    let bodyStart = index + 4
    guard let fields = QuickFields(content[bodyStart..<end]) else { return nil }
    let description = content[bodyStart..<fields.descriptionEnd]
    guard !description.isEmpty, !Self.needsFullReading(description) else { return nil }
    let type = settings.status(Unicode.Scalar(status)).type
    let isClosed = type == .done || type == .cancelled || type == .nonTask
    var line: [UInt8] = []
    line.reserveCapacity(content.count + 64)
    line += content[content.startIndex..<markerEnd]
    line += isClosed ? Self.closedBox : Self.openBox
    line += description
    func tag(_ key: [UInt8], _ range: Range<Int>?) {
      guard let range else { return }
      line += key
      line += content[range]
      line.append(UInt8(ascii: ")"))
    }
    tag(Self.dueKey, fields.due)
    tag(Self.doneKey, fields.done)
    if let range = fields.recurrence {
      // A vault repeats a few rules: each is read once a file (empty: none chk says).
      let rule = content[range]
      let every =
        rules[rule]
        ?? Array((ObsidianRecurrence(String(decoding: rule, as: UTF8.self))?.chkEvery ?? "").utf8)
      rules[rule] = every
      if !every.isEmpty { line += Self.everyKey + every + [UInt8(ascii: ")")] }
    }
    if fields.priority != .none {
      line += Self.priorityKey + Array(fields.priority.name.utf8) + [UInt8(ascii: ")")]
    }
    tag(Self.scheduledKey, fields.scheduled)
    tag(Self.startKey, fields.start)
    tag(Self.createdKey, fields.created)
    tag(Self.cancelledKey, fields.cancelled)
    tag(Self.dependsKey, fields.depends)
    tag(Self.recurrenceKey, fields.recurrence)
    if let id = fields.id, ChecklistDocument.isValidID(String(decoding: content[id], as: UTF8.self))
    {
      tag(Self.idKey, id)
    }
    return line
  }

  /// Whether a description holds what chk would escape or read as its own (a
  /// backslash, `@`, two blanks, `[x]`, a control character), or ends in a tag (which
  /// the plugin takes with the fields before it): such lines are read in full.
  static func needsFullReading(_ description: ArraySlice<UInt8>) -> Bool {
    var previous: UInt8 = 0
    var tokenStart = description.startIndex
    // A tag after a blank that is not ASCII (a no-break space) is the plugin's tag too.
    var hasHash = false
    var hasNonASCII = false
    for index in description.indices {
      let byte = description[index]
      if byte == UInt8(ascii: "#") { hasHash = true } else if byte >= 0x80 { hasNonASCII = true }
      if hasHash, hasNonASCII { return true }
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: "@"), 0x7F, 0..<0x20: return true
      case UInt8(ascii: " "):
        if previous == UInt8(ascii: " ") { return true }
        tokenStart = index + 1
      case UInt8(ascii: "]"):
        if index - description.startIndex >= 2, description[index - 2] == UInt8(ascii: "["),
          description[index - 1] | 0x20 == UInt8(ascii: "x")
        {
          return true
        }
      default: break
      }
      previous = byte
    }
    guard let last = description.last, last < 0x80, last != UInt8(ascii: " ") else { return true }
    return tokenStart < description.endIndex && description[tokenStart] == UInt8(ascii: "#")
  }

  static let openBox = Array(" [ ] ".utf8)
  static let closedBox = Array(" [x] ".utf8)
  static let dueKey = Array("  @due(".utf8)
  static let doneKey = Array("  @done(".utf8)
  static let everyKey = Array("  @every(".utf8)
  static let priorityKey = Array("  @priority(".utf8)
  static let scheduledKey = Array("  @scheduled(".utf8)
  static let startKey = Array("  @start(".utf8)
  static let createdKey = Array("  @created(".utf8)
  static let cancelledKey = Array("  @cancelled(".utf8)
  static let dependsKey = Array("  @depends(".utf8)
  static let recurrenceKey = Array("  @recurrence(".utf8)
  static let idKey = Array("  @id(".utf8)
}

/// The fields at the end of a task's text, each one blank after the text or field
/// before it and with one blank between its signifier and its value, as the plugin
/// writes them; `nil` for anything else.
struct QuickFields {
  // Where each value is in the line (ranges, not slices: no reference to count).
  var due: Range<Int>?
  var done: Range<Int>?
  var scheduled: Range<Int>?
  var start: Range<Int>?
  var created: Range<Int>?
  var cancelled: Range<Int>?
  var recurrence: Range<Int>?
  var id: Range<Int>?
  var depends: Range<Int>?
  var priority = ObsidianTask.Priority.none
  /// Where the description ends: the blank before the first field.
  var descriptionEnd: Int

  // The signifiers in UTF-8.
  static let dueSigns: [[UInt8]] = [
    [0xF0, 0x9F, 0x93, 0x85], [0xF0, 0x9F, 0x93, 0x86], [0xF0, 0x9F, 0x97, 0x93],
  ]
  static let scheduledSigns: [[UInt8]] = [[0xE2, 0x8F, 0xB3], [0xE2, 0x8C, 0x9B]]
  static let startSign: [UInt8] = [0xF0, 0x9F, 0x9B, 0xAB]
  static let createdSign: [UInt8] = [0xE2, 0x9E, 0x95]
  static let doneSign: [UInt8] = [0xE2, 0x9C, 0x85]
  static let cancelledSign: [UInt8] = [0xE2, 0x9D, 0x8C]
  static let recurrenceSign: [UInt8] = [0xF0, 0x9F, 0x94, 0x81]
  static let idSign: [UInt8] = [0xF0, 0x9F, 0x86, 0x94]
  static let dependsSign: [UInt8] = [0xE2, 0x9B, 0x94]
  static let prioritySigns: [([UInt8], ObsidianTask.Priority)] = [
    ([0xF0, 0x9F, 0x94, 0xBA], .highest), ([0xE2, 0x8F, 0xAB], .high),
    ([0xF0, 0x9F, 0x94, 0xBC], .medium), ([0xF0, 0x9F, 0x94, 0xBD], .low),
    ([0xE2, 0x8F, 0xAC], .lowest),
  ]

  init?(_ body: ArraySlice<UInt8>) {
    let start = body.startIndex
    var end = body.endIndex
    let space = UInt8(ascii: " ")
    // No blank at the end (a hard break), no block link, no variation selector.
    guard let last = body.last, last != space, last != UInt8(ascii: "\t"),
      !body.contains(where: { $0 == UInt8(ascii: "^") || $0 == 0xEF })
    else { return nil }
    /// Whether `sign` ends at `at`, after a blank or at the start; where it starts.
    func sign(_ sign: [UInt8], endingAt at: Int) -> Int? {
      let from = at - sign.count
      guard from >= start, body[from..<at].elementsEqual(sign) else { return nil }
      guard from == start || body[from - 1] == space else { return nil }
      return from
    }
    /// Where a field whose value is `value..<end` starts: its signifier one blank before.
    func field(_ signs: [[UInt8]], value: Int) -> Int? {
      guard value - 1 > start, body[value - 1] == space else { return nil }
      for candidate in signs {
        if let from = sign(candidate, endingAt: value - 1) { return from }
      }
      return nil
    }
    func priorityEnding(at end: Int) -> (Int, ObsidianTask.Priority)? {
      for (candidate, level) in Self.prioritySigns {
        if let from = sign(candidate, endingAt: end) { return (from, level) }
      }
      return nil
    }
    var found = 0
    while end > start, found < 15 {
      var next: Int?
      // A date: YYYY-MM-DD after a date's signifier.
      if end - start >= 10, Self.isDate(body[(end - 10)..<end]) {
        let value = end - 10
        let date = value..<end
        if let from = field(Self.dueSigns, value: value) {
          due = date
          next = from
        } else if let from = field(Self.scheduledSigns, value: value) {
          scheduled = date
          next = from
        } else if let from = field([Self.startSign], value: value) {
          self.start = date
          next = from
        } else if let from = field([Self.createdSign], value: value) {
          created = date
          next = from
        } else if let from = field([Self.doneSign], value: value) {
          done = date
          next = from
        } else if let from = field([Self.cancelledSign], value: value) {
          cancelled = date
          next = from
        } else {
          return nil
        }
      } else if body[end - 1] >= 0x80, let (from, level) = priorityEnding(at: end) {
        priority = level
        next = from
      } else {
        // A value of letters, digits and the like: a rule, an ID, IDs, or text.
        var value = end
        while value > start, Self.isRuleOrIDByte(body[value - 1]) { value -= 1 }
        guard value < end else { return nil }
        let word = body[value..<end]
        if let from = field([Self.idSign], value: value), word.allSatisfy(Self.isIDByte) {
          id = value..<end
          next = from
        } else if let from = field([Self.dependsSign], value: value),
          word.allSatisfy({ Self.isIDByte($0) || $0 == UInt8(ascii: ",") }),
          word.first != UInt8(ascii: ","), word.last != UInt8(ascii: ","),
          !Self.contains(word, [UInt8(ascii: ","), UInt8(ascii: ",")])
        {
          depends = value..<end
          next = from
        } else {
          // Rule characters and blanks back to a `🔁` and one blank: a rule; back to
          // any other character but ASCII: perhaps a field written otherwise, read in
          // full; else the description's end.
          var rule = end
          while rule > start, Self.isRuleByte(body[rule - 1]) { rule -= 1 }
          var run = rule
          while run > start, Self.isRuleByte(body[run - 1]) || Self.isIDByte(body[run - 1]) {
            run -= 1
          }
          if rule < end, body[rule] == space, rule + 1 < end, body[rule + 1] != space,
            let from = field([Self.recurrenceSign], value: rule + 1)
          {
            recurrence = (rule + 1)..<end
            next = from
          } else if run > start, Self.endsInSignifier(body[start..<run]) {
            return nil
          } else {
            break
          }
        }
      }
      guard let from = next else { break }
      found += 1
      // One blank between the fields, and none other before it.
      if from == start {
        end = start
        break
      }
      end = from - 1
      guard end > start, body[end - 1] != space, body[end - 1] != UInt8(ascii: "\t") else {
        return nil
      }
    }
    // The text before the fields ends in no signifier the plugin would read with other
    // blanks, nor in a blank-like character it would trim.
    guard found < 15, end > start, body[end - 1] < 0x80 else { return nil }
    descriptionEnd = end
  }

  /// Every signifier, and the variation selector.
  static let allSigns: [[UInt8]] =
    dueSigns + scheduledSigns + prioritySigns.map(\.0) + [
      startSign, createdSign, doneSign, cancelledSign, recurrenceSign, idSign, dependsSign,
      [0xF0, 0x9F, 0x8F, 0x81], [0xEF, 0xB8, 0x8F],
    ]

  /// Whether the text ends in a signifier (with no blank after it).
  static func endsInSignifier(_ text: ArraySlice<UInt8>) -> Bool {
    guard let last = text.last, last >= 0x80 else { return false }
    return allSigns.contains { sign in
      text.count >= sign.count && text[(text.endIndex - sign.count)...].elementsEqual(sign)
    }
  }

  /// `[a-zA-Z0-9, !]`: what a rule is made of.
  static func isRuleByte(_ byte: UInt8) -> Bool {
    ASCII.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "!")
  }

  static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
    for (offset, byte) in zip(0..., bytes) {
      let isDash = offset == 4 || offset == 7
      guard isDash ? byte == UInt8(ascii: "-") : ASCII.isDigit(byte) else { return false }
    }
    return true
  }

  /// `[a-zA-Z0-9-_,]`: what IDs, lists of them and rules are made of (rules without `-`
  /// and `_`, with blanks and `!`).
  static func isRuleOrIDByte(_ byte: UInt8) -> Bool {
    isIDByte(byte) || byte == UInt8(ascii: ",")
  }

  static func isIDByte(_ byte: UInt8) -> Bool {
    ASCII.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }

  static func contains(_ bytes: ArraySlice<UInt8>, _ part: [UInt8]) -> Bool {
    guard bytes.count >= part.count else { return false }
    var index = bytes.startIndex
    while index + part.count <= bytes.endIndex {
      if bytes[index..<(index + part.count)].elementsEqual(part) { return true }
      index += 1
    }
    return false
  }
}
