import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

/// What a key costs, what it keeps up to date, and drawing on a small terminal.
extension SessionTests {
  /// A tick, a new name, note or due day update the outline at their row; the result is
  /// the outline built from the document again, counts included, and a recurring tick
  /// (which adds lines) builds it again.
  @Test func theOutlineUpdatedInPlaceIsTheOneBuiltAgain() throws {
    let ui = try SessionHarness()
    func isRebuilt() throws -> Bool {
      let file = ui.session.files[0]
      let fresh = try OpenFile(file.path)
      return file.outline == fresh.outline
        && file.counts.mapValues { [$0.open, $0.total] }
          == fresh.counts.mapValues { [$0.open, $0.total] }
    }
    ui.press("j", "j", "Space")
    #expect(try isRebuilt())
    ui.press("j", "Space")
    #expect(try isRebuilt())
    ui.press("e")
    _ = ui.session.handle(.control("u"))
    ui.type("Brown eggs")
    #expect(try isRebuilt())
    ui.press("n")
    ui.type("a dozen")
    #expect(try isRebuilt())
    ui.press("D")
    ui.type("tomorrow")
    #expect(try isRebuilt())
    // Water plants recurs: its tick adds the next one below.
    ui.press("G", "k", "Space")
    #expect(ui.status.contains("the next one"))
    #expect(try isRebuilt())
    #expect(
      try ui.file() == String(decoding: ui.session.files[0].document.serialized(), as: UTF8.self))
  }

  /// A cursor move and a tick cost the same at 1,000 and at 20,000 items: no key walks
  /// the document (the tick's write aside, which the benchmark times), and a move
  /// draws the same bytes.
  @Test func aKeyCostsTheSameInALargeFile() throws {
    var visited: [Int] = []
    var drawn: [Int] = []
    for items in [1_000, 20_000] {
      let text =
        "## Big\n\n" + (1...items).map { "- [ ] item \($0)  @id(i\($0))\n" }.joined()
      let ui = try SessionHarness(text)
      let log = WorkLog()
      ui.session.attach(log)
      var renderer = FrameRenderer(usesColor: false)
      _ = renderer.render(ui.session.render(columns: 80, rows: 24))
      var bytes = 0
      for key in ["j", "j", "k", "Space", "j", "Space", "G", "k"] {
        _ = ui.session.handle(SessionHarness.key(key))
        bytes += renderer.render(ui.session.render(columns: 80, rows: 24)).count
      }
      visited.append(log["linesVisited"])
      drawn.append(bytes)
      // The ticks changed the document on screen: it was not parsed again.
      #expect(ui.session.files[0].document.workLog === log)
      #expect(ui.session.invariantViolation(columns: 80, rows: 24) == nil)
    }
    #expect(visited == [0, 0])
    // G lands on a longer number at 20,000: a few digits more in the status line.
    #expect(abs(drawn[1] - drawn[0]) < 40, "\(drawn)")
  }

  /// On a terminal too short for every key, the help screen scrolls: j, G and g.
  @Test func theHelpScrollsOnASmallTerminal() throws {
    let ui = try SessionHarness()
    _ = ui.session.handle(.character("?"))
    var text = ui.session.render(columns: 80, rows: 10).text
    let count = Session.helpLines.count
    #expect(text[0] == "  chk tui: keys  1-8 of \(count), j k scroll")
    #expect(text[1].hasPrefix("  j k, Down Up"))
    #expect(!text.contains { $0.contains("mouse") })
    _ = ui.session.handle(.character("j"))
    text = ui.session.render(columns: 80, rows: 10).text
    #expect(text[1].hasPrefix("  g G, Home End"))
    _ = ui.session.handle(.character("G"))
    text = ui.session.render(columns: 80, rows: 10).text
    #expect(text[0].contains("\(count - 7)-\(count) of \(count)"))
    #expect(text[8].hasPrefix("  mouse"))
    _ = ui.session.handle(.character("g"))
    #expect(ui.session.render(columns: 80, rows: 10).text[1].hasPrefix("  j k, Down Up"))
    // Narrow: what a key does goes on under it, whole.
    let narrow = ui.session.render(columns: 40, rows: 10).text
    #expect(narrow[1] == "  j k, Down Up")
    #expect(narrow[2] == "    move down and up")
    // Tall enough: every key, no scrolling note.
    #expect(ui.session.render(columns: 80, rows: 40).text[0] == "  chk tui: keys")
  }

  /// Below 40×10, a message instead of a garbled screen.
  @Test func aSmallTerminalSaysSo() throws {
    let ui = try SessionHarness()
    #expect(ui.session.render(columns: 39, rows: 24).text[0].hasPrefix("terminal too small"))
    #expect(ui.session.render(columns: 80, rows: 9).text[0].hasPrefix("terminal too small"))
  }
}
