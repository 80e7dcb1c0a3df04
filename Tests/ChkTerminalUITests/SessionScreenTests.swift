import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// Where the screens and the mouse leave the cursor (survivors of the third generated
/// mutant run: each changed a screen or a click with no test noticing).
extension SessionTests {
  /// `L` opens the lists on the list the cursor is in; `?` twice comes back to the
  /// screen it was opened from, the lists included.
  @Test func theListsOpenOnTheCurrentListAndHelpComesBack() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    ui.press("L")
    #expect(ui.session.screen == .lists)
    #expect(ui.session.listsCursor == 1, "Chores, after Groceries (the title Home is no list)")
    ui.press("?")
    #expect(ui.session.screen == .help)
    ui.press("?")
    #expect(ui.session.screen == .lists)
  }

  /// The cursor starts on the first open item; a click on an item's row (away from its
  /// box) puts the cursor there, and on the lists screen on that list.
  @Test func aClickPutsTheCursorOnTheRow() throws {
    let ui = try SessionHarness()
    #expect(ui.session.cursor == 2, "Milk, under the title and the Groceries heading")
    _ = ui.session.handle(.mouse(Key.Mouse(action: .press, column: 60, row: 4)))
    #expect(ui.session.cursor == 4)
    #expect(try ui.file() == SessionHarness.text)
    ui.press("L")
    #expect(ui.session.listsCursor == 0)
    _ = ui.session.handle(.mouse(Key.Mouse(action: .press, column: 60, row: 1)))
    #expect(ui.session.listsCursor == 1)
  }

  /// A change that went through says so as news, not as an error (the status line is
  /// red only for errors and warnings).
  @Test func aTickIsNewsNotAnError() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    ui.press("Space")
    #expect(ui.status.contains("checked"))
    #expect(!ui.session.statusIsError)
    ui.press("x")
    #expect(!ui.session.statusIsError)
  }

  /// The cursor's row starts with a bold `>`, the others with plain blanks; in the
  /// move picker, only the list the cursor is on has the `>`.
  @Test func onlyTheCursorsRowIsMarked() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    func marked(_ frame: Frame) -> [Int] {
      frame.rows.indices.filter { frame.rows[$0].segments.first?.text == "> " }
    }
    let frame = ui.session.render(columns: 80, rows: 24)
    let rows = marked(frame)
    #expect(rows.count == 1)
    let mark = try #require(rows.first.flatMap { frame.rows[$0].segments.first })
    #expect(mark.style.isBold && mark.style != .plain)
    #expect(frame.text[rows[0]].contains("Laundry"))
    let others = frame.rows.filter { $0.segments.first?.text == "  " }
    #expect(!others.isEmpty && others.allSatisfy { $0.segments.first?.style == .plain })
    ui.press("m")
    let picker = ui.session.render(columns: 80, rows: 24)
    let pickerRows = marked(picker)
    #expect(pickerRows.count == 1, "\(picker.text)")
    #expect(pickerRows.first.map { picker.text[$0].contains("Chores") } == true, "\(picker.text)")
  }

  /// The due screen names each item's file only when several files are open.
  @Test func theDueScreenNamesFilesOnlyWhenThereAreSeveral() throws {
    for names in [["CHECKLIST.md"], ["CHECKLIST.md", "other.md"]] {
      let ui = try SessionHarness(files: names)
      ui.press("T")
      let rows = ui.screen.dropLast().filter { $0.contains("Milk") }
      #expect(!rows.isEmpty, "\(ui.screen)")
      // The file after the name; the day in words at the right edge.
      #expect(rows.allSatisfy { $0.contains(".md") } == (names.count > 1), "\(rows)")
      #expect(rows.allSatisfy { $0.hasSuffix("today") }, "\(rows)")
      #expect(rows.allSatisfy { !$0.contains(".md") } == (names.count == 1), "\(rows)")
    }
  }

  /// The due screen is `chk due`'s agenda: the same items in the same order, a day's
  /// items without a time first and then by time, whatever their order in the file.
  @Test func theDueScreenOrdersADayAsChkDueDoes() throws {
    let text = """
      ## Day

      - [ ] Late  @due(2024-06-05 17:00)
      - [ ] Early  @due(2024-06-05 09:00)
      - [ ] All day  @due(2024-06-05)
      - [ ] Next  @due(2024-06-06 08:00)
      - [ ] Last week  @due(2024-05-20)
      - [x] Done  @due(2024-06-05 07:00)

      """
    let ui = try SessionHarness(text)
    ui.press("T")
    let names = ["Late", "Early", "All day", "Next", "Last week", "Done"]
    func order(_ lines: [String]) -> [String] {
      lines.compactMap { line in names.first { line.contains("  " + $0 + " ") } }
    }
    let screen = order(ui.screen.dropLast())
    #expect(screen == ["Last week", "All day", "Early", "Late", "Next"], "\(ui.screen)")
    let command = order(
      ui.output(of: ["due", "copy.md"]).split(separator: "\n").map { String($0) + " " })
    #expect(screen == command)
    #expect(ui.screen.contains { $0.contains("2024-06-05 09:00  Early") })
    #expect(ui.screen.contains { $0.contains("2024-06-05        All day") })
  }

  /// The due screen follows every change made on it: a tick takes the item away, `u`
  /// brings it back.
  @Test func theDueScreenFollowsUndo() throws {
    let ui = try SessionHarness(files: ["CHECKLIST.md"])
    ui.press("T")
    #expect(ui.screen.contains { $0.contains("Milk") }, "\(ui.screen)")
    ui.go(to: "Milk")
    ui.press("Space")
    #expect(!ui.screen.dropLast().contains { $0.contains("Milk") }, "\(ui.screen)")
    ui.press("u")
    #expect(ui.screen.dropLast().contains { $0.contains("Milk") }, "\(ui.screen)")
  }

  /// The item screen keeps the cursor's row in sight on a small terminal: an item with
  /// many sub-items, the cursor far down.
  @Test func theItemScreenScrollsToTheCursor() throws {
    let subItems = (1...30).map { "  - [ ] Step \($0)" }.joined(separator: "\n")
    let ui = try SessionHarness("## L\n\n- [ ] Big\n" + subItems + "\n")
    ui.go(to: "Big")
    ui.press("Enter")
    for _ in 0..<40 { _ = ui.session.handle(.down) }
    let frame = ui.session.render(columns: 60, rows: 12)
    #expect(frame.text.contains { $0.contains("Step 30") }, "\(frame.text)")
  }
}
