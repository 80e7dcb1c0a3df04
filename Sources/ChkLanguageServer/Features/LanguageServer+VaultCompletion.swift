import ChecklistKit
import ChkWorkspace

/// Completion in a file of the Obsidian Tasks format, as the plugin's auto-suggest
/// offers it (`docs/Editing/Auto-Suggest.md`): on a line the plugin reads as a task,
/// the signifiers the task has not got yet (`du` offers `📅 due date`); after a date's
/// signifier, days (`📅 tom` → `📅 2026-12-08`); after `🔁`, common rules.
extension LanguageServer {
  /// The offers at the cursor on a line of such a file; none on a line that is no task.
  func vaultCompletions(
    before: [UInt8], after: [UInt8], cursor: Int, document: OpenDocument,
    settings: ObsidianTaskSettings
  ) -> ([JSONValue], Bool) {
    guard let line = String(validating: before + after, as: UTF8.self),
      settings.format == .emoji, let task = ObsidianTask(line: line),
      settings.globalFilter.isEmpty || task.body.contains(settings.globalFilter),
      settings.status(task.statusSymbol).type != .nonTask,
      let typedText = String(validating: before, as: UTF8.self),
      let box = typedText.firstIndex(of: "]")
    else { return ([], false) }
    let text = typedText[typedText.index(after: box)...]
    // The value of the field the cursor is in: what follows its signifier.
    let scalars = Array(text.unicodeScalars)
    if let signifierIndex = scalars.lastIndex(where: { Self.valueSignifiers.contains($0) }) {
      // An emoji keyboard puts a variation selector after the signifier.
      var valueStart = signifierIndex + 1
      if valueStart < scalars.count, scalars[valueStart] == "\u{FE0F}" { valueStart += 1 }
      let value = String(String.UnicodeScalarView(scalars[valueStart...]))
      if value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " -,".contains($0)) }) {
        let typed = value.drop { $0 == " " }
        let replaced = (cursor - typed.utf8.count)..<cursor
        // A rule typed whole and a blank after it, or a date and a blank: the field is
        // done, and the signifiers are offered again.
        let isDone =
          value.last == " "
          && (ObsidianRecurrence(String(typed.dropLast())) != nil || typed.contains("-"))
        if scalars[signifierIndex] == "🔁", !isDone {
          return (
            Self.rules.map { rule, detail in
              item(rule, detail: detail, kind: 12, replacing: replaced, with: rule, in: document)
            }, false
          )
        }
        if Self.dateSignifiers.contains(scalars[signifierIndex]), !typed.contains(" ") {
          return (
            dateCompletions(
              comingDays(), typed: String(typed), replacing: replaced, close: "", in: document),
            true
          )
        }
      }
    }
    // The word being typed, matched anywhere in the offers' words.
    var wordStart = before.count
    while wordStart > 0, Self.isWordByte(before[wordStart - 1]) { wordStart -= 1 }
    let replaced = (cursor - (before.count - wordStart))..<cursor
    let blank = wordStart > 0 && before[wordStart - 1] != UInt8(ascii: " ") ? " " : ""
    let today = environment.workspace.today.description
    var offers: [(String, String)] = []
    if task.dueDate == nil { offers.append(("📅 due date", "📅 ")) }
    if task.scheduledDate == nil { offers.append(("⏳ scheduled date", "⏳ ")) }
    if task.startDate == nil { offers.append(("🛫 start date", "🛫 ")) }
    if task.createdDate == nil { offers.append(("➕ created today (\(today))", "➕ " + today)) }
    if task.recurrence == nil { offers.append(("🔁 recurring (repeat)", "🔁 ")) }
    if task.priority == .none {
      for level in ObsidianTask.Priority.allCases {
        guard let signifier = level.signifier else { continue }
        offers.append(("\(signifier) \(level.name) priority", signifier))
      }
    }
    if task.id.isEmpty { offers.append(("🆔 id", "🆔 ")) }
    if task.dependsOn.isEmpty { offers.append(("⛔ depends on id", "⛔ ")) }
    if task.onCompletion == nil {
      offers.append(("🏁 delete on completion", "🏁 delete"))
      offers.append(("🏁 keep on completion", "🏁 keep"))
    }
    return (
      offers.enumerated().map { index, offer in
        var value = item(
          offer.0, detail: "Obsidian Tasks", kind: 12, replacing: replaced,
          with: blank + offer.1, in: document)
        if case .object(var members) = value {
          // Matched anywhere: the words after the signifier ("due date").
          members.append(
            (
              "filterText",
              .string(String(offer.0.split(separator: " ").dropFirst().joined(separator: " ")))
            ))
          members.append(("sortText", .string(String(100 + index))))
          value = .object(members)
        }
        return value
      }, false
    )
  }

  /// The signifiers whose value the cursor may be typing.
  static let valueSignifiers: Set<Unicode.Scalar> = [
    "📅", "📆", "🗓", "⏳", "⌛", "🛫", "➕", "✅", "❌", "🔁",
  ]
  static let dateSignifiers: Set<Unicode.Scalar> = ["📅", "📆", "🗓", "⏳", "⌛", "🛫", "➕", "✅", "❌"]

  /// The rules offered after `🔁`, as the plugin's menu offers them.
  static let rules: [(String, String)] = [
    ("every day", "daily"), ("every week", "on the due day's weekday"),
    ("every month", "on the due day's date"), ("every month on the 1st", "monthly, on the 1st"),
    ("every month on the last", "monthly, on its last day"), ("every year", "yearly"),
    ("every weekday", "Monday to Friday"), ("every week on Sunday", "weekly, on Sunday"),
    ("every week on Monday", "weekly, on Monday"),
    ("every week when done", "a week after it was done"),
  ]
}
