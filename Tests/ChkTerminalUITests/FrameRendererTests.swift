import Testing

@testable import ChkTerminalUI

/// The renderer that turns the last frame into the next: what it sends when the next
/// frame differs in size from the last (a generated mutant that compared only the
/// width went unnoticed, since a resize also forgets the last frame).
@Suite("TUI: frame renderer")
struct FrameRendererTests {
  static let clear = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

  func frame(columns: Int, _ lines: [String]) -> Frame {
    var frame = Frame(columns: columns, rows: lines.count)
    for (index, line) in lines.enumerated() {
      var row = Frame.Row()
      row.append(line, limit: columns)
      frame[index] = row
    }
    return frame
  }

  /// A frame with more or fewer rows, or another width, is drawn whole after a clear;
  /// one of the same size, only where it changed.
  @Test func aFrameOfAnotherSizeIsDrawnWhole() {
    for lines in [["one", "two", "three"], ["one"]] {
      var renderer = FrameRenderer(usesColor: false)
      _ = renderer.render(frame(columns: 10, ["one", "two"]))
      let next = renderer.render(frame(columns: 10, lines))
      #expect(next.starts(with: Self.clear), "\(lines.count) rows after 2")
      #expect(String(decoding: next, as: UTF8.self).contains(lines.last ?? ""))
    }
    var renderer = FrameRenderer(usesColor: false)
    _ = renderer.render(frame(columns: 10, ["one", "two"]))
    #expect(renderer.render(frame(columns: 12, ["one", "two"])).starts(with: Self.clear))
    let same = renderer.render(frame(columns: 12, ["one", "twx"]))
    #expect(!same.starts(with: Self.clear))
    // Only what changed: the "x" of the second row, not the first row again.
    let text = String(decoding: same, as: UTF8.self)
    #expect(text.contains("x") && !text.contains("one"))
  }
}

/// An open prompt's cursor, drawn again with nothing changed, writes nothing: the
/// loop draws four times a second, and a prompt left open wrote forever.
@Suite("TUI: an idle prompt")
struct IdleFrameTests {
  @Test func nothingNewWritesNothing() {
    var frame = Frame(columns: 10, rows: 2)
    var row = Frame.Row()
    row.append("Name: ab", limit: 10)
    frame[1] = row
    frame.cursor = Frame.Cursor(column: 8, row: 1)
    var renderer = FrameRenderer(usesColor: false)
    #expect(!renderer.render(frame).isEmpty)
    #expect(renderer.render(frame).isEmpty)
    frame.cursor = Frame.Cursor(column: 7, row: 1)
    #expect(String(decoding: renderer.render(frame), as: UTF8.self) == "\u{1B}[2;8H\u{1B}[?25h")
  }
}
