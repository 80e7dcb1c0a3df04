import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// `chk tui` through a pseudo-terminal, read by a real terminal emulator (pyte): what a
/// person at the terminal sees, and the bytes each key leaves in the file, compared
/// with what the command that makes the same change leaves in a copy.
@Suite("chk tui in a terminal", .serialized)
struct TerminalUITests {
  static let text = """
    # Home

    ## Groceries  @icon(🛒)

    - [ ] Milk  @id(m1)  @due(2024-06-05)
    - [x] Eggs  @done(2024-06-01)  @id(e1)
    - [ ] Bread  @id(b1)  # sourdough
      - [ ] Flour  @id(f1)
      - [ ] Yeast  @id(y1)
    - [ ] Butter  @id(u1)  @due(2024-05-30)

    ## Chores

    - [ ] Water plants  @id(w1)  @due(2024-06-06)  @every(week)
    - [ ] Laundry  @id(l1)

    """

  /// A scratch directory holding `CHECKLIST.md` (and a copy for the commands).
  struct Scratch {
    let path: String

    init(_ text: String = TerminalUITests.text) throws {
      path =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "chk-tui-" + UUID().uuidString
        ).path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try text.write(toFile: path + "/CHECKLIST.md", atomically: false, encoding: .utf8)
      try text.write(toFile: path + "/copy.md", atomically: false, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func read(_ name: String = "CHECKLIST.md") throws -> String {
      try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    var environment: [String: String] {
      ["CHK_SEED": "4", "XDG_STATE_HOME": path + "/.state", "HOME": path, "NO_COLOR": ""]
    }

    /// `chk -f copy.md ARGUMENTS`, run as the binary; the copy's text after it.
    func command(_ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = EndToEndTests.binary
      process.arguments = ["-f", "copy.md"] + arguments
      process.currentDirectoryURL = URL(fileURLWithPath: path)
      var variables = environment
      variables["PATH"] = "/usr/bin:/bin"
      variables.removeValue(forKey: "NO_COLOR")
      process.environment = variables
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return try read("copy.md")
    }

    /// Runs `chk tui` with `steps`.
    func run(
      _ oracle: TerminalOracle, _ steps: [[String: Any]], columns: Int = 80, rows: Int = 24,
      arguments: [String] = [], environment extra: [String: String] = [:],
      command: [String]? = nil
    ) throws -> TerminalOracle.Result {
      var variables = environment.filter { $0.key != "NO_COLOR" }
      variables.merge(extra) { $1 }
      return try oracle.run([
        "command": command
          ?? ([EndToEndTests.binary.path, "tui", "--today", "2024-06-05"] + arguments),
        "cwd": path, "env": variables, "columns": columns, "rows": rows, "steps": steps,
      ])
    }
  }

  static func snapshot(_ name: String) -> [String: Any] { ["snapshot": name] }

  /// `left`, spaces, and `right` ending at character `width`.
  static func line(_ left: String, _ right: String, _ width: Int) -> String {
    left + String(repeating: " ", count: width - left.count - right.count) + right
  }
  static func keys(_ keys: String...) -> [String: Any] { ["keys": keys] }

  // MARK: - The screen

  /// The first screen at 80×24 and at 40×12, as the terminal shows it.
  @Test func theFirstScreen() throws {
    guard let oracle = try TerminalOracle.forTest("theFirstScreen") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let wide = try scratch.run(oracle, [Self.snapshot("wide"), Self.keys("q")])
    // pyte puts a wide character's second cell as nothing: the 🛒 row is a character
    // shorter than the others.
    // The cursor starts on the first open item, not on the title.
    let expected = [
      "  Home",
      Self.line("  🛒 Groceries", "5 of 6 left", 79),
      Self.line("> [ ] Milk", "today", 80),
      "  [x] Eggs",
      // The note's first words where there is room.
      "  [ ] Bread  sourdough",
      "    [ ] Flour",
      "    [ ] Yeast",
      Self.line("  [ ] Butter", "6 days ago", 80),
      Self.line("  Chores", "2 of 2 left", 80),
      Self.line("  [ ] Water plants ↻", "tomorrow", 80),
      "  [ ] Laundry",
    ]
    let screen = try #require(wide.snapshots["wide"])
    #expect(Array(screen.prefix(expected.count)) == expected)
    #expect(
      screen[23]
        == " CHECKLIST.md  3/11                                                      ? help")
    #expect(wide.exit == 0)
    let narrow = try scratch.run(
      oracle, [Self.snapshot("narrow"), Self.keys("q")], columns: 40, rows: 12)
    let small = try #require(narrow.snapshots["narrow"])
    #expect(small[1] == Self.line("  🛒 Groceries", "5 of 6 left", 39))
    #expect(small[7] == Self.line("  [ ] Butter", "6 days ago", 40))
    #expect(small[11] == " CHECKLIST.md  3/11              ? help")
    // Colours: the overdue day in red, today's in yellow (16-colour SGR).
    let colored = try scratch.run(oracle, [Self.snapshot("colors"), Self.keys("q")])
    let cells = colored.styles["colors"] ?? []
    #expect(cells.contains { $0 == [.number(7), .number(74), .text("red"), .flag(false)] })
    #expect(cells.contains { $0 == [.number(2), .number(75), .text("brown"), .flag(false)] })
    // Without colour: none, but the status line's reverse video.
    let plain = try scratch.run(
      oracle, [Self.snapshot("plain"), Self.keys("q")], environment: ["NO_COLOR": "1"])
    #expect(plain.styles["plain"]?.allSatisfy { $0[3] == .flag(true) } == true)
  }

  // MARK: - Keys against the commands

  /// Space, dd, J and D leave the bytes `chk toggle`, `chk rm`, `chk mv` and
  /// `chk edit --due` leave.
  @Test func keysMakeTheChangesTheirCommandsMake() throws {
    guard let oracle = try TerminalOracle.forTest("keysMakeTheChangesTheirCommandsMake") else {
      return
    }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let cases: [([String], [String], [String: Any]?)] = [
      // The cursor starts on the first open item, which each case changes: g first.
      (["Space"], ["toggle", "--date", "2024-06-05", "m1"], nil),
      (["g", "j", "j", "j", "j", "d", "d"], ["rm", "b1"], nil),
      (["g", "j", "j", "J"], ["mv", "m1", "--after", "e1"], nil),
      (["G", "D", "C-u"], ["edit", "l1", "--due", "2024-06-07"], ["text": "friday\r"]),
      (["G", "k", "x"], ["toggle", "--date", "2024-06-05", "w1"], nil),
    ]
    for (keys, command, extra) in cases {
      var steps: [[String: Any]] = [["keys": keys]]
      if let extra { steps.append(extra) }
      steps.append(Self.keys("q"))
      let result = try scratch.run(oracle, steps)
      #expect(result.exit == 0)
      #expect(try scratch.read() == (try scratch.command(command)), "\(keys) against \(command)")
    }
  }

  /// What each key shows: adding, renaming, the note, deleting and undoing, moving,
  /// indenting, the list picker, the filter, hiding checked items, the lists and due
  /// screens, help.
  @Test func whatEachKeyShows() throws {
    guard let oracle = try TerminalOracle.forTest("whatEachKeyShows") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let result = try scratch.run(
      oracle,
      [
        // The add prompt stays open for the next item: Esc closes it.
        Self.keys("a"), ["text": "Cheese\r"], Self.snapshot("added"),
        Self.keys("Esc", "e", "C-u"), ["text": "Goat cheese\r"], Self.snapshot("renamed"),
        Self.keys("d", "d"), Self.snapshot("deleted"), Self.keys("u"), Self.snapshot("undone"),
        // The undo put the cursor back on the item.
        Self.keys("K"), Self.snapshot("moved"), Self.keys("J", ">"), Self.snapshot("indented"),
        Self.keys("<", "m"), Self.snapshot("picker"), Self.keys("j", "Enter"),
        Self.snapshot("listed"),
        Self.keys("/"), ["text": "yea"], Self.snapshot("filtered"), Self.keys("Esc", "Esc", "c"),
        Self.snapshot("hidden"), Self.keys("c", "L"), Self.snapshot("lists"), Self.keys("Esc", "T"),
        Self.snapshot("due"), Self.keys("?"), Self.snapshot("help"), Self.keys("Esc", "Esc", "q"),
      ])
    // The rows, without the status line (which names what was done).
    func screen(_ name: String) -> [String] { (result.snapshots[name] ?? []).dropLast() }
    func status(_ name: String) -> String { result.snapshots[name]?.last ?? "" }
    func row(_ name: String, _ text: String) -> Int? {
      screen(name).firstIndex { $0.contains(text) }
    }
    #expect(screen("added").contains("> [ ] Cheese"))
    #expect(status("added").contains("New item:"))
    #expect(screen("renamed").contains("> [ ] Goat cheese"))
    #expect(row("deleted", "Goat cheese") == nil)
    #expect(status("deleted").contains("removed"))
    #expect(row("undone", "Goat cheese") != nil)
    #expect(row("moved", "Goat cheese") == row("moved", "Milk").map { $0 - 1 })
    #expect(screen("indented").contains { $0.hasPrefix(">   [ ] Goat cheese") })
    #expect(screen("picker").first?.contains("Move to which list?") == true)
    #expect((row("listed", "Goat cheese") ?? 0) > (row("listed", "Chores") ?? .max))
    #expect(
      screen("filtered").filter { $0.contains("[ ]") || $0.contains("[x]") } == [">   [ ] Yeast"])
    #expect(row("hidden", "Eggs") == nil)
    #expect(screen("lists").contains { $0.contains("Groceries") && $0.contains("left") })
    #expect(row("due", "Overdue") != nil)
    #expect(screen("due").contains { $0.contains("Butter") && $0.contains("6 days ago") })
    #expect(row("help", "chk tui: keys") != nil)
    #expect(result.exit == 0)
  }

  /// A paste through a real terminal: the screen turns bracketed paste on, and three
  /// pasted lines at the add prompt are three items after one question, nothing else
  /// (before, the lines ran as keys: m moved the item, q quit). Without bracketed
  /// paste, the same lines as a burst of keys add the same three items, since the add
  /// prompt stays open.
  @Test func aPasteIsTextThroughATerminal() throws {
    guard let oracle = try TerminalOracle.forTest("aPasteIsTextThroughATerminal") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bracketed = try scratch.run(
      oracle,
      [
        Self.keys("a"), ["text": "\u{1B}[200~Eggs\rmilk\rquinoa\r\u{1B}[201~"],
        // After y the add prompt is open again, for more: Esc closes it.
        Self.snapshot("asked"), Self.keys("y"), Self.snapshot("added"), Self.keys("Esc", "q"),
      ])
    #expect(bracketed.snapshots["asked"]?.last?.contains("Add 3 items, one a line") == true)
    #expect(bracketed.snapshots["added"]?.last?.contains("New item:") == true)
    #expect(bracketed.exit == 0)
    let added = try scratch.read()
    #expect(added.contains("- [ ] Milk  @id(m1)  @due(2024-06-05)\n- [ ] Eggs  @id("))
    #expect(added.contains("- [ ] milk  @id("))
    #expect(added.contains("- [ ] quinoa  @id("))
    let burst = try Scratch()
    defer { burst.remove() }
    let typed = try burst.run(
      oracle, [Self.keys("a"), ["text": "Eggs\rmilk\rquinoa\r"], Self.keys("Esc", "q")])
    #expect(typed.exit == 0)
    let names = try burst.read().split(separator: "\n").filter { $0.hasPrefix("- [ ] ") }
      .map { $0.dropFirst(6).prefix { $0 != " " } }
    #expect(Array(names.prefix(4)) == ["Milk", "Eggs", "milk", "quinoa"])
  }

  /// A click on a box checks the item; the wheel scrolls.
  @Test func theMouse() throws {
    guard let oracle = try TerminalOracle.forTest("theMouse") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let result = try scratch.run(
      oracle, [Self.keys("Click:3,2"), Self.snapshot("clicked"), Self.keys("q")])
    #expect(result.snapshots["clicked"]?[2] == "> [x] Milk")
    #expect(try scratch.read() == (try scratch.command(["toggle", "--date", "2024-06-05", "m1"])))
  }

  // MARK: - The terminal

  /// q, Ctrl-C, SIGTERM, SIGHUP and a crash signal all give the terminal back: the
  /// last bytes stop bracketed paste and the mouse, show the cursor and leave the
  /// alternate screen.
  @Test(arguments: ["q", "C-c", "TERM", "HUP", "INT", "SEGV"])
  func theTerminalIsRestoredOnEveryWayOut(_ way: String) throws {
    guard let oracle = try TerminalOracle.forTest("theTerminalIsRestored") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let step: [String: Any] =
      way.count > 3 || way == "HUP" || way == "INT" ? ["signal": way] : ["keys": [way]]
    let result = try scratch.run(oracle, [Self.keys("j"), step])
    #expect(
      result.tail.hasSuffix(
        "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"), "\(way)")
    // A signal that ends it gives 128 + its number, as shells expect.
    switch way {
    case "SEGV": #expect(result.signal == 11)
    case "TERM": #expect(result.exit == 143)
    case "HUP": #expect(result.exit == 129)
    case "INT": #expect(result.exit == 130)
    default: #expect(result.exit == 0, "\(way)")
    }
  }

  /// A resize redraws at the new size; below 40×10 the screen says so.
  @Test func aResizeRedrawsAtTheNewSize() throws {
    guard let oracle = try TerminalOracle.forTest("resizing") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let result = try scratch.run(
      oracle,
      [
        ["resize": [50, 12]], Self.snapshot("fifty"), ["resize": [30, 8]], Self.snapshot("small"),
        Self.keys("q"),
      ])
    #expect(result.snapshots["fifty"]?[1] == Self.line("  🛒 Groceries", "5 of 6 left", 49))
    #expect(result.snapshots["small"]?[0] == "terminal too small: 40×10 at …")
  }

  /// Names of wide characters, emoji joined by ZWJ and combining marks line up at every
  /// width from 40 to 200: the due day ends in the last column, no row is wider.
  @Test func widthsLineUpAtEveryWidth() throws {
    guard let oracle = try TerminalOracle.forTest("widthsLineUpAtEveryWidth") else { return }
    let names = [
      "日本語の買い物リストとてもながいなまえ", "👩‍👩‍👧‍👦 family dinner", "Café crème brûlée ñ",
      "🇯🇵 flags and 😀 faces", "e\u{301}\u{302} stacked marks", "ＦＵＬＬＷＩＤＴＨ text",
    ]
    let text =
      "## Widths\n\n"
      + names.enumerated().map { "- [ ] \($1)  @id(w\($0))  @due(2024-06-06)\n" }.joined()
    let scratch = try Scratch(text)
    defer { scratch.remove() }
    let widths = Array(40...200)
    var steps: [[String: Any]] = []
    for width in widths {
      // One write per frame: the redraw is read once it has been quiet for 0.1 s.
      steps.append(["resize": [width, 12], "quiet": 0.1])
      steps.append(["snapshot": "w\(width)"])
    }
    steps.append(Self.keys("q"))
    let result = try scratch.run(oracle, steps, columns: 40, rows: 12)
    for width in widths {
      let screen = try #require(result.snapshots["w\(width)"])
      // Each item on its own row, its box at the left and its day at the right edge:
      // a name counted too narrow would push the day off the row (or wrap it onto the
      // next), one counted too wide would leave a gap pyte shows.
      for row in 1...names.count {
        let line = screen[row]
        #expect(line.hasPrefix("  [ ] ") || line.hasPrefix("> [ ] "), "width \(width): \(line)")
        #expect(line.hasSuffix(" tomorrow"), "width \(width): \(line)")
      }
    }
  }

  /// Another program's change shows within a second, the cursor staying on its item.
  @Test func anotherWritersChangeShows() throws {
    guard let oracle = try TerminalOracle.forTest("anotherWritersChangeShows") else { return }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let changed = TerminalUITests.text.replacingOccurrences(of: "Laundry", with: "Ironing")
    let result = try scratch.run(
      oracle,
      [
        Self.keys("G"), ["write": ["path": scratch.path + "/CHECKLIST.md", "text": changed]],
        ["sleep": 1.2], Self.snapshot("after"), Self.keys("q"),
      ])
    let screen = try #require(result.snapshots["after"])
    #expect(screen.contains("> [ ] Ironing"))
    #expect(screen.last?.contains("changed on disk") == true)
  }

  /// Standard input or output that is not a terminal: a usage error.
  @Test func notATerminalIsAUsageError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = ["tui"]
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
    let result = try process.runCollecting(.errors)
    #expect(result.status == 64)
    #expect(result.text.contains("chk: tui needs a terminal"))
  }

  /// A cursor move in a file of 100,000 items writes a few dozen bytes.
  @Test func aCursorMoveInAHugeFileWritesLittle() throws {
    guard let oracle = try TerminalOracle.forTest("aCursorMoveInAHugeFileWritesLittle") else {
      return
    }
    var text = ""
    for index in 0..<100_000 {
      if index % 1_000 == 0 { text += "\n## List \(index / 1_000)\n\n" }
      text += "- [ ] item \(index)  @id(i\(index))\n"
    }
    let scratch = try Scratch(text)
    defer { scratch.remove() }
    let result = try scratch.run(
      oracle,
      [
        ["mark": true], Self.keys("j"), Self.snapshot("one"), Self.keys("j", "j"),
        Self.snapshot("two"), Self.keys("q"),
      ])
    #expect((result.bytesAfter["one"] ?? .max) < 200)
    #expect((result.bytesAfter["two"] ?? .max) < 400)
  }
}
