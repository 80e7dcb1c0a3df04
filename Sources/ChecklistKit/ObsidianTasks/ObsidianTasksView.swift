/// chk's view of a file written in the Obsidian Tasks format: the same lines, each task
/// line written as chk's own format says the same thing, so that every view of chk
/// (lists, due days, the calendar feed, reminders) reads a vault as it is. The view is
/// only read: edits of such a file go through `ObsidianTask` on the file's own lines.
///
/// A task line (`- [/] Pay rent 🔁 every month ⏫ 📅 2026-12-05`) becomes an item whose
/// box is checked when its status is done or cancelled (`- [ ] Pay rent  @due(2026-12-05)
/// @every(month)  @priority(high)  @recurrence(every month)`): the description as its
/// name, `📅` as `@due` (with the time of a `@due(HH:MM)` at the end of the
/// description, and that description's `@remind` as `@remind`:
/// `ObsidianTask.chkFields`), `✅` as `@done`, `🆔` (when it is an ID chk reads) as
/// `@id`, a recurrence `@every` can say as `@every`; the other fields as tags of their names
/// (`@priority`, `@scheduled`, `@start`, `@created`, `@cancelled`, `@depends`,
/// `@recurrence`), which chk keeps and `list --json` shows.
/// Every other line, and a line whose text lacks the vault's global filter, is kept as
/// it is; so are the line breaks, and the blanks at the end of a line (a hard break).
/// Tasks in block quotes and callouts are read as the plugin reads them: in the view
/// the quote marks before them are left out. A box the plugin does not read as a task
/// (one inside an Obsidian comment `%% ... %%`, one without the vault's global filter,
/// `-\t[ ]`) is escaped (`\[`), so that chk does not count it either.
public enum ObsidianTasksView {
  /// The view of a file's bytes, line for line (lines end at LF, CRLF or a lone CR, as
  /// chk's parser ends them; a byte-order mark stays in front).
  ///
  /// With `marksLines`, each task's item ends in `@vaultline(N)`, N its 1-based line:
  /// the view an edit is made on, whose items `writingBack` then knows for sure, even
  /// two that read alike (`[ ]` and `[/]`, one with a block link).
  ///
  /// - Complexity: O(*n*) in the size of the file.
  public static func chkBytes(
    of bytes: [UInt8], settings: ObsidianTaskSettings, marksLines: Bool = false
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      output += bytes[0..<3]
      start = 3
    }
    var rules: [ArraySlice<UInt8>: [UInt8]] = [:]
    var number = 0
    forEachLine(bytes, from: start) { content, ending, isCode, inComment in
      let content = bytes[content]
      number += 1
      if !isCode,
        let (converted, isTask) = chkLine(
          content, settings: settings, inComment: inComment, rules: &rules)
      {
        var line = converted
        if marksLines, isTask { Self.mark(&line, number) }
        output += line
      } else {
        output += content
      }
      output += bytes[ending]
    }
    return output
  }

  /// Calls `body` with each line (from `start`), whether it is fenced code in a
  /// callout, and whether it is inside an Obsidian comment (`%% ... %%`).
  static func forEachLine(
    _ bytes: [UInt8], from start: Int,
    _ body: (_ content: Range<Int>, _ ending: Range<Int>, _ isCode: Bool, _ inComment: Bool) ->
      Void
  ) {
    var inComment = false
    var quotedFence = QuotedFence()
    forEachLine(bytes, from: start) { content, ending in
      let isCode = quotedFence.isCode(bytes[content])
      body(content, ending, isCode, inComment)
      if bytes[content].contains(UInt8(ascii: "%")) {
        inComment = commentMarks(bytes[content]) % 2 == 1 ? !inComment : inComment
      }
    }
  }

  /// The task of a line, when the plugin reads one there: a box, outside comments
  /// and fenced code, with the vault's global filter.
  static func task(
    _ content: ArraySlice<UInt8>, settings: ObsidianTaskSettings, inComment: Bool
  ) -> ObsidianTask? {
    guard content.contains(UInt8(ascii: "[")), !inComment,
      let text = String(validating: content, as: UTF8.self),
      let task = ObsidianTask(line: text, format: settings.format),
      settings.globalFilter.isEmpty || task.body.contains(settings.globalFilter)
    else { return nil }
    return task
  }

  /// The key of the tag that marks each task's line in the view an edit is made on.
  static let lineKey = "vaultline"

  /// `  @vaultline(N)` before the blanks at the end of a task's item (a hard break).
  static func mark(_ line: inout [UInt8], _ number: Int) {
    var end = line.count
    while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
    if line.count - end < 2 { end = line.count }
    line.insert(contentsOf: Array("  @\(lineKey)(\(number))".utf8), at: end)
  }

  /// Fenced code in a block quote or callout: its lines are no tasks (the plugin reads
  /// only Obsidian's list items), and they stay quoted, as chk's parser reads them as
  /// code too. (Code outside quotes is chk's parser's to skip.)
  struct QuotedFence {
    /// The open fence's character and length.
    var open: (character: UInt8, count: Int)?

    /// Whether the line is inside (or opens or closes) fenced code in a quote.
    mutating func isCode(_ content: ArraySlice<UInt8>) -> Bool {
      var index = content.startIndex
      while index < content.endIndex, content[index] == UInt8(ascii: " ") { index += 1 }
      guard index < content.endIndex, content[index] == UInt8(ascii: ">") else {
        open = nil
        return false
      }
      while index < content.endIndex,
        content[index] == UInt8(ascii: ">") || content[index] == UInt8(ascii: " ")
      {
        index += 1
      }
      var count = 0
      let character = index < content.endIndex ? content[index] : 0
      if character == UInt8(ascii: "`") || character == UInt8(ascii: "~") {
        while index + count < content.endIndex, content[index + count] == character { count += 1 }
      }
      if let fence = open {
        if count >= fence.count, character == fence.character { open = nil }
        return true
      }
      guard count >= 3 else { return false }
      open = (character, count)
      return true
    }
  }

  /// How many `%%` a line holds.
  static func commentMarks(_ content: ArraySlice<UInt8>) -> Int {
    var count = 0
    var index = content.startIndex
    while index + 1 < content.endIndex {
      if content[index] == UInt8(ascii: "%"), content[index + 1] == UInt8(ascii: "%") {
        count += 1
        index += 2
      } else {
        index += 1
      }
    }
    return count
  }

  /// Whether a line looks like a task item to chk: an indentation, a bullet or number,
  /// blanks, a box of a blank or `x`.
  static func looksLikeChkTask(_ content: ArraySlice<UInt8>) -> Bool {
    var index = content.startIndex
    func at(_ test: (UInt8) -> Bool) -> Bool { index < content.endIndex && test(content[index]) }
    while at({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }) {
      index += 1
    }
    if at({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "+") }) {
      index += 1
    } else {
      let digits = index
      while at({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { index += 1 }
      guard index > digits, at({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ")") }) else {
        return false
      }
      index += 1
    }
    let marker = index
    while at({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { index += 1 }
    return index > marker && at({ $0 == UInt8(ascii: "[") })
  }

  /// The line with its box escaped (`\[`): no task for chk, as it is none for the plugin.
  static func escapingBox(_ content: ArraySlice<UInt8>) -> [UInt8]? {
    guard looksLikeChkTask(content), let box = content.firstIndex(of: UInt8(ascii: "[")) else {
      return nil
    }
    return Array(content[..<box]) + [UInt8(ascii: "\\")] + Array(content[box...])
  }

  /// A task line in chk's format (`isTask`), a line with a box escaped, or `nil` for a
  /// line the view keeps as it is.
  static func chkLine(
    _ content: ArraySlice<UInt8>, settings: ObsidianTaskSettings, inComment: Bool,
    rules: inout [ArraySlice<UInt8>: [UInt8]]
  ) -> (line: [UInt8], isTask: Bool)? {
    // Only lines with a box can be tasks: most lines are passed over at once.
    guard content.contains(UInt8(ascii: "[")) else { return nil }
    if !inComment, let line = quickChkLine(content, settings: settings, rules: &rules) {
      return (line, true)
    }
    guard let task = task(content, settings: settings, inComment: inComment) else {
      return escapingBox(content).map { ($0, false) }
    }
    return (chkLine(of: task, content, settings: settings), true)
  }

  /// `chkLine` read in full, through `ObsidianTask`.
  static func readChkLine(
    _ content: ArraySlice<UInt8>, settings: ObsidianTaskSettings, inComment: Bool
  ) -> [UInt8]? {
    guard let task = task(content, settings: settings, inComment: inComment) else {
      return escapingBox(content)
    }
    return chkLine(of: task, content, settings: settings)
  }

  /// The item of a task read from `content`.
  static func chkLine(
    of task: ObsidianTask, _ content: ArraySlice<UInt8>, settings: ObsidianTaskSettings
  )
    -> [UInt8]
  {
    let type = settings.status(task.statusSymbol).type
    let isClosed = type == .done || type == .cancelled || type == .nonTask
    // In a block quote or callout: the indentation after the last `>` and its blank.
    var indentation = Substring(task.indentation)
    if let quote = indentation.lastIndex(of: ">") {
      indentation = indentation[indentation.index(after: quote)...]
      if indentation.first == " " { indentation = indentation.dropFirst() }
    }
    var line: [UInt8] = []
    line.reserveCapacity(content.count + 64)
    line.append(contentsOf: indentation.utf8)
    line.append(contentsOf: task.listMarker.utf8)
    line.append(contentsOf: (isClosed ? " [x] " : " [ ] ").utf8)
    let fields = task.chkFields
    line.append(contentsOf: (try? Escaping.itemName(fields.name)) ?? [])
    func tag(_ key: StaticString, _ value: String?) {
      guard let value else { return }
      line.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " "), UInt8(ascii: "@")])
      key.withUTF8Buffer { line.append(contentsOf: $0) }
      line.append(UInt8(ascii: "("))
      line.append(contentsOf: value.utf8)
      line.append(UInt8(ascii: ")"))
    }
    // Dates as written: one that is no day is chk's invalid-date finding.
    // A time (`@due(14:30)` in the description) on the 📅 day; alone, it is chk's
    // invalid-date finding.
    tag("due", fields.dueTime.map { (task.dueDate.map { $0 + " " } ?? "") + $0 } ?? task.dueDate)
    tag("remind", fields.remind)
    tag("done", task.doneDate)
    tag("every", task.recurrence.flatMap { ObsidianRecurrence($0)?.chkEvery })
    // The plugin's other fields, as tags chk keeps (`list --json` shows them).
    tag("priority", task.priority == .none ? nil : task.priority.name)
    tag("scheduled", task.scheduledDate)
    tag("start", task.startDate)
    tag("created", task.createdDate)
    tag("cancelled", task.cancelledDate)
    tag("depends", task.dependsOn.isEmpty ? nil : task.dependsOn.joined(separator: ","))
    tag("recurrence", task.recurrence)
    tag("id", ChecklistDocument.isValidID(task.id) ? task.id : nil)
    var blanks = content.count
    while blanks > 0, content[content.startIndex + blanks - 1] == UInt8(ascii: " ") { blanks -= 1 }
    if content.count - blanks >= 2 { line += content[(content.startIndex + blanks)...] }
    return line
  }
}

extension ObsidianRecurrence {
  /// The same rule as chk's `@every` says it, when it can: every N days, weeks, months
  /// or years, every weekday, every week on one day; `from done` for `when done`.
  var chkEvery: String? {
    var rule: String
    let unit: String
    switch frequency {
    case .daily where monthDays.isEmpty && weekdays.isEmpty: unit = "day"
    case .weekly where weekdays.isEmpty: unit = "week"
    case .monthly where monthDays.isEmpty && weekdays.isEmpty: unit = "month"
    case .yearly where monthDays.isEmpty && weekdays.isEmpty && months.isEmpty: unit = "year"
    case .weekly where interval == 1 && weekdays.count == 5 && text.hasPrefix("every weekday"):
      rule = "weekday"
      return rule + (countsFromDone ? " from done" : "")
    case .weekly where interval == 1 && weekdays.count == 1 && weekdays[0].nth == 0:
      rule = Self.dayNames[weekdays[0].day - 1].lowercased()
      return rule + (countsFromDone ? " from done" : "")
    default: return nil
    }
    rule = interval == 1 ? unit : "\(interval) \(unit)s"
    return rule + (countsFromDone ? " from done" : "")
  }
}
