import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

/// The keys people reach for, each against the command it stands for.
@Suite("TUI: the keys of round 2")
struct SessionKeysTests {
  /// Counts: 5j moves five rows, 3k three back, 10G goes to row 10; the count shows
  /// while it is typed.
  @Test func countsBeforeMovingKeys() throws {
    let ui = try SessionHarness()
    ui.press("g", "5")
    #expect(ui.status.contains("5…"))
    ui.press("j")
    #expect(ui.status.contains("6/11"))
    ui.press("3", "k")
    #expect(ui.status.contains("3/11"))
    ui.press("1", "0", "G")
    #expect(ui.status.contains("10/11"))
    ui.press("9", "9", "j")
    #expect(ui.status.contains("11/11"))
  }

  /// R is `chk edit --every` (an item without a due day gets today's), ! is
  /// `--remind`; empty removes them; a wrong value keeps the prompt open.
  @Test func repeatAndRemind() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    ui.press("R")
    ui.type("2 weeks")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "today", "--every", "2 weeks")))
    #expect(ui.screen.contains { $0.contains("Laundry ↻") })
    ui.press("!")
    ui.type("30 minutes before")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--remind", "30 minutes before")))
    #expect(ui.screen.contains { $0.contains("Laundry ↻ ⏰") })
    ui.press("!")
    _ = ui.session.handle(.control("u"))
    ui.type("whenever")
    #expect(ui.status.contains("'whenever' is not a reminder"))
    _ = ui.session.handle(.control("u"))
    ui.type("")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--no-remind")))
    ui.press("R")
    _ = ui.session.handle(.control("u"))
    ui.type("")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--no-every")))
  }

  /// A is `chk archive`; u brings the items back.
  @Test func archiveKey() throws {
    let ui = try SessionHarness()
    ui.press("A")
    #expect(try ui.file() == (try ui.command("archive")))
    #expect(ui.status.contains("archived 1 item to \"Archive\""))
    ui.press("u")
    #expect(try ui.file() == SessionHarness.text)
  }

  /// Unticking a repeating item right after its tick asks whether to remove the next
  /// one the tick made; yes removes it, so nothing piles up; no keeps it.
  @Test func untickingARepeatOffersToRemoveItsNextOne() throws {
    let ui = try SessionHarness()
    ui.go(to: "Water plants")
    ui.press("Space")
    #expect(try ui.file() == (try ui.command("toggle", "w1")))
    ui.go(to: "Water plants")
    ui.press("Space")
    #expect(
      ui.status.contains("Also remove the next one its tick made, \"Water plants\" due 2024-06-10?")
    )
    ui.press("y")
    #expect(try ui.file() == SessionHarness.text)
    ui.press("Space", "Space", "n")
    #expect(try ui.file().contains("- [ ] Water plants  @id(w1)  @due(2024-06-03)  @every(week)"))
    #expect(try ui.file().contains("@due(2024-06-10)"))
  }

  /// s orders the view by due day, then by name, then the file's order again; the
  /// file never changes, and sub-items stay under their item.
  @Test func sortingTheViewLeavesTheFile() throws {
    let ui = try SessionHarness()
    func names() -> [String] {
      ui.screen.filter { $0.contains("[") }.map {
        $0.dropFirst(2).trimmingCharacters(in: .whitespaces).dropFirst(4)
          .prefix { $0 != " " && $0 != "#" }.description
      }
    }
    ui.press("s")
    #expect(ui.status.contains("by due day"))
    #expect(names().prefix(6) == ["Milk", "Eggs", "Bread", "Flour", "Yeast", "Butter"])
    #expect(names().suffix(2) == ["Water", "Laundry"])
    ui.press("s")
    #expect(names().prefix(6) == ["Bread", "Flour", "Yeast", "Butter", "Eggs", "Milk"])
    #expect(try ui.file() == SessionHarness.text)
    ui.press("s")
    #expect(names().prefix(3) == ["Milk", "Eggs", "Bread"])
  }

  /// Scrolled past a list's heading, the heading stays over the first row.
  @Test func aStickyHeading() throws {
    let many = (1...40).map { "- [ ] item \($0)  @id(i\($0))\n" }.joined()
    let ui = try SessionHarness("## Long list\n\n" + many)
    ui.press("G")
    let screen = ui.session.render(columns: 80, rows: 12).text
    #expect(screen[0].contains("Long list"))
    #expect(screen[0].contains("40 of 40 left"))
    #expect(screen[10].hasPrefix("> [ ] item 40"))
  }
}

/// The item screen: Enter on an item shows all of it; its fields are edited there as
/// the items screen's keys edit them, and Esc goes back.
@Suite("TUI: the item screen")
struct ItemScreenTests {
  static let text = """
    ## Groceries

    - [ ] A very long name that goes on and on past the width of a narrow terminal window  @id(l1)  @due(2024-06-05 18:00)  @every(week)  @remind(30 minutes before)  # a note that is long as well, and says what to buy and where
      - [ ] Sub one  @id(s1)
      - [x] Sub two  @done(2024-06-01)  @id(s2)

      Prose under the item, a paragraph of its own.
    - [ ] Bread  @id(b1)  # sourdough from the bakery

    """

  @Test func theWholeItem() throws {
    let ui = try SessionHarness(Self.text)
    ui.press("Enter")
    let screen = ui.session.render(columns: 40, rows: 24).text
    let joined = screen.joined(separator: "\n")
    // The name wraps; every word is there.
    #expect(joined.contains("A very long name that"))
    #expect(joined.contains("of a narrow terminal"))
    #expect(joined.contains("and where"))
    #expect(joined.contains("2024-06-05 18:00 (today)"))
    #expect(joined.contains("every week"))
    #expect(joined.contains("30 minutes before"))
    #expect(joined.contains("[ ] Sub one"))
    #expect(joined.contains("[x] Sub two"))
    #expect(joined.contains("Prose under the item"))
    #expect(joined.contains("l1"))
    // At 40×12 the fields the cursor is on stay in sight, the status line last.
    let small = ui.session.render(columns: 40, rows: 12).text
    #expect(small[0].hasPrefix("> Name      A very long name"))
    #expect(small.contains { $0.hasPrefix("  Due       2024-06-05 18:00") })
    #expect(small[11].contains("Esc goes back"))
    let wide = ui.session.render(columns: 200, rows: 50).text.joined(separator: "\n")
    #expect(
      wide.contains(
        "A very long name that goes on and on past the width of a narrow terminal window"))
    // Editing a field there is the command it stands for.
    ui.press("j", "Enter")
    _ = ui.session.handle(.control("u"))
    ui.type("oat milk")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--note", "oat milk")))
    ui.press("j", "Enter")
    _ = ui.session.handle(.control("u"))
    ui.type("next fri")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "2024-06-14")))
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("dec 24")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--due", "2024-12-24")))
    ui.press("Space")
    #expect(try ui.file() == (try ui.command("toggle", "l1")))
    #expect(ui.session.screen == .item)
    // A sub-item's row shows that sub-item.
    ui.press("G", "k", "k", "Enter")
    #expect(ui.session.render(columns: 80, rows: 24).text.contains { $0.contains("Sub one") })
    ui.press("Esc")
    #expect(ui.session.screen == .items)
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Sub one") })
  }

  /// A row shows a note's first words where there is room, else `#`.
  @Test func rowsShowANotesFirstWords() throws {
    let ui = try SessionHarness(Self.text)
    #expect(ui.screen.contains { $0.contains("Bread  sourdough from the bakery") })
    let narrow = ui.session.render(columns: 40, rows: 12).text
    #expect(narrow.contains { $0.contains("Bread  sourdough") })
    let tiny = ui.session.render(columns: 40, rows: 12).text
    #expect(tiny.contains { $0.contains("A very long") && $0.contains("#") })
  }
}

/// Several files on one screen: `m` offers every list of every file (the item moves
/// across files, as `chk mv --list FILE:LIST`), the lists screen says each list's
/// file, and a new list is where the cursor was, with the cursor on it.
@Suite("TUI: files and lists in a directory")
struct SessionFilesTests {
  @Test func movingToAListOfAnotherFile() throws {
    let ui = try SessionHarness(files: ["a.md", "b.md"])
    ui.go(to: "Butter")
    ui.press("m")
    let picker = ui.screen
    #expect(picker.contains { $0.contains("Groceries") && $0.contains("(b.md)") })
    // The lists of a.md come first: Groceries, Chores; then b.md's.
    ui.press("j", "j", "Enter")
    #expect(!(try ui.file("a.md").contains("Butter")))
    #expect(try ui.file("b.md").contains("- [ ] Butter  @id("))
    #expect(try ui.file("b.md").components(separatedBy: "Butter").count == 3)
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Butter") })
    // The lists screen names the files; a new list goes to the file under the cursor.
    ui.press("L")
    #expect(ui.screen.contains { $0.contains("Chores") && $0.contains("b.md") })
    ui.press("G", "a")
    ui.type("Trip")
    #expect(try ui.file("b.md").hasSuffix("## Trip\n"))
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Trip") })
  }
}
