import Testing

@testable import ChkTerminalUI

@Suite("TUI: keys from the terminal")
struct KeyDecoderTests {
  func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flushEscape()
  }

  @Test func lettersControlsAndUTF8() {
    #expect(
      keys("jK é😀") == [
        .character("j"), .character("K"), .character(" "), .character("é"), .character("😀"),
      ])
    #expect(
      keys("\u{04}\u{15}\u{12}\u{03}") == [
        .control("d"), .control("u"), .control("r"), .control("c"),
      ])
    #expect(keys("\r\t\u{7F}") == [.enter, .tab, .backspace])
  }

  /// CSI and SS3 forms, as xterm, tmux and the Linux console send them.
  @Test func escapeSequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(
      keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[3~\u{1B}[Z") == [
        .pageUp, .pageDown, .home, .end, .delete, .backTab,
      ])
  }

  @Test func aLoneEscapeWaitsForWhatFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isWaiting)
    // The rest of an arrow, read later.
    #expect(decoder.feed(Array("[A".utf8)) == [.up])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushEscape() == [.escape])
    #expect(!decoder.isWaiting)
    // Escape then a letter: both.
    #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
  }

  /// An SS3 sequence cut between two reads (`ESC O`, then `A`) is one key.
  @Test func anApplicationModeArrowSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.feed(Array("A".utf8)) == [.up])
  }

  @Test func mouseReports() {
    #expect(
      keys("\u{1B}[<0;5;3M\u{1B}[<0;5;3m") == [.mouse(Key.Mouse(action: .press, column: 4, row: 2))]
    )
    #expect(
      keys("\u{1B}[<64;1;1M\u{1B}[<65;10;2M") == [
        .mouse(Key.Mouse(action: .wheelUp, column: 0, row: 0)),
        .mouse(Key.Mouse(action: .wheelDown, column: 9, row: 1)),
      ])
    // Other buttons and releases are nothing.
    #expect(keys("\u{1B}[<2;5;3M") == [])
  }

  /// Bytes that mean nothing, a sequence cut off, invalid UTF-8: skipped, never stuck.
  @Test func garbageIsSkipped() {
    #expect(keys("\u{00}\u{1C}a") == [.character("a")])
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xFF, 0x6A]) == [.character("j")])
    #expect(decoder.feed([0xE2, 0x6A]) == [.character("j")])
    #expect(decoder.feed([0xE2, 0x82]) == [])
    #expect(decoder.feed([0xAC]) == [.character("€")])
  }
}

@Suite("TUI: drawing")
struct FrameTests {
  /// Widths as `wcwidth` counts them (and pyte, tmux and xterm with it): a character is
  /// never cut, and `…` shows that text was.
  @Test(arguments: [
    ("milk", 10, "milk", 4), ("a long name", 6, "a lon…", 6), ("日本語のリスト", 7, "日本語…", 7),
    ("😀😀😀", 4, "😀…", 3), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…", 2),
  ])
  func truncationKeepsCharactersWhole(
    _ text: String, _ width: Int, _ expected: String, _ cells: Int
  ) {
    let cut = DisplayText.truncated(text, to: width)
    #expect(cut.text == expected)
    #expect(cut.width == cells)
    #expect(DisplayText.width(cut.text) == cut.width)
  }

  @Test func controlCharactersAreShownNotSent() {
    #expect(DisplayText.safe("a\u{1B}[2Jb\tc") == "a^[[2Jb c")
  }

  /// The first frame is drawn whole; after that only the cells that changed.
  @Test func onlyChangedCellsAreRedrawn() {
    var renderer = FrameRenderer(usesColor: false)
    var frame = Frame(columns: 20, rows: 3)
    var row = Frame.Row()
    row.append("> first", limit: 20)
    frame[0] = row
    var second = Frame.Row()
    second.append("  second", limit: 20)
    frame[1] = second
    let whole = renderer.render(frame)
    #expect(whole.count > 40)
    // The same frame: nothing.
    #expect(renderer.render(frame) == [])
    var moved = frame
    var first = Frame.Row()
    first.append("  first", limit: 20)
    moved[0] = first
    var cursorRow = Frame.Row()
    cursorRow.append("> second", limit: 20)
    moved[1] = cursorRow
    let bytes = String(decoding: renderer.render(moved), as: UTF8.self)
    #expect(bytes == "\u{1B}[1;1H \u{1B}[2;1H>")
  }

  /// A wide character that changes is redrawn from its first cell.
  @Test func wideCharactersAreRedrawnWhole() {
    var renderer = FrameRenderer(usesColor: false)
    var frame = Frame(columns: 10, rows: 1)
    var row = Frame.Row()
    row.append("a日b", limit: 10)
    frame[0] = row
    _ = renderer.render(frame)
    var changed = Frame(columns: 10, rows: 1)
    var other = Frame.Row()
    other.append("a本b", limit: 10)
    changed[0] = other
    #expect(String(decoding: renderer.render(changed), as: UTF8.self) == "\u{1B}[1;2H本")
  }
}

@Suite("TUI: bracketed paste")
struct PasteDecoderTests {
  /// A bracketed paste is one `.paste` of its text, whatever it holds: line breaks,
  /// `q`, escape sequences; keys before and after it stay keys.
  @Test func aPasteIsTextNotKeys() {
    var decoder = KeyDecoder()
    let bytes = Array("j\u{1B}[200~Eggs\rmilk\rq\u{1B}[A\r\u{1B}[201~k".utf8)
    #expect(
      decoder.feed(bytes) == [.character("j"), .paste("Eggs\rmilk\rq\u{1B}[A\r"), .character("k")])
  }

  /// A paste that arrives in pieces, byte by byte, is still one paste, and a pause
  /// inside it does not end it; each byte is looked at once.
  @Test func aPasteInPieces() {
    var decoder = KeyDecoder()
    // The start marker comes whole, as terminals send it; the rest byte by byte.
    var keys = decoder.feed(Array("\u{1B}[200~".utf8))
    for byte in Array("one\ntwo\u{1B}[201~".utf8) {
      keys += decoder.feed([byte])
      keys += decoder.isWaiting ? decoder.flushEscape() : []
    }
    #expect(keys == [.paste("one\ntwo")])
    #expect(!decoder.isWaiting)
  }

  /// A paste whose end never comes is taken as it is after about a second of pauses.
  @Test func aPasteWithoutItsEnd() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~half".utf8)) == [])
    var keys: [Key] = []
    for _ in 0..<40 where keys.isEmpty { keys = decoder.flushEscape() }
    #expect(keys == [.paste("half")])
    #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
  }
}
