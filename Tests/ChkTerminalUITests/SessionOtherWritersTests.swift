import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

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
    #expect(ui.session.status.contains("changed on disk and was read again; nothing was written"))
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
    #expect(ui.session.status.contains("nothing was moved"))
    // The picker is gone: Enter now opens the item, and moves nothing.
    ui.press("Enter")
    #expect(ui.session.screen == .item)
    ui.press("Esc")
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

  /// The screen and a shell walk one history, many steps back: `u` undoes a change a
  /// shell made (and says so, by its command), then the screen's own before it; Ctrl-r
  /// and `chk redo` make them again; `chk undo` in the shell takes back the screen's.
  @Test func undoWalksOneHistoryWithTheShell() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("Space")
    let checked = try ui.file()
    // In a shell: chk add, on the same file.
    var environment = ChkEnvironment(
      variables: ui.variables, currentDirectory: ui.directory.path, today: SessionHarness.today)
    environment.variables["CHK_FILE"] = "CHECKLIST.md"
    func shell(_ arguments: String...) -> ExitCode {
      ChkTool.run(arguments, environment: environment, output: ByteOutput(), errors: ByteOutput())
    }
    #expect(shell("add", "From the shell") == .success)
    let added = try ui.file()
    #expect(ui.session.checkFiles())
    ui.press("u")
    #expect(ui.status.contains("undid chk add 'From the shell'"))
    #expect(try ui.file() == checked)
    ui.press("u")
    #expect(ui.status.contains("undid chk tui: checked m1 \"Milk\""))
    #expect(try ui.file() == SessionHarness.text)
    ui.press("u")
    #expect(ui.status.contains("nothing to undo"))
    ui.press("C-r")
    #expect(try ui.file() == checked)
    // The shell redoes the add the screen undid, then undoes it again.
    #expect(shell("redo") == .success)
    #expect(try ui.file() == added)
    #expect(shell("undo") == .success)
    #expect(ui.session.checkFiles())
    ui.press("C-r")
    #expect(ui.status.contains("redid chk add 'From the shell'"))
    #expect(try ui.file() == added)
  }

  /// A change made by another program (not chk) is no step of the history: `u` says it
  /// cannot undo over it, and why, and writes nothing.
  @Test func undoSaysWhyAfterAnotherProgramsChange() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("Space")
    let edited = try ui.file() + "- [ ] typed in an editor\n"
    try Data(edited.utf8).write(to: URL(fileURLWithPath: ui.directory.path + "/CHECKLIST.md"))
    #expect(ui.session.checkFiles())
    ui.press("u")
    #expect(ui.status.contains("the file changed since the last chk edit (chk tui: checked m1"))
    #expect(ui.status.contains("undo would lose that change"))
    #expect(try ui.file() == edited)
  }

  /// `u` and Ctrl-r work on the lists and due screens too, in the file their cursor
  /// is in.
  @Test func undoWorksOnEveryScreen() throws {
    let ui = try SessionHarness()
    ui.press("L", "j", "e")
    _ = ui.session.handle(.control("u"))
    ui.type("Errands")
    #expect(try ui.file().contains("## Errands"))
    ui.press("u")
    #expect(try ui.file() == SessionHarness.text)
    #expect(ui.status.contains("undid chk tui: renamed the list to \"Errands\""))
    ui.press("C-r")
    let renamed = try ui.file()
    #expect(renamed.contains("## Errands"))
    ui.press("Esc", "T", "j", "Space")
    #expect(ui.status.contains("checked w1"))
    #expect(try ui.file() != renamed)
    ui.press("u")
    #expect(ui.status.contains("undid chk tui: checked w1"))
    #expect(try ui.file() == renamed)
  }
}
