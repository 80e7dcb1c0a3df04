import ChecklistKit
import ChkWorkspace

/// Edits of a file in the Obsidian Tasks format (`FileDialect.obsidianTasks`): `check`,
/// `uncheck` and `toggle` write what the plugin writes for the same change
/// (`ObsidianTasksView.settingChecked`); every other edit is made on chk's view of the
/// file and written back as the plugin writes tasks (`ObsidianTasksView.writingBack`);
/// each through the one safe-write path, with an undo record. The items are named as in
/// every file (ID, number, /TEXT), read from chk's view of the file; the lines that do
/// not change keep their bytes.
extension Invocation {
  /// An edit of chk's view of a file in the plugin's format, written back into the
  /// file's lines; refused (data error, the file untouched) when the plugin's format
  /// cannot say what it made (a note, a due time, a tag of chk's own).
  func editInVault(
    _ path: UserPath, settings: ObsidianTaskSettings,
    _ change: (inout ChecklistDocument, UserPath) throws(CommandError) -> [String]
  ) throws(CommandError) -> ExitCode {
    let outcome = try fileEdit.applyToVaultDocument(
      at: path, settings: settings, idGenerator: idGenerator, today: environment.today
    ) { document throws(CommandError) in try change(&document, path) }
    // The confirmations name an item by the ID chk gave it, unless it is not written.
    let messages = outcome.value.value.map { message in
      outcome.value.unwrittenIDs.reduce(message) { $0.replacing(" \($1) \"", with: " \"") }
    }
    report(outcome, path: path, messages: messages)
    return .success
  }

  /// Checks, unchecks or toggles items of a file in the plugin's format.
  ///
  /// `check` gives a task the first done status (`[x]`), `uncheck` the first to-do one
  /// (`[ ]`); `toggle` the status its status names next, as the plugin's "Toggle task
  /// done" does. `--date` is the day it is done on (the plugin's today; the clock's day
  /// is the day a next instance is created); `--no-date` writes no `✅`; `--no-repeat`
  /// brings no next instance.
  func setCheckedInVault(
    _ action: ChecklistDocument.CheckChange.Action, date: CalendarDay?, file: UserPath,
    operands: [String], explicit: Bool, settings vaultSettings: ObsidianTaskSettings
  ) throws(CommandError) {
    var settings = vaultSettings
    if arguments.has(.noDate) { settings.setsDoneDate = false }
    let outcome = try fileEdit.apply(to: file) {
      opened throws(CommandError) -> (bytes: [UInt8], value: [String]) in
      let view = try fileEdit.parse(
        ObsidianTasksView.chkBytes(of: opened.contents, settings: settings), path: file)
      let items = try ItemResolver(view, path: file).resolveAll(operands).compactMap {
        view.item(at: $0)
      }
      guard
        let (bytes, outcomes) = ObsidianTasksView.settingChecked(
          opened.contents, lines: items.map(\.line), action: action,
          today: date ?? environment.today, createdOn: environment.today, settings: settings,
          addsNext: !arguments.has(.noRepeat))
      else {
        throw .usage("\(file.shown): a line named is not a task the Obsidian Tasks plugin reads")
      }
      var messages: [String] = []
      for (item, outcome) in zip(items, outcomes) {
        let label = Invocation.label(item.label(), in: file, explicit: explicit)
        guard outcome.changed else {
          messages.append((outcome.wasClosed ? "already checked " : "already unchecked ") + label)
          continue
        }
        messages.append((outcome.isDoneNow ? "checked " : "unchecked ") + label)
        if let date = outcome.nextDate {
          messages.append("added the next one, due " + (date.isEmpty ? "with no date" : date))
        }
        if outcome.removed { messages.append("removed it (🏁 delete)") }
        if let rule = outcome.unreadRule {
          errors.line(
            "chk: \(file.shown):\(item.line): the rule '\(rule)' is not one chk reads: no next "
              + "one was added (checklist(5), OBSIDIAN TASKS)")
        }
        if let rule = outcome.endedRule {
          errors.line(
            "chk: \(file.shown):\(item.line): '\(rule)' gives no day after the task's dates "
              + "(past 9999-12-31): no next one was added")
        }
      }
      return (bytes, messages)
    }
    report(outcome, path: file, messages: outcome.value)
  }
}

extension Command {
  /// `edit`'s options for the Obsidian Tasks plugin's other fields, as the tags of chk's
  /// view of a vault (`nil`: removed): `--priority` (`normal` removes it), `--scheduled`,
  /// `--start` and their `--no-` forms.
  static func vaultFields(_ invocation: Invocation) throws(CommandError) -> [(String, String?)] {
    let arguments = invocation.arguments
    var fields: [(String, String?)] = []
    if let level = arguments.value(.priority) {
      let names = ObsidianTask.Priority.allCases.map(\.name)
      guard names.contains(level.lowercased()) else {
        throw .invalidValue(
          "--priority: '\(level)' is no priority; write " + names.joined(separator: ", "))
      }
      fields.append(("priority", level.lowercased() == "normal" ? nil : level.lowercased()))
    }
    for (option, removal, key) in [
      (Option.scheduled, Option.noScheduled, "scheduled"), (.start, .noStart, "start"),
    ] {
      if let day = try invocation.day(option) { fields.append((key, day.description)) }
      if arguments.has(removal) { fields.append((key, nil)) }
    }
    return fields
  }
}
