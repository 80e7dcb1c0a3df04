import ChecklistKit
import ChkWorkspace

/// Edits of a file in the Obsidian Tasks format (`FileDialect.obsidianTasks`): `check`,
/// `uncheck` and `toggle` write what the plugin writes for the same change
/// (`ObsidianTask.withStatus`), through the one safe-write path, with an undo record.
/// The items are named as in every file (ID, number, /TEXT), read from chk's view of
/// the file; the lines that do not change keep their bytes.
extension Invocation {
  /// Checks, unchecks or toggles items of a file in the plugin's format.
  ///
  /// `check` gives a task the first done status (`[x]`), `uncheck` the first to-do one
  /// (`[ ]`); `toggle` the status its status names next, as the plugin's "Toggle task
  /// done" does. `--date` is the day it is done on (the plugin's today); `--no-date`
  /// writes no `✅`; `--no-repeat` brings no next instance.
  func setCheckedInVault(
    _ action: ChecklistDocument.CheckChange.Action, date: CalendarDay?, file: UserPath,
    operands: [String], explicit: Bool, settings vaultSettings: ObsidianTaskSettings
  ) throws(CommandError) {
    var settings = vaultSettings
    if arguments.has(.noDate) { settings.setsDoneDate = false }
    let day = date ?? environment.today
    let noRepeat = arguments.has(.noRepeat)
    let outcome = try fileEdit.apply(to: file) {
      opened throws(CommandError) -> (bytes: [UInt8], value: [String]) in
      let view = try fileEdit.parse(
        ObsidianTasksView.chkBytes(of: opened.contents, settings: settings), path: file)
      let items = try ItemResolver(view, path: file).resolveAll(operands)
      var lines = Self.lines(of: opened.contents)
      var groups: [[String]] = []
      // Bottom up, so that lines added or removed leave the lines above in place.
      let targets = items.compactMap { view.item(at: $0) }.sorted { $0.line > $1.line }
      for item in targets {
        let index = item.line - 1
        let label = Invocation.label(item.label(), in: file, explicit: explicit)
        var messages: [String] = []
        defer { groups.append(messages) }
        // The byte-order mark is no part of the first line's task.
        let mark = index == 0 && lines[0].content.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let text = String(validating: lines[index].content.dropFirst(mark), as: UTF8.self),
          var task = ObsidianTask(line: text)
        else {
          throw .usage("\(file.shown):\(item.line): not a task the Obsidian Tasks plugin reads")
        }
        let status = settings.status(task.statusSymbol)
        // Closed as chk's views show it: done, cancelled, or not a task.
        let isClosed = [.done, .cancelled, .nonTask].contains(status.type)
        let target: Unicode.Scalar
        switch action {
        case .check:
          guard !isClosed else {
            messages.append("already checked " + label)
            continue
          }
          target = settings.statuses.first { $0.type == .done }?.symbol ?? "x"
        case .uncheck:
          guard isClosed else {
            messages.append("already unchecked " + label)
            continue
          }
          target = settings.statuses.first { $0.type == .todo }?.symbol ?? " "
        case .toggle:
          target = status.next
        }
        let isDoneNow = status.type != .done && settings.status(target).type == .done
        let rule = task.recurrence
        if isDoneNow, !noRepeat, let rule, ObsidianRecurrence(rule) == nil {
          errors.line(
            "chk: \(file.shown):\(item.line): the rule '\(rule)' is not one chk reads: no next "
              + "one was added (checklist(5), OBSIDIAN TASKS)")
        }
        if noRepeat { task.recurrence = nil }
        var written = task.withStatus(
          target, today: day, settings: settings, createdOn: environment.today)
        if noRepeat { for index in written.indices { written[index].recurrence = rule } }
        messages.append((isDoneNow ? "checked " : "unchecked ") + label)
        if written.count == 2, let next = written.first(where: { $0.statusSymbol != target }) {
          messages.append(
            "added the next one, due "
              + (next.dueDate ?? next.scheduledDate ?? next.startDate ?? "with no date"))
        }
        if written.isEmpty { messages.append("removed it (🏁 delete)") }
        let ending = lines[index].ending.isEmpty ? Array("\n".utf8) : lines[index].ending
        let replacement = written.enumerated().map { offset, task in
          (
            content: (offset == 0 ? Array(lines[index].content.prefix(mark)) : [])
              + Array(task.line.utf8),
            ending: offset == written.count - 1 ? lines[index].ending : ending
          )
        }
        lines.replaceSubrange(index...index, with: replacement)
      }
      return (lines.flatMap { $0.content + $0.ending }, groups.reversed().flatMap { $0 })
    }
    report(outcome, path: file, messages: outcome.value)
  }

  /// A file's lines, each with its line break (LF, CRLF or a lone CR, as chk's parser
  /// ends lines; none on a last line without one).
  static func lines(of bytes: [UInt8]) -> [(content: [UInt8], ending: [UInt8])] {
    var lines: [(content: [UInt8], ending: [UInt8])] = []
    var start = 0
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
      lines.append((Array(bytes[start..<end]), Array(bytes[end..<next])))
      start = next
    }
    return lines
  }
}
