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
        guard let text = String(validating: lines[index].content, as: UTF8.self),
          var task = ObsidianTask(line: text)
        else { continue }
        let status = settings.status(task.statusSymbol)
        let isDone = status.type == .done
        let target: Unicode.Scalar
        switch action {
        case .check:
          guard !isDone else {
            messages.append("already checked " + label)
            continue
          }
          target = settings.statuses.first { $0.type == .done }?.symbol ?? "x"
        case .uncheck:
          guard isDone || status.type == .cancelled else {
            messages.append("already unchecked " + label)
            continue
          }
          target = settings.statuses.first { $0.type == .todo }?.symbol ?? " "
        case .toggle:
          target = status.next
        }
        let rule = task.recurrence
        if noRepeat { task.recurrence = nil }
        var written = task.withStatus(target, today: day, settings: settings)
        if noRepeat { for index in written.indices { written[index].recurrence = rule } }
        let isDoneNow = !isDone && settings.status(target).type == .done
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
            content: Array(task.line.utf8),
            ending: offset == written.count - 1 ? lines[index].ending : ending
          )
        }
        lines.replaceSubrange(index...index, with: replacement)
      }
      return (lines.flatMap { $0.content + $0.ending }, groups.reversed().flatMap { $0 })
    }
    report(outcome, path: file, messages: outcome.value)
  }

  /// A file's lines, each with its line break (none on a last line without one).
  static func lines(of bytes: [UInt8]) -> [(content: [UInt8], ending: [UInt8])] {
    var lines: [(content: [UInt8], ending: [UInt8])] = []
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      var contentEnd = end
      if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
      lines.append(
        (Array(bytes[start..<contentEnd]), Array(bytes[contentEnd..<min(end + 1, bytes.count)])))
      start = end + 1
    }
    return lines
  }
}
