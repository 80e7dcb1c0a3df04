import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// The terminal UI against the model of the editing commands written from the man
/// pages (`Tests/Helpers/edit_model.py`, through `tui_model.py`): random key sequences
/// on random files (the edit model's), each key recorded with the item or list the
/// cursor was on and the text typed at its prompt. The model maps each key to the
/// command chk(1) says it stands for (Space is `toggle`, dd `rm`, J and K `mv --after`
/// and `--before` a sibling, > and < `mv --under` the item above and `--after` the
/// parent, a and O `add` next to the item, e, n, D, R and ! `edit`, A `archive`, u and
/// Ctrl-r undo and redo) and applies it to its own tree, not through the session;
/// then compares the file after every key. Only which item the cursor is on comes from
/// the session (the model has no cursor). Seeded; `CHK_DIFFERENTIAL_CASES` (runs ×
/// 20) runs more.
@Suite("TUI: keys against the model of the commands")
struct SessionAgainstModelTests {
  static let texts: [String: [String]] = [
    "e": ["renamed", "milk 2", ""],
    "n": ["a note", "see @due(2024-01-01)", ""],
    "D": ["2024-08-03", "2024-08-03 07:15", "2024-07-30", ""],
    "R": ["week", "2 weeks", "month from done", "weekday", ""],
    "!": ["09:00", "1 day before", "off", ""],
    "a": ["added", "new one"],
    "O": ["above"],
  ]

  /// The cursor's item (its ID) or list (its name), as the session has it.
  static func target(_ session: Session) -> [String: String] {
    if let (file, row) = session.currentItem,
      let id = session.files[file].document.item(at: .line(row.line))?.id
    {
      return ["item": id]
    }
    if let row = session.currentRow, row.kind == .list {
      let document = session.files[row.file].document
      let line = session.files[row.file].outline[row.outline].line
      if let name = document.listOutlines.first(where: { $0.list.line == line })?.list.name {
        return ["list": name]
      }
    }
    return [:]
  }

  @Test func keysDoWhatTheirCommandsDoOnTheModel() throws {
    guard let oracle = try LSPSchemaOracle.forTest("TUI against the edit model") else { return }
    guard oracle.has("cmarkgfm") else {
      Issue.record("the edit model needs cmarkgfm beside lsprotocol")
      return
    }
    var random = TestRandom(seed: 3303)
    let count =
      (Int(ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"] ?? "") ?? 600) / 20
    var runs: [[String: Any]] = []
    var edits = 0
    for _ in 0..<count {
      let initial = EditModelFiles.initial(&random)
      let ui = try SessionHarness(initial)
      var steps: [[String: Any]] = []
      for _ in 0..<20 {
        let target = Self.target(ui.session)
        var step: [String: Any] = target
        let key: String
        if target["item"] != nil {
          key = random.pick([
            "j", "k", "G", "g", "Tab", "Space", "x", "Space", "dd", "J", "K", ">", "<", "a", "O",
            "e", "n", "D", "R", "!", "A", "u", "u", "C-r",
          ])
        } else {
          key = random.pick(["j", "j", "k", "G", "a", "u", "C-r"])
        }
        step["key"] = key
        if key == "dd" {
          ui.press("d", "d")
        } else {
          ui.press(key)
        }
        if let texts = Self.texts[key], ui.session.prompt != nil {
          let text = random.pick(texts)
          step["text"] = text
          // The prompt may hold the value it edits: Ctrl-u clears what is before the
          // cursor, at the end of the line.
          ui.press("C-e", "C-u")
          ui.type(text)
        }
        if key == "Space" || key == "x", ui.session.prompt?.isQuestion == true {
          let answer = random.pick(["y", "n"])
          step["asked"] = true
          step["answer"] = answer
          ui.press(answer)
        }
        // The add prompt stays open for the next item; a value refused keeps its
        // prompt open with the reason: Esc closes both.
        if ui.session.prompt != nil { ui.press("Esc") }
        step["file"] = try ui.file()
        if (steps.last?["file"] as? String ?? initial) != step["file"] as? String { edits += 1 }
        steps.append(step)
      }
      runs.append(["initial": initial, "steps": steps])
    }
    guard
      let output = oracle.runHelper(
        "tui_model.py",
        input: try JSONSerialization.data(withJSONObject: [
          "today": SessionHarness.today.description, "runs": runs,
        ]))
    else {
      Issue.record("tui_model.py failed")
      return
    }
    struct Answer: Decodable { var failures: [String] }
    let failures = try JSONDecoder().decode(Answer.self, from: output).failures
    #expect(edits > count * 5, "\(edits) keys of \(count * 20) changed the file")
    #expect(failures.isEmpty, "\(failures.count) of \(count) runs: \(failures.prefix(5))")
  }
}
