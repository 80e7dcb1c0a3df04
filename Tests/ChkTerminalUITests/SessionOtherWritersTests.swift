import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// Another program changing the file while the screen is open.
extension SessionTests {
  /// Another program's change is read within the next check, the cursor stays on its
  /// item; an edit made over a change the UI has not read is refused and nothing is
  /// written.
  @Test func otherWritersAreSeenAndNeverOverwritten() throws {
    let ui = try SessionHarness()
    ui.go(to: "Butter")
    // Another editor adds a line at the top.
    let changed = "- [ ] New from elsewhere  @id(n1)\n" + SessionHarness.text
    try Data(changed.utf8).write(to: URL(fileURLWithPath: ui.directory.path + "/CHECKLIST.md"))
    // The UI has not looked yet: a toggle now would apply to what it showed.
    ui.press("Space")
    #expect(ui.session.status.contains("changed on disk; read it again, nothing was written"))
    #expect(try ui.file() == changed)
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Butter") })
    // A later change is picked up by the periodic check.
    let again = changed.replacingOccurrences(of: "Laundry", with: "Ironing")
    try Data(again.utf8).write(to: URL(fileURLWithPath: ui.directory.path + "/CHECKLIST.md"))
    #expect(ui.session.checkFiles())
    #expect(ui.screen.contains { $0.contains("Ironing") })
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Butter") })
  }

  /// What was open when another program changed the file applies only where it still
  /// can: the picker and the first d of dd are dropped, a prompt's text is refused when
  /// its item went and applies when the item is still there (found by its ID).
  @Test func promptsAndPickersOutliveNoOtherWritersChange() throws {
    let ui = try SessionHarness()
    let path = URL(fileURLWithPath: ui.directory.path + "/CHECKLIST.md")
    // The picker: open, the file changes and is read again, Enter moves nothing.
    ui.go(to: "Butter")
    ui.press("m")
    let fewer = SessionHarness.text.replacingOccurrences(of: "## Chores\n", with: "")
    try Data(fewer.utf8).write(to: path)
    #expect(ui.session.checkFiles())
    ui.press("Enter")
    #expect(ui.session.status.contains("nothing was moved"))
    #expect(try ui.file() == fewer)
    // A rename whose item another program removed meanwhile: refused.
    ui.go(to: "Flour")
    ui.press("e")
    let gone = fewer.replacingOccurrences(of: "  - [ ] Flour  @id(f1)\n", with: "")
    try Data(gone.utf8).write(to: path)
    #expect(ui.session.checkFiles())
    ui.type(" mill")
    #expect(ui.session.status.contains("nothing was changed"))
    #expect(try ui.file() == gone)
    // A rename whose item moved down a line: applied to it, by its ID.
    ui.go(to: "Yeast")
    ui.press("e")
    let shifted = "Prose above.\n" + gone
    try Data(shifted.utf8).write(to: path)
    #expect(ui.session.checkFiles())
    ui.type(" (dry)")
    #expect(try ui.file() == shifted.replacingOccurrences(of: "Yeast", with: "Yeast (dry)"))
    // dd's first d, then a change read again: the second d starts over.
    ui.go(to: "Milk")
    ui.press("d")
    try Data(("Two lines\nabove.\n" + shifted).utf8).write(to: path)
    #expect(ui.session.checkFiles())
    ui.press("d")
    #expect(try ui.file().contains("Milk"))
    #expect(ui.session.invariantViolation(columns: 80, rows: 24) == nil)
  }
}
