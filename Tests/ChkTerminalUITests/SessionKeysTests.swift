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
