/// Checking, unchecking and toggling tasks of a file in the Obsidian Tasks format, as
/// the plugin does, on the file's own bytes: what `chk check` and the language server's
/// actions share.
extension ObsidianTasksView {
  /// What a status change did to one task.
  public struct CheckOutcome: Sendable, Hashable {
    /// The task's 1-based line in the file before the change.
    public var line: Int
    /// Whether the task was closed (done, cancelled, not a task) before.
    public var wasClosed: Bool
    /// Whether the line changed (a task already as asked is left).
    public var changed: Bool
    /// Whether it is done now.
    public var isDoneNow: Bool
    /// The next instance's first date (due, scheduled, start), when one was added;
    /// `""` for one without dates.
    public var nextDate: String?
    /// Whether `🏁 delete` took the done task away.
    public var removed: Bool
    /// A `🔁` rule chk does not read, which brought no next instance.
    public var unreadRule: String?
    /// A rule chk reads that gives no next day (past the year 9999), which brought no
    /// next instance either.
    public var endedRule: String?
  }

  /// The file's bytes after `action` on the tasks at `lines` (1-based, each a task line
  /// of chk's view): `check` gives a task the first done status, `uncheck` the first to
  /// do, `toggle` the status its status names next; each line written as the plugin
  /// writes it (`ObsidianTask.withStatus`), every other line's bytes kept.
  ///
  /// - Parameters:
  ///   - today: the day it is done on; `createdOn` the day a next instance's `➕` says.
  ///   - addsNext: whether a recurring task done now brings its next instance.
  /// - Returns: the bytes and one outcome per line, in the order of `lines`; `nil` when
  ///   a line is not a task the plugin reads.
  public static func settingChecked(
    _ bytes: [UInt8], lines targets: [Int], action: ChecklistDocument.CheckChange.Action,
    today: CalendarDay, createdOn: CalendarDay, settings: ObsidianTaskSettings, addsNext: Bool
  ) -> (bytes: [UInt8], outcomes: [CheckOutcome])? {
    var lines = Self.lines(of: bytes)
    var outcomes: [Int: CheckOutcome] = [:]
    // Bottom up, so that lines added or removed leave the lines above in place.
    for line in Set(targets).sorted(by: >) {
      let index = line - 1
      guard lines.indices.contains(index) else { return nil }
      // The byte-order mark is no part of the first line's task.
      let mark = index == 0 && lines[0].content.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      guard let text = String(validating: lines[index].content.dropFirst(mark), as: UTF8.self),
        var task = ObsidianTask(line: text, format: settings.format)
      else { return nil }
      let status = settings.status(task.statusSymbol)
      let isClosed = [.done, .cancelled, .nonTask].contains(status.type)
      var outcome = CheckOutcome(
        line: line, wasClosed: isClosed, changed: false, isDoneNow: false, removed: false)
      let target: Unicode.Scalar
      switch action {
      case .check where isClosed, .uncheck where !isClosed:
        outcomes[line] = outcome
        continue
      case .check: target = settings.statuses.first { $0.type == .done }?.symbol ?? "x"
      case .uncheck: target = settings.statuses.first { $0.type == .todo }?.symbol ?? " "
      case .toggle: target = status.next
      }
      outcome.changed = true
      outcome.isDoneNow = status.type != .done && settings.status(target).type == .done
      let rule = task.recurrence
      if outcome.isDoneNow, addsNext, let rule, ObsidianRecurrence(rule) == nil {
        outcome.unreadRule = rule
      }
      if !addsNext { task.recurrence = nil }
      var written = task.withStatus(target, today: today, settings: settings, createdOn: createdOn)
      if !addsNext { for index in written.indices { written[index].recurrence = rule } }
      // The next instance is the one not given the new status (with `🏁 delete`, the
      // only one left).
      if outcome.isDoneNow, let next = written.first(where: { $0.statusSymbol != target }) {
        outcome.nextDate = next.dueDate ?? next.scheduledDate ?? next.startDate ?? ""
      } else if outcome.isDoneNow, addsNext, let rule, ObsidianRecurrence(rule) != nil {
        outcome.endedRule = rule
      }
      outcome.removed = written.isEmpty
      outcomes[line] = outcome
      let ending = lines[index].ending.isEmpty ? [UInt8(ascii: "\n")] : lines[index].ending
      let replacement = written.enumerated().map { offset, task in
        (
          content: (offset == 0 ? Array(lines[index].content.prefix(mark)) : [])
            + Array(task.line.utf8),
          ending: offset == written.count - 1 ? lines[index].ending : ending
        )
      }
      lines.replaceSubrange(index...index, with: replacement)
    }
    return (lines.flatMap { $0.content + $0.ending }, targets.compactMap { outcomes[$0] })
  }

  /// A file's lines, each with its line break (none on a last line without one).
  static func lines(of bytes: [UInt8]) -> [(content: [UInt8], ending: [UInt8])] {
    var lines: [(content: [UInt8], ending: [UInt8])] = []
    forEachLine(bytes, from: 0) { lines.append((Array(bytes[$0]), Array(bytes[$1]))) }
    return lines
  }

  /// Calls `body` with each line's content and line break from `start`: lines end at
  /// LF, CRLF or a lone CR, as chk's parser ends them.
  static func forEachLine(
    _ bytes: [UInt8], from start: Int, _ body: (Range<Int>, Range<Int>) -> Void
  ) {
    var start = start
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
        end += 1
      }
      var next = end
      if next < bytes.count {
        next +=
          bytes[next] == UInt8(ascii: "\r") && next + 1 < bytes.count
            && bytes[next + 1] == UInt8(ascii: "\n") ? 2 : 1
      }
      body(start..<end, end..<next)
      start = next
    }
  }
}
