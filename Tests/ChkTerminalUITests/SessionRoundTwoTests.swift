import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

/// What a new user hit first in round 2: pastes, prompts, small windows, the due
/// screen, hidden checked items, clicks, and files the screen must not open as empty.
@Suite("TUI: round 2")
struct SessionRoundTwoTests {
  /// Several lines pasted at the add prompt are one item each, in order, after one
  /// question; one undo takes them all back. Nothing pasted is a key.
  @Test func aMultiLinePasteAddsOneItemALine() throws {
    let ui = try SessionHarness()
    ui.go(to: "Butter")
    ui.press("a")
    _ = ui.session.handle(.paste("Eggs\rmilk\r\rquinoa\r"))
    #expect(ui.status.contains("Add 3 items, one a line (\"Eggs\", \"milk\", \"quinoa\")? (y/n)"))
    #expect(try ui.file() == SessionHarness.text)
    ui.press("y")
    let names = try ChecklistDocument(parsing: ui.file()).items.map(\.name)
    #expect(Array(names.drop { $0 != "Butter" }.prefix(4)) == ["Butter", "Eggs", "milk", "quinoa"])
    // The add prompt is open again for more; closing it says what was added.
    #expect(ui.status.contains("New item:"))
    ui.press("Esc")
    #expect(ui.status.contains("added 3 items"))
    ui.press("u")
    #expect(try ui.file() == SessionHarness.text)
    // Nothing moved, nothing quit: the screen is still open on the items.
    #expect(ui.session.screen == .items)
  }

  /// A one-line paste goes into any prompt as text; a paste outside a prompt does
  /// nothing and says so; a question takes no paste.
  @Test func pastesAtOtherPrompts() throws {
    let ui = try SessionHarness()
    _ = ui.session.handle(.paste("dd"))
    #expect(ui.status.contains("a paste does nothing here"))
    #expect(try ui.file() == SessionHarness.text)
    ui.go(to: "Laundry")
    ui.press("n")
    _ = ui.session.handle(.paste("cold\r"))
    _ = ui.session.handle(.paste("wash\nonly"))
    ui.press("Enter")
    #expect(try ui.file() == (try ui.command("edit", "l1", "--note", "coldwash only")))
    ui.press("L", "d", "d")
    _ = ui.session.handle(.paste("y"))
    #expect(ui.status.contains("a paste is no answer to a question: nothing was changed"))
    #expect(try ui.file().contains("## Groceries"))
  }

  /// Without bracketed paste, the same lines typed fast are keys: at the add prompt,
  /// which stays open after Enter, they add one item each and nothing else happens.
  @Test func aBurstOfKeysAtTheAddPrompt() throws {
    let ui = try SessionHarness()
    ui.go(to: "Butter")
    ui.press("a")
    for character in "Eggs\rmilk\rquinoa\r" {
      _ = ui.session.handle(character == "\r" ? .enter : .character(character))
    }
    let names = try ChecklistDocument(parsing: ui.file()).items.map(\.name)
    #expect(Array(names.drop { $0 != "Butter" }.prefix(4)) == ["Butter", "Eggs", "milk", "quinoa"])
    #expect(ui.status.contains("New item:"))
    ui.press("Enter")
    #expect(!ui.status.contains("New item:"))
    #expect(ui.session.screen == .items)
  }

  /// Ctrl-C at a prompt cancels the prompt, not the app; in the picker, the picker.
  @Test func controlCCancelsAPrompt() throws {
    let ui = try SessionHarness()
    ui.press("a")
    #expect(ui.press("C-c") == .none)
    #expect(ui.status.contains("cancelled"))
    ui.go(to: "Milk")
    ui.press("m")
    #expect(ui.press("C-c") == .none)
    #expect(ui.press("C-c") == .quit)
  }

  /// Below 40×10 only q, Ctrl-C, Ctrl-Z, ? and resizing act: Space ticks nothing the
  /// screen does not show.
  @Test func aTooSmallWindowTakesNoEdits() throws {
    let ui = try SessionHarness()
    ui.go(to: "Milk")
    ui.session.resize(columns: 30, rows: 5)
    for key in [" ", "x", "d", "d", "J", "a", "u"] {
      _ = ui.session.handle(.character(Character(key)))
    }
    _ = ui.session.handle(.enter)
    #expect(try ui.file() == SessionHarness.text)
    #expect(ui.session.render(columns: 30, rows: 5).text[0].hasPrefix("terminal too small"))
    #expect(ui.session.handle(.character("?")) == .none)
    #expect(ui.session.screen == .help)
    #expect(ui.session.handle(.control("l")) == .redraw)
    // q quits from every screen, the help too.
    #expect(ui.session.handle(.character("q")) == .quit)
  }

  /// `D` with an empty answer on a repeating item is refused with the reason, as
  /// `chk edit --no-due` is without `--no-every`.
  @Test func clearingARepeatingItemsDueDayIsRefused() throws {
    let ui = try SessionHarness()
    ui.go(to: "Water plants")
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("")
    #expect(ui.status.contains("it repeats (@every week), and a repeat needs a due day"))
    #expect(try ui.file() == SessionHarness.text)
    let refused = ui.output(refusing: ["edit", "w1", "--no-due"])
    #expect(refused.contains("the item repeats (@every week), and a repeat needs a due day"))
    #expect(
      try ui.command("edit", "w1", "--no-due", "--no-every").contains(
        "- [ ] Water plants  @id(w1)\n"))
  }

  /// `c` hides checked items but not the open sub-items of a checked one: their parent
  /// stays, above them.
  @Test func hidingCheckedKeepsOpenSubItems() throws {
    let ui = try SessionHarness(
      "## L\n\n- [x] Trip  @id(t1)\n  - [ ] Passport  @id(p1)\n  - [x] Tickets  @id(k1)\n"
        + "- [x] Done  @id(d1)\n  - [x] Also done  @id(a1)\n- [ ] Open  @id(o1)\n")
    ui.press("c")
    let rows = ui.screen.filter { $0.contains("[") }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(rows.count == 3)
    #expect(rows[0].hasSuffix("[x] Trip"))
    #expect(rows[1].hasSuffix("[ ] Passport"))
    #expect(rows[2].hasSuffix("[ ] Open"))
  }

  /// The due screen: a time already past today is overdue, and items of one day are
  /// in the order of their times; at 40 columns the name comes before the file.
  @Test func theDueScreenOrdersByTimeAndKeepsNames() throws {
    let text = """
      ## A

      - [ ] Late breakfast item  @id(a1)  @due(2024-06-05 08:00)
      - [ ] Early run  @id(a2)  @due(2024-06-05 07:30)
      - [ ] Evening call  @id(a3)  @due(2024-06-05 18:00)

      """
    let ui = try SessionHarness(
      text, files: ["a-file-with-a-long-name.md", "another-long-name-too.md"],
      now: LocalMoment(day: SessionHarness.today, time: ClockTime(hour: 9, minute: 0)!))
    ui.press("T")
    let screen = ui.screen
    let overdue = try #require(screen.firstIndex { $0.contains("Overdue") })
    let today = try #require(screen.firstIndex { $0.contains("Today") })
    #expect(overdue < today)
    let early = try #require(screen.firstIndex { $0.contains("Early run") })
    let late = try #require(screen.firstIndex { $0.contains("Late breakfast") })
    let evening = try #require(screen.firstIndex { $0.contains("Evening call") })
    #expect(overdue < early && early < late && late < today && today < evening)
    #expect(screen[early].contains("07:30"))
    let narrow = ui.session.render(columns: 40, rows: 20).text
    #expect(narrow.contains { $0.contains("Late breakfast item") })
    #expect(!narrow.contains { $0.contains("a-file-with-a-long-name.md") })
    // `chk due` agrees.
    let due = ui.output(of: ["due", "a-file-with-a-long-name.md"])
    #expect(due.hasPrefix("Overdue\n"))
    #expect(due.contains("07:30"))
  }

  /// Clicks act on every screen: on the lists screen a click moves the cursor and a
  /// double click opens the list; on the due screen a double click shows the item; on
  /// the items screen a double click edits the name.
  @Test func clicksOnEveryScreen() throws {
    let ui = try SessionHarness()
    func click(_ row: Int, column: Int = 10, at time: Double) {
      _ = ui.session.handle(.mouse(Key.Mouse(action: .press, column: column, row: row, time: time)))
    }
    ui.press("L")
    click(1, at: 1)
    #expect(ui.screen[1].hasPrefix("> "))
    click(1, at: 5)
    #expect(ui.session.screen == .lists)
    click(1, at: 5.2)
    #expect(ui.session.screen == .items)
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Chores") })
    // The title is no list: the lists screen starts with Groceries, and Tab skips it.
    ui.press("L")
    #expect(ui.screen[0].contains("Groceries"))
    ui.press("Esc", "g", "Tab")
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Groceries") })
    ui.press("T")
    click(1, at: 10)
    click(1, at: 10.1)
    #expect(ui.session.screen == .items)
    #expect(ui.screen.contains { $0.hasPrefix("> ") && $0.contains("Water plants") })
    let row = try #require(ui.screen.firstIndex { $0.hasPrefix("> ") })
    click(row, column: 20, at: 20)
    click(row, column: 20, at: 20.1)
    #expect(ui.status.contains("Name: Water plants"))
  }

  /// A file with a NUL byte is not opened as an empty checklist: named, it is refused
  /// with the reason; found in a directory, it is left out and the status says so.
  @Test func aBinaryFileIsRefused() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("bin.md", "\u{0}\u{1}PNG\n")
    _ = try directory.file("list.md", "- [ ] a\n")
    let workspace = Workspace(variables: [:], currentDirectory: directory.path)
    let named = FileWalker.Entry(path: workspace.userPath("bin.md"), isExplicit: true)
    #expect(throws: WorkspaceError.self) { _ = try Session(paths: [named], workspace: workspace) }
    do {
      _ = try Session(paths: [named], workspace: workspace)
    } catch {
      #expect(
        error.message.contains("bin.md: a NUL byte on line 1: a binary file, not a checklist"))
    }
    let walked = ["bin.md", "list.md"].map {
      FileWalker.Entry(path: workspace.userPath($0), isExplicit: false)
    }
    let session = try Session(paths: walked, workspace: workspace)
    #expect(session.files.count == 1)
    #expect(session.status.contains("left out: bin.md: a NUL byte"))
  }

  /// A file in a directory this user may not write opens read-only at once (the safe
  /// write makes its temporary file there). Root may write anywhere: skipped as root.
  @Test func aFileInAReadOnlyDirectoryIsReadOnly() throws {
    guard getuid() != 0 else {
      print("skipped: aFileInAReadOnlyDirectoryIsReadOnly: root may write any directory")
      return
    }
    let ui = try SessionHarness()
    chmod(ui.directory.path, 0o555)
    defer { chmod(ui.directory.path, 0o755) }
    let workspace = ui.session.workspace
    let session = try Session(
      paths: [FileWalker.Entry(path: workspace.userPath("CHECKLIST.md"), isExplicit: true)],
      workspace: workspace)
    #expect(session.status.contains("opened read-only"))
    _ = session.handle(.character(" "))
    #expect(session.status.contains("read-only"))
  }

  /// A message longer than the status line goes on over the row above, not cut.
  @Test func longMessagesAreNotCut() throws {
    let ui = try SessionHarness()
    let long = String(repeating: "word ", count: 25) + "end"
    ui.session.setStatus(long)
    let screen = ui.session.render(columns: 80, rows: 24).text
    let shown = screen.suffix(2).joined(separator: " ")
    #expect(shown.contains("end"))
    #expect(!shown.contains("…"))
  }
}

/// What the second trial found: each a key sequence that misled a new user.
@Suite("TUI: the second trial")
struct SecondTrialTests {
  /// u after a move to another file undoes both halves (the item back in its file,
  /// then out of the other), and Ctrl-r makes the move again: never in neither file.
  @Test func undoingAMoveToAnotherFile() throws {
    let ui = try SessionHarness(files: ["a.md", "b.md"])
    ui.go(to: "Butter")
    ui.press("m", "j", "j", "Enter")
    let movedA = try ui.file("a.md")
    let movedB = try ui.file("b.md")
    ui.press("u")
    #expect(ui.status.contains("undid the move: back in a.md"))
    #expect(try ui.file("a.md") == SessionHarness.text)
    #expect(try ui.file("b.md") == SessionHarness.text)
    ui.press("C-r")
    #expect(try ui.file("a.md") == movedA)
    #expect(try ui.file("b.md") == movedB)
  }

  /// Text typed at a prompt when the file changes on disk is offered again, to apply
  /// to the file as it is now, not lost.
  @Test func typedTextSurvivesAChangeOnDisk() throws {
    let ui = try SessionHarness()
    ui.go(to: "Laundry")
    ui.press("n")
    for character in "cold wash" { _ = ui.session.handle(.character(character)) }
    let changed = SessionHarness.text + "- [ ] From elsewhere\n"
    try Data(changed.utf8).write(to: URL(fileURLWithPath: ui.directory.path + "/CHECKLIST.md"))
    ui.press("Enter")
    #expect(ui.status.contains("Enter applies this now"))
    #expect(ui.status.hasSuffix("cold wash"))
    ui.press("Enter")
    #expect(try ui.file().contains("Laundry  @id(l1)  # cold wash"))
    #expect(try ui.file().hasSuffix("- [ ] From elsewhere\n"))
  }

  /// R takes the words the item screen shows and the ones people say; ! a short time.
  @Test func repeatsAndRemindersAsPeopleSayThem() throws {
    let ui = try SessionHarness()
    ui.go(to: "Water plants")
    ui.press("R")
    _ = ui.session.handle(.control("u"))
    ui.type("every 2 weeks")
    #expect(try ui.file().contains("@every(2 weeks)"))
    ui.press("R")
    _ = ui.session.handle(.control("u"))
    ui.type("biweekly")
    #expect(try ui.file().contains("@every(2 weeks)"))
    ui.press("!")
    ui.type("9am")
    #expect(try ui.file().contains("@remind(09:00)"))
    ui.press("!")
    _ = ui.session.handle(.control("u"))
    ui.type("15 min before")
    #expect(try ui.file().contains("@remind(15 minutes before)"))
    // D with a time alone keeps the day the item is due on.
    ui.press("D")
    _ = ui.session.handle(.control("u"))
    ui.type("7:30")
    #expect(try ui.file().contains("@due(2024-06-03 07:30)"))
  }

  /// With the view sorted, J and K are refused (they move in the file's order), and the
  /// status line says the view is sorted.
  @Test func movesAreRefusedInASortedView() throws {
    let ui = try SessionHarness()
    ui.press("s")
    #expect(ui.status.contains("by due"))
    ui.press("J")
    #expect(ui.status.contains("J, K, > and < move in the file's order"))
    #expect(try ui.file() == SessionHarness.text)
  }

  /// Under a filter, a file with no match shows no name row to land on; pasted
  /// Markdown list lines lose their bullet and box.
  @Test func filterRowsAndPastedBullets() throws {
    let ui = try SessionHarness(files: ["a.md", "b.md"])
    ui.press("/")
    for character in "zzz" { _ = ui.session.handle(.character(character)) }
    ui.press("Enter")
    #expect(!ui.screen.contains { $0.contains("== a.md ==") })
    ui.press("Esc")
    ui.go(to: "Butter")
    ui.press("a")
    _ = ui.session.handle(.paste("- [ ] Bread\n* Jam\n1. [x] Tea\n"))
    ui.press("y", "Esc")
    let names = try ChecklistDocument(parsing: ui.file("a.md")).items.map(\.name)
    #expect(Array(names.drop { $0 != "Butter" }.prefix(4)) == ["Butter", "Bread", "Jam", "Tea"])
  }
}
