import ChkWorkspace

/// Text as a terminal shows it: control characters made visible (so an item's name
/// cannot drive the terminal), tabs as spaces, and widths in cells as terminals count
/// them, one code point at a time (`wcwidth`): wide East Asian characters, emoji and
/// each regional indicator take two cells, combining marks none.
///
/// Terminals disagree on sequences joined by U+200D (a family emoji is two cells in
/// some, eight in others) and on U+FE0F presentation: both are left out, so that an
/// emoji sequence shows as its parts and every row is as wide in every terminal.
package enum DisplayText {
  /// `text` made safe to draw.
  package static func safe(_ text: String) -> String {
    var visible = Visible.text(text, .oneLine)
    if visible.unicodeScalars.contains(where: {
      $0 == "\t" || $0.value == 0x200D || $0.value == 0xFE0F
    }) {
      visible = String(
        String.UnicodeScalarView(
          visible.unicodeScalars.compactMap { scalar in
            scalar.value == 0x200D || scalar.value == 0xFE0F ? nil : scalar == "\t" ? " " : scalar
          }))
    }
    return visible
  }

  /// How many cells `text` takes.
  package static func width(_ text: String) -> Int {
    TextWidth.of(text)
  }

  /// `text` cut to at most `width` cells at a character boundary (never inside a
  /// cluster such as a flag, a joined emoji or a letter with its marks), with `…` when
  /// it was cut; and the width of the result.
  package static func truncated(_ text: String, to width: Int) -> (text: String, width: Int) {
    let full = TextWidth.of(text)
    guard full > width else { return (text, full) }
    guard width > 0 else { return ("", 0) }
    var result = ""
    var used = 0
    for character in text {
      let cells = TextWidth.of(String(character))
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return (result + "…", used + 1)
  }

  /// The end of `text` that fits in `width` cells, cut at a character boundary.
  package static func suffix(_ text: String, width: Int) -> String {
    var result: [Character] = []
    var used = 0
    for character in text.reversed() {
      let cells = TextWidth.of(String(character))
      if used + cells > width { break }
      result.append(character)
      used += cells
    }
    return String(result.reversed())
  }

  /// `text` in lines of at most `width` cells, broken after spaces where it can be and
  /// inside a word only when one is longer than a line; never inside a character.
  package static func wrapped(_ text: String, width: Int) -> [String] {
    guard width > 0, TextWidth.of(text) > width else { return [text] }
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let cells = TextWidth.of(String(word))
      if used > 0, used + 1 + cells <= width {
        line += " " + word
        used += 1 + cells
        continue
      }
      if used > 0 || !line.isEmpty {
        lines.append(line)
        line = ""
        used = 0
      }
      // A word longer than a line is cut at characters.
      for character in word {
        let size = TextWidth.of(String(character))
        if used + size > width, used > 0 {
          lines.append(line)
          line = ""
          used = 0
        }
        line.append(character)
        used += size
      }
    }
    lines.append(line)
    return lines
  }
}
