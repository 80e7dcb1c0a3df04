import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// Edits of chk's view of a file in the Obsidian Tasks format, written back into the
/// file (`ObsidianTasksView.writingBack`): on every file of the plugin's own docs vault,
/// renaming a task changes that line only, into the task with the new description and
/// every other field as it was (read by chk and by the reference that runs the
/// plugin's expressions), and removing one takes out that line only; cmark-gfm renders
/// the rest of each file the same.
@Suite("Obsidian Tasks: edits of the view written back")
struct ObsidianWriteBackTests {
  static let settings = ObsidianTaskSettings()
  static let today = CalendarDay(year: 2026, month: 12, day: 7) ?? .today()

  static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// The file after `change` on its view.
  static func edited(
    _ bytes: [UInt8], _ change: (inout ChecklistDocument) throws -> Void
  ) throws -> [UInt8] {
    let view = try ChecklistDocument(
      parsing: ObsidianTasksView.chkBytes(of: bytes, settings: settings, marksLines: true))
    var edited = view
    edited.history = ByteHistory()
    try change(&edited)
    return try ObsidianTasksView.writingBack(
      bytes, view: view, edited: edited, settings: settings, today: today
    ).bytes
  }

  @Test func renamingAndRemovingEachTaskOfThePluginsDocsTouchOnlyItsLine() throws {
    var renamed: [String] = []
    var cases: [RenderingOracle.Case] = []
    var removed = 0
    for file in Corpus.obsidianTasks {
      guard let text = file.text, !text.contains("\r") else { continue }
      let view = try ChecklistDocument(
        parsing: ObsidianTasksView.chkBytes(of: file.bytes, settings: Self.settings))
      let before = Self.lines(file.bytes)
      for item in view.items.prefix(8) {
        let line = item.line
        let after = Self.lines(
          try Self.edited(file.bytes) { try $0.rename(.line(line), to: "Renamed task") })
        #expect(after.count == before.count, "\(file.name):\(line)")
        guard after.count == before.count else { continue }
        for index in before.indices where index != line - 1 {
          #expect(after[index] == before[index], "\(file.name):\(index + 1) changed")
        }
        let old = try #require(ObsidianTask(line: before[line - 1]), "\(file.name):\(line)")
        let new = try #require(ObsidianTask(line: after[line - 1]), "\(file.name):\(line)")
        var expected = old
        expected.description = "Renamed task"
        expected.body = new.body
        // The rule as the plugin writes it (`every Sunday` → `every week on Sunday`).
        expected.recurrence = old.recurrence.map { ObsidianRecurrence($0)?.text ?? $0 }
        #expect(new == expected, "\(file.name):\(line): \(before[line - 1]) → \(after[line - 1])")
        renamed.append(after[line - 1])
        cases.append(
          RenderingOracle.Case(
            before: text, after: after.joined(separator: "\n"), beforeMask: [line],
            afterMask: [line]))
        let shorter = Self.lines(try Self.edited(file.bytes) { try $0.deleteItem(.line(line)) })
        // chk may take out or put in a blank line between blocks
        // (in a callout, a quoted one): lines that are no blank are as they were.
        // An ordered list is numbered again, as in chk's own format.
        func nonBlank(_ lines: [String]) -> [String] {
          lines.filter { !$0.allSatisfy { $0 == " " || $0 == ">" } }.map { line in
            let digits = line.drop { $0 == " " }.prefix { $0.isNumber }
            return digits.isEmpty ? line : String(line.drop { $0 == " " }.dropFirst(digits.count))
          }
        }
        // The item's block goes: its line and the lines it owns (plain sub-bullets).
        let owned = try #require(view.lines(ownedBy: .line(line)))
        var expectedLines = before
        expectedLines.removeSubrange((owned.lowerBound - 1)..<owned.upperBound)
        #expect(nonBlank(shorter) == nonBlank(expectedLines), "\(file.name):\(line) removed")
        // A task in a callout goes alone: chk reads a callout's tasks without the lines
        // under them (checklist(5)), so those stay; the rest renders alike.
        if !before[line - 1].drop(while: { $0 == " " }).hasPrefix(">") {
          cases.append(
            RenderingOracle.Case(
              before: text, after: shorter.joined(separator: "\n"), beforeDrop: [line], loose: true)
          )
        }
        removed += 1
      }
    }
    #expect(renamed.count > 300 && removed > 250, "\(renamed.count) renamed, \(removed) removed")
    // The plugin's expressions read each written line as chk does.
    if let (differences, _) = try ObsidianReferenceTests.differences(renamed) {
      #expect(differences.isEmpty, "\(differences.prefix(6))")
    }
    guard let oracle = try RenderingOracle.forTest("vault edits against cmark-gfm") else { return }
    let verdicts = try oracle.compare(cases)
    let failures = zip(cases, verdicts).filter { !$0.1.same }
    RenderingOracle.dump(failures, name: "vault-edits")
    #expect(
      failures.isEmpty,
      "\(failures.count) of \(cases.count) render otherwise: \(failures.first.map { "\($0.0.after.prefix(300))" } ?? "")"
    )
  }

  /// A moved task keeps its bytes (status, block link, quote marks); a changed one keeps
  /// what the view does not show (its status, block link, the callout it is in, a
  /// byte-order mark, CRLF); an added one follows the callout it is added to.
  @Test func whatTheViewDoesNotShowIsKept() throws {
    let file = Array(
      "\u{FEFF}- [/] First 📅 2026-12-05 ^one\r\n- [ ] Second\r\n\r\n> [!todo] Box\r\n> - [D] Boxed ⏫\r\n"
        .utf8)
    let renamed = try Self.edited(file) { try $0.rename(.line(1), to: "Erste") }
    #expect(
      String(decoding: renamed, as: UTF8.self)
        == "\u{FEFF}- [/] Erste 📅 2026-12-05 ^one\r\n- [ ] Second\r\n\r\n> [!todo] Box\r\n> - [D] Boxed ⏫\r\n"
    )
    let moved = try Self.edited(file) { try $0.moveItem(.line(1), to: .after(.line(2))) }
    #expect(
      String(decoding: moved, as: UTF8.self)
        == "- [ ] Second\r\n\u{FEFF}- [/] First 📅 2026-12-05 ^one\r\n\r\n> [!todo] Box\r\n> - [D] Boxed ⏫\r\n"
        || String(decoding: moved, as: UTF8.self)
          == "\u{FEFF}- [ ] Second\r\n- [/] First 📅 2026-12-05 ^one\r\n\r\n> [!todo] Box\r\n> - [D] Boxed ⏫\r\n"
    )
    let boxed = try Self.edited(file) { try $0.setDueDate(Self.today, of: .line(5)) }
    #expect(String(decoding: boxed, as: UTF8.self).hasSuffix("> - [D] Boxed ⏫ 📅 2026-12-07\r\n"))
    let added = try Self.edited(file) {
      _ = try $0.addItem(named: "New", at: .after(.line(5)))
    }
    #expect(String(decoding: added, as: UTF8.self).hasSuffix("> - [D] Boxed ⏫\r\n> - [ ] New\r\n"))
    // Checking through an edit gives the first done status and keeps chk's done day.
    let checked = try Self.edited(file) { try $0.check(.line(5), on: Self.today) }
    #expect(String(decoding: checked, as: UTF8.self).hasSuffix("> - [x] Boxed ⏫ ✅ 2026-12-07\r\n"))
  }

  /// What the plugin's format cannot say is refused with the line and the reason.
  @Test func whatThePluginCannotSayIsRefused() throws {
    let file = Array("- [ ] One 📅 2026-12-05\n".utf8)
    func refusal(_ change: (inout ChecklistDocument) throws -> Void) throws -> String? {
      do {
        _ = try Self.edited(file, change)
        return nil
      } catch let error as ObsidianTasksView.WriteBackError {
        return "\(error.line): \(error.reason)"
      }
    }
    #expect(
      try refusal { try $0.setNote("n", of: .line(1)) }?.hasPrefix(
        "1: the Obsidian Tasks format has no notes") == true)
    #expect(
      try refusal { try $0.rename(.line(1), to: "Pay ⏫") }?.contains("reads as one of its fields")
        == true)
    #expect(try refusal { try $0.rename(.line(1), to: "Pay #later") } == nil)
  }
}

/// chk's time and reminder in the plugin's format: text at the end of the description,
/// which the plugin keeps and reads every field after.
@Suite("Obsidian Tasks: times and reminders as chk's tags in the description")
struct ObsidianTimeTests {
  @Test func theDescriptionsEndHoldsChksFields() {
    func fields(_ description: String) -> [String?] {
      let task = ObsidianTask(description: description)
      return [task.chkFields.name, task.chkFields.dueTime, task.chkFields.remind]
    }
    #expect(fields("Call @due(14:30)") == ["Call", "14:30", nil])
    #expect(
      fields("Call @due(14:30) @remind(30 minutes before) #family")
        == ["Call #family", "14:30", "30 minutes before"])
    #expect(fields("@due(9:00)") == ["", "9:00", nil])
    // Only at the end, after a blank, once each.
    #expect(fields("Call @due(14:30) later") == ["Call @due(14:30) later", nil, nil])
    #expect(fields("Call x@due(14:30)") == ["Call x@due(14:30)", nil, nil])
    #expect(fields("a @due(1:00) @due(2:00)") == ["a @due(1:00)", "2:00", nil])
    #expect(fields("Call (me)") == ["Call (me)", nil, nil])
  }

  /// Written by chk, read by chk's view and by the reference that runs the plugin's
  /// expressions: the same day and description, every field after the text read.
  @Test func thePluginStillReadsTheTaskWithATime() throws {
    let file = Array("# Home\n\n- [ ] Call 🔁 every week ⏫ 📅 2026-12-05\n".utf8)
    let today = ObsidianWriteBackTests.today
    let edited = try ObsidianWriteBackTests.edited(file) {
      let day = try #require(CalendarDay("2026-12-09"))
      try $0.setDue(DueMoment(day: day, time: ClockTime(hour: 14, minute: 30)), of: .line(3))
      try $0.setReminder(Reminder("30 minutes before"), of: .line(3))
      try $0.addItem(
        named: "Standup #work", at: .end(of: .name("Home")),
        due: DueMoment(day: today, time: ClockTime(hour: 9, minute: 5)), reminder: Reminder("09:00")
      )
    }
    let lines = ObsidianWriteBackTests.lines(edited)
    #expect(
      lines == [
        "# Home", "",
        "- [ ] Call @due(14:30) @remind(30 minutes before) ⏫ 🔁 every week 📅 2026-12-09",
        "- [ ] Standup #work @due(09:05) @remind(09:00) 📅 2026-12-07", "",
      ])
    let view = try ChecklistDocument(
      parsing: ObsidianTasksView.chkBytes(of: edited, settings: ObsidianWriteBackTests.settings))
    #expect(view.items.map { $0.due?.description } == ["2026-12-09 14:30", "2026-12-07 09:05"])
    #expect(view.items.map { $0.reminder?.description } == ["30 minutes before", "09:00"])
    #expect(view.items.map(\.name) == ["Call", "Standup #work"])
    #expect(ObsidianTask(line: lines[2])?.priority == .high)
    if let (differences, withFields) = try ObsidianReferenceTests.differences([lines[2], lines[3]])
    {
      #expect(differences.isEmpty, "\(differences)")
      #expect(withFields == 2)
    }
  }
}
