import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// The prompt line's editing, the status line, read-only files and empty files.
extension SessionTests {
  /// The prompt edits as a shell's line editor does: Left, Home, Delete, Ctrl-k, Ctrl-w.
  @Test func thePromptEditsAnywhereInTheLine() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("e")
    // "Milk": before the k, then at the start.
    _ = ui.session.handle(.left)
    _ = ui.session.handle(.character("-"))
    _ = ui.session.handle(.home)
    for character in "Oat " { _ = ui.session.handle(.character(character)) }
    #expect(ui.session.prompt?.text == "Oat Mil-k")
    _ = ui.session.handle(.end)
    _ = ui.session.handle(.left)
    _ = ui.session.handle(.backspace)
    #expect(ui.session.prompt?.text == "Oat Milk")
    _ = ui.session.handle(.home)
    _ = ui.session.handle(.delete)
    _ = ui.session.handle(.control("k"))
    #expect(ui.session.prompt?.text == "")
    // Ctrl-w takes the blanks before the cursor and the word before them.
    for character in "Soy milk  " { _ = ui.session.handle(.character(character)) }
    _ = ui.session.handle(.control("w"))
    for character in "drink" { _ = ui.session.handle(.character(character)) }
    ui.type("")
    #expect(try ui.file() == (try ui.command("edit", "m1", "--name", "Soy drink")))
  }

  /// At 40 columns the label gives way and the text around the cursor stays in sight.
  @Test func aLongPromptShowsWhereYouType() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("n")
    let note = "a long note that will not fit in forty columns at all, typed to the end"
    for character in note { _ = ui.session.handle(.character(character)) }
    let frame = ui.session.render(columns: 40, rows: 12)
    let line = frame.text[11]
    #expect(line.hasSuffix("typed to the end"))
    #expect(frame.cursor?.column == 39)
    _ = ui.session.handle(.home)
    let start = ui.session.render(columns: 40, rows: 12)
    #expect(start.text[11].contains("Note: a long note"))
    #expect(start.cursor?.column == 6)
  }

  /// A read-only file refuses a change at its key, before any prompt opens.
  @Test func aReadOnlyFileRefusesAtTheKey() throws {
    let ui = try SessionHarness()
    ui.session.files[0].isReadOnly = true
    ui.go(to: "Milk")
    for key in ["a", "e", "D", "Space", "d"] {
      ui.press(key)
      #expect(ui.session.prompt == nil, "\(key)")
      #expect(ui.status.contains("read-only: nothing can be changed"), "\(key)")
    }
    #expect(ui.screen.last?.hasPrefix(" CHECKLIST.md (read-only)") == true)
    #expect(try ui.file() == SessionHarness.text)
  }

  /// The lists and due screens' changes are refused at their key on a read-only file
  /// too (the read-only gate reads the binding table; the lists screen opened its
  /// prompts before).
  @Test func aReadOnlyFileRefusesAtTheKeyOnEveryScreen() throws {
    let ui = try SessionHarness()
    ui.session.files[0].isReadOnly = true
    ui.press("L", "j")
    for key in ["a", "e", "i", "d"] {
      ui.press(key)
      #expect(ui.session.prompt == nil, "\(key)")
      #expect(ui.status.contains("read-only: nothing can be changed"), "\(key)")
    }
    ui.press("T", "j")
    ui.press("Space")
    #expect(ui.status.contains("read-only: nothing can be changed"))
    #expect(try ui.file() == SessionHarness.text)
  }

  /// A click between the two presses of dd cancels the delete, as any other key does.
  @Test func aClickBetweenTheTwoDsDeletesNothing() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("d")
    _ = ui.session.handle(.mouse(Key.Mouse(action: .wheelDown, column: 0, row: 0)))
    ui.press("d")
    #expect(try ui.file() == SessionHarness.text)
  }

  /// A filter leaves out lists without a match, puts the cursor on the first match and
  /// says how many; the status line keeps it and hidden checked items in sight.
  @Test func theStatusLineShowsWhatNarrowsTheRows() throws {
    let ui = try SessionHarness()
    ui.press("/")
    ui.type("ea")
    #expect(ui.session.status == "2 items match 'ea'; Esc clears")
    #expect(!ui.screen.contains { $0.contains("Chores") })
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Bread") })
    ui.press("c")
    let status = try #require(ui.screen.last)
    #expect(status.contains("/ea"))
    #expect(status.contains("checked hidden"))
    ui.press("Esc", "/")
    ui.type("xyz")
    #expect(ui.screen.first?.contains("Nothing matches 'xyz'") == true)
  }

  /// An edit in place under a filter decides the row again: a note changed so that the
  /// item no longer matches takes it out of sight.
  @Test func anEditUnderAFilterDecidesTheRowAgain() throws {
    let ui = try SessionHarness()
    ui.press("/")
    ui.type("dough")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Bread") })
    ui.press("n", "C-u")
    ui.type("rye")
    #expect(try ui.file().contains("- [ ] Bread  @id(b1)  # rye\n"))
    #expect(!ui.screen.contains { $0.contains("Bread") })
    #expect(ui.screen.first?.contains("Nothing matches 'dough'") == true)
  }

  /// `a` in an empty file adds where `chk add` adds: the items before any heading.
  @Test func anEmptyFileTakesItsFirstItem() throws {
    let ui = try SessionHarness("")
    #expect(ui.screen.last?.hasPrefix(" CHECKLIST.md") == true)
    ui.press("a")
    ui.type("Hello")
    #expect(try ui.file() == (try ui.command("add", "Hello")))
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Hello") })
  }
  /// `a` on the fresh file `chk init` writes (the cursor on its title, `# Checklist`)
  /// adds to "To do", as `chk add` does, not to a list of its own under the title.
  @Test func aFreshFileTakesItsFirstItemInToDo() throws {
    let ui = try SessionHarness("# Checklist\n\n## To do\n")
    ui.press("a")
    ui.type("Milk")
    #expect(try ui.file() == (try ui.command("add", "Milk")))
    #expect(try ui.file().hasPrefix("# Checklist\n\n## To do\n\n- [ ] Milk  @id("))
  }

  /// Opening a list from the lists screen clears a filter that would hide it.
  @Test func openingAListClearsTheFilter() throws {
    let ui = try SessionHarness()
    ui.press("/")
    ui.type("ea")
    #expect(!ui.screen.contains { $0.contains("Chores") })
    ui.press("L")
    ui.go(to: "Chores")
    ui.press("Enter")
    #expect(ui.session.filter.isEmpty)
    #expect(ui.screen.contains { $0.contains("Laundry") }, "\(ui.screen)")
  }
}
