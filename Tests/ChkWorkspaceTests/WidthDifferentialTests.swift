import ChkTestSupport
import Foundation
import Testing

@testable import ChkWorkspace

/// Terminal widths against wcwidth (the Python package pyte draws with, which follows
/// Unicode's East Asian Width and emoji presentation as terminals do): every symbol and
/// emoji code point from U+2000 to U+2BFF and U+1F000 to U+1FAFF is as wide in
/// `TextWidth` as wcwidth says, but for the line and paragraph separators (which chk
/// never draws: `Visible` shows them as `<U+2028>`). Every picture of `ListIcon`'s
/// table is two cells in both.
@Suite("Widths against wcwidth")
struct WidthDifferentialTests {
  @Test func symbolAndEmojiWidthsAreWcwidths() throws {
    guard
      let python = try RenderingOracle.python(
        for: "widths against wcwidth", modules: ["wcwidth"], packages: "wcwidth (pyte's)")
    else { return }
    var points: [UInt32] = []
    for value in Array(0x2000...0x2BFF) + Array(0x1F000...0x1FAFF) {
      guard let scalar = Unicode.Scalar(UInt32(value)), value != 0x2028, value != 0x2029,
        ![.unassigned, .privateUse, .surrogate, .control].contains(
          scalar.properties.generalCategory)
      else { continue }
      points.append(UInt32(value))
    }
    let script = """
      import json, sys
      from wcwidth import wcwidth
      print(json.dumps([wcwidth(chr(v)) for v in json.load(sys.stdin)]))
      """
    let answer = try #require(
      RenderingOracle.run(python, ["-c", script], input: try JSONEncoder().encode(points)))
    let widths = try JSONDecoder().decode([Int].self, from: answer.output)
    var differences: [String] = []
    for (index, value) in points.enumerated() where widths[index] >= 0 {
      let ours = TextWidth.of(String(Character(Unicode.Scalar(value)!)))
      if ours != widths[index] {
        differences.append(
          "U+\(String(value, radix: 16, uppercase: true)) \(ours)≠\(widths[index])")
      }
    }
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(20))")
    for (name, picture) in ListIcon.pictures {
      #expect(TextWidth.of(picture) == 2, "\(name): \(picture)")
      #expect(picture.unicodeScalars.count == 1, "\(name): one code point")
    }
  }

  /// The table's lookups: a symbol's variants, an emoji as itself, a word, and a name
  /// that is neither.
  @Test func iconsShowTheirPictures() {
    #expect(ListIcon.picture(for: "cart") == "🛒")
    #expect(ListIcon.picture(for: "cart.fill") == "🛒")
    #expect(ListIcon.picture(for: "heart.circle.fill") == "💗")
    #expect(ListIcon.picture(for: "Groceries") == "🛒")
    #expect(ListIcon.picture(for: "🚀") == "🚀")
    #expect(ListIcon.picture(for: "❤️") == "❤️")
    #expect(ListIcon.picture(for: "tag.slash") == nil)
  }
}
