import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

@Suite("TUI: every key, against the commands")
struct SessionTests {
  /// Space is `chk toggle`, a recurring item's next one included.
  @Test func spaceIsChkToggle() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("Space")
    #expect(try ui.file() == (try ui.command("toggle", "m1")))
    #expect(ui.status.contains("checked m1 \"Milk\""))
    ui.go(to: "Water plants")
    ui.press("x")
    #expect(try ui.file() == (try ui.command("toggle", "w1")))
    #expect(ui.status.contains("the next one"))
    // And back.
    ui.go(to: "Milk")
    ui.press("Space")
    #expect(try ui.file() == (try ui.command("toggle", "m1")))
  }

  /// `dd` is `chk rm`, sub-items included, and `u` brings it back.
  @Test func ddIsChkRmAndUUndoesIt() throws {
    let ui = try SessionHarness()
    ui.go(to: "Bread")
    ui.press("d")
    #expect(ui.status.contains("d…"))
    ui.press("d")
    #expect(try ui.file() == (try ui.command("rm", "b1")))
    #expect(ui.status.contains("removed b1 \"Bread\" and 2 sub-items"))
    ui.press("u")
    #expect(try ui.file() == SessionHarness.text)
    #expect(ui.status.contains("undid chk tui: removed b1 \"Bread\" and 2 sub-items"))
    // The cursor is on the item that came back.
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Bread") })
    // Redo: the file as `chk rm` left the copy.
    ui.press("C-r")
    #expect(try ui.file() == (try ui.directory.read("copy.md")))
    #expect(ui.status.contains("redid chk tui: removed b1 \"Bread\" and 2 sub-items"))
  }

  /// `J` and `K` are `chk mv --after` and `--before` a sibling; the cursor follows.
  @Test func jAndKAreChkMv() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.press("J")
    #expect(try ui.file() == (try ui.command("mv", "m1", "--after", "e1")))
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Milk") })
    ui.press("K")
    #expect(try ui.file() == (try ui.command("mv", "m1", "--before", "e1")))
    ui.press("K")
    #expect(ui.status.contains("already the first"))
    ui.go(to: "Flour")
    ui.press("J")
    #expect(try ui.file() == (try ui.command("mv", "f1", "--after", "y1")))
  }

  /// `>` is `chk mv --under` the sibling above, `<` `chk mv --after` the parent; `m`
  /// is `chk mv --list`.
  @Test func indentOutdentAndMoveToAList() throws {
    let ui = try SessionHarness()
    ui.go(to: "Butter")
    ui.press(">")
    #expect(try ui.file() == (try ui.command("mv", "u1", "--under", "b1")))
    ui.press("<")
    #expect(try ui.file() == (try ui.command("mv", "u1", "--after", "b1")))
    ui.go(to: "Eggs")
    ui.press("m")
    #expect(ui.screen.contains { $0.contains("Move to which list?") })
    ui.press("j", "Enter")
    #expect(try ui.file() == (try ui.command("mv", "e1", "--list", "Chores")))
  }

  /// `D` is `chk edit --due`: a date, today, tomorrow or a weekday; empty clears.
  @Test func dSetsTheDueDay() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    ui.press("D")
    ui.type("2024-06-20")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "2024-06-20")))
    ui.press("D")
    for _ in 0..<12 { ui.press("BS") }
    _ = ui.session.handle(.control("u"))
    ui.type("friday")
    // 2024-06-05 is a Wednesday: the next Friday is the 7th.
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "2024-06-07")))
    // A time too, as `edit --due` takes it; the row shows it.
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("fri 17:30")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "fri 17:30")))
    #expect(ui.screen.contains { $0.contains("Laundry") && $0.hasSuffix("in 2 days 17:30") })
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--no-due")))
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("someday")
    // The prompt stays open with the text, the reason above it; fixing it applies.
    #expect(ui.status.contains("'someday' is not a day: write YYYY-MM-DD (e.g. 2024-02-29), today"))
    #expect(ui.status.hasSuffix("someday"))
    #expect(try ui.file() == (try ui.command("edit", "l1", "--no-due")))
    _ = ui.session.handle(.control("u"))
    ui.type("next fri 9:00")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "2024-06-14 09:00")))
  }

  @Test func weekdayNamesAreTheNextSuchDay() {
    let today = SessionHarness.today
    #expect(RelativeDay.day("wed", today: today)?.description == "2024-06-12")
    #expect(RelativeDay.day("Thursday", today: today)?.description == "2024-06-06")
    #expect(RelativeDay.day("tomorrow", today: today)?.description == "2024-06-06")
    #expect(RelativeDay.day("yesterday", today: today)?.description == "2024-06-04")
    #expect(RelativeDay.day("mo", today: today) == nil)
    #expect(RelativeDay.day("next friday", today: today)?.description == "2024-06-14")
  }

  /// `a`/`o` add below at the same level, `O` above, the prompt staying open for the
  /// next; an empty name is refused; `e` and `n` change the name and the note, as `chk add --after/--before` and `chk edit` do.
  @Test func addingAndEditing() throws {
    let ui = try SessionHarness()
    ui.go(to: "Flour")
    ui.press("a")
    ui.type("Salt")
    #expect(try ui.file() == (try ui.command("add", "Salt", "--after", "f1")))
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Salt") })
    // The prompt stays open for the next item, which goes below the one just added.
    #expect(ui.status.contains("New item:"))
    ui.type("Pepper")
    #expect(try ui.file() == (try ui.command("add", "Pepper", "--after", idOf("Salt", ui))))
    ui.press("Esc")
    ui.go(to: "Salt")
    ui.press("O")
    ui.type("Sugar")
    #expect(try ui.file() == (try ui.command("add", "Sugar", "--before", idOf("Salt", ui))))
    ui.press("Esc")
    ui.press("o")
    ui.type("   ")
    #expect(ui.status.contains("the name is empty"))
    ui.go(to: "Laundry")
    ui.press("e")
    _ = ui.session.handle(.control("u"))
    ui.type("Wash clothes")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--name", "Wash clothes")))
    ui.press("n")
    ui.type("cold")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--note", "cold")))
    ui.press("n")
    ui.press("Esc")
    #expect(ui.status.contains("cancelled"))
    #expect(try ui.file() == (try ui.directory.read("copy.md")))
  }

  /// The ID of the item named `name`, as the file now has it.
  func idOf(_ name: String, _ ui: SessionHarness) -> String {
    let document = try? ChecklistDocument(parsing: (try? ui.file()) ?? "")
    return document?.items.first { $0.name == name }?.id ?? "?"
  }

  /// `/` filters as you type, by name, note or ID; `c` hides checked items.
  @Test func filterAndHideChecked() throws {
    let ui = try SessionHarness()
    ui.press("/")
    for character in "dough" { _ = ui.session.handle(.character(character)) }
    _ = ui.session.render(columns: 80, rows: 24)
    #expect(ui.screen.filter { $0.contains("[ ]") || $0.contains("[x]") }.count == 1)
    #expect(ui.screen.contains { $0.contains("Bread") })
    ui.press("Enter")
    ui.press("Esc")
    #expect(ui.screen.contains { $0.contains("Laundry") })
    ui.press("c")
    #expect(!ui.screen.contains { $0.contains("Eggs") })
    // With checked items hidden, an item ticked goes out of sight at once.
    ui.go(to: "Laundry")
    ui.press("Space")
    #expect(!ui.screen.contains { $0.contains("] Laundry") })
    ui.press("c")
    #expect(ui.screen.contains { $0.contains("Eggs") })
    #expect(ui.screen.contains { $0.contains("[x] Laundry") })
  }

  /// Moving: j/k, g/G, Tab to the next list, Ctrl-d half a page; the status line says
  /// where the cursor is.
  @Test func movingKeysPlaceTheCursorAndTheStatusLineSaysWhere() throws {
    let ui = try SessionHarness()
    // On the first open item, Milk: the title and the first heading are above it.
    #expect(ui.status.contains("3/11"))
    ui.press("G")
    #expect(ui.status.contains("11/11"))
    ui.press("g")
    ui.press("Tab")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Groceries") })
    ui.press("Tab")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Chores") })
    ui.press("BackTab")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Groceries") })
    ui.press("g", "C-d")
    #expect(ui.status.contains("11/11"))
    ui.press("C-u")
    #expect(ui.status.contains("1/11"))
  }

  /// The lists screen adds, renames, sets icons and removes lists (always asking, and
  /// saying what goes); Enter jumps to a list.
  @Test func listsScreen() throws {
    let ui = try SessionHarness()
    ui.press("L")
    #expect(ui.screen.contains { $0.contains("Groceries") && $0.contains("5 of 6 left") })
    ui.press("a")
    ui.type("Packing")
    #expect(try ui.file() == (try ui.command("list-add", "Packing")))
    ui.press("G", "e")
    _ = ui.session.handle(.control("u"))
    ui.type("Trip")
    #expect(try ui.file() == (try ui.command("list-rename", "Packing", "Trip")))
    ui.press("i")
    ui.type("🧳")
    #expect(try ui.file() == (try ui.command("list-icon", "Trip", "🧳")))
    ui.press("d", "d")
    #expect(ui.status.contains("Remove the list \"Trip\" with nothing but its heading? (y/n)"))
    ui.press("y")
    #expect(try ui.file() == (try ui.command("list-rm", "Trip")))
    // The last list went: the cursor is on the one now last.
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Chores") })
    ui.press("d", "d")
    #expect(ui.status.contains("Remove the list \"Chores\" with 2 items? (y/n)"))
    ui.press("n")
    #expect(ui.status.contains("nothing was changed"))
    #expect(try ui.file() == (try ui.directory.read("copy.md")))
    ui.press("d", "d", "y")
    #expect(try ui.file() == (try ui.command("list-rm", "--force", "Chores")))
    ui.press("g", "j", "Enter")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Groceries") })
  }

  /// Removing a list says the prose that goes with it, which no screen showed: a list
  /// of a paragraph and a comment, a list with a code block and `<details>`.
  @Test func removingAListSaysTheProse() throws {
    let text = """
      ## Intro

      Some words about this file.
      <!-- a comment -->

      ## Trip

      - [ ] Pack  @id(p1)

      ```
      code
      ```

      <details>
      <summary>more</summary>
      </details>

      """
    let ui = try SessionHarness(text)
    ui.press("L", "g", "d", "d")
    #expect(ui.status.contains("Remove the list \"Intro\" with 2 lines of other text? (y/n)"))
    ui.press("n")
    #expect(try ui.file() == text)
    ui.press("j", "d", "d")
    #expect(
      ui.status.contains("Remove the list \"Trip\" with 1 item and 6 lines of other text? (y/n)"))
    ui.press("y")
    #expect(try ui.file() == (try ui.command("list-rm", "--force", "Trip")))
  }

  /// The due screen shows `chk due`'s sections; Space checks the item in its file.
  @Test func dueScreen() throws {
    let ui = try SessionHarness(files: ["a.md", "b.md"])
    ui.press("T")
    let screen = ui.screen
    #expect(screen.contains { $0.contains("Overdue") })
    #expect(screen.contains { $0.contains("Today") })
    #expect(screen.contains { $0.contains("2024-06-03") && $0.contains("Water plants") })
    ui.press("j", "Space")
    #expect(try ui.file("a.md").contains("- [x] Water plants"))
    #expect(try ui.file("b.md") == SessionHarness.text)
  }

  /// q quits, ? shows every key, Esc goes back; Ctrl-z asks the loop to suspend.
  @Test func quitHelpAndSuspend() throws {
    let ui = try SessionHarness()
    ui.press("?")
    #expect(ui.screen.contains { $0.contains("chk tui: keys") })
    ui.press("Esc")
    #expect(!ui.screen.contains { $0.contains("chk tui: keys") })
    #expect(ui.press("C-z") == .suspend)
    #expect(ui.press("q") == .quit)
    #expect(ui.press("C-c") == .quit)
  }

  /// A file found by walking a directory that cannot be read is left out when there
  /// are others; the only file there, it stops the screen with the reason.
  @Test func theOnlyFileFoundThatCannotBeReadStopsTheScreen() throws {
    let directory = try TemporaryDirectory()
    let bad = try directory.file("bad.md", "- [ ] a\n")
    try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: bad))
    let workspace = Workspace(
      variables: ["HOME": directory.path, "XDG_STATE_HOME": directory.path + "/.state"],
      currentDirectory: directory.path)
    let walked = FileWalker.Entry(path: workspace.userPath("bad.md"), isExplicit: false)
    #expect(throws: (any Error).self) { _ = try Session(paths: [walked], workspace: workspace) }
    _ = try directory.file("good.md", "- [ ] b\n")
    let good = FileWalker.Entry(path: workspace.userPath("good.md"), isExplicit: false)
    let session = try Session(paths: [walked, good], workspace: workspace)
    #expect(session.files.count == 1)
  }
}
