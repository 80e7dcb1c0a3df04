import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The filter's byte search against the plain way (decode the name, the note and the
/// ID, lower-case them, look for the text): the same answer for random items, with
/// escapes, notes, IDs, other tags, any case, ASCII and other scripts.
@Suite("Item search")
struct SearchTests {
  @Test func byteSearchAgreesWithDecodedText() throws {
    var random = TestRandom(seed: 515)
    let words = [
      "Milk", "milk", "MILK", "oat", "Brötchen", "café", "naïve", "日本語", "a\\#b", "x\\@y",
      "due", "id", "note", "2024", "A-b", "[x]",
    ]
    for _ in 0..<300 {
      var text = "## L\n\n"
      for index in 0..<20 {
        var line =
          "- [ ] " + (0..<random.int(1...3)).map { _ in random.pick(words) }.joined(separator: " ")
        if random.chance(0.3) { line += "  @due(2024-06-0\(random.int(1...9)))" }
        if random.chance(0.6) { line += "  @id(\(random.pick(["k3f9", "MiLk", "oat1"]))\(index))" }
        if random.chance(0.3) { line += "  # " + random.pick(words) + " note" }
        text += line + "\n"
      }
      let document = try ChecklistDocument(parsing: Array(text.utf8))
      for needle in [
        "milk", "Milk", "OAT", "ö", "café", "日本", "#", "\\", "due", "k3", "note", "a#b", "", "2024",
      ] {
        let search = ChecklistDocument.SearchText(needle)
        for line in 3...22 {
          let item = try #require(document.itemFields(atLine: line))
          let words = needle.lowercased()
          let expected =
            words.isEmpty || item.name.lowercased().contains(words)
            || (item.note?.lowercased().contains(words) ?? false)
            || (item.id?.lowercased().contains(words) ?? false)
          #expect(
            document.item(atLine: line, matches: search) == expected,
            "'\(needle)' in \(text.split(separator: "\n")[line - 1])")
        }
        // `/TEXT` looks in names only, as the names decoded and lower-cased say (an empty
        // text is in every name).
        let named = document.items.filter {
          needle.isEmpty || $0.name.lowercased().contains(needle.lowercased())
        }
        #expect(
          document.itemLines(withNameContaining: needle) == named.map(\.line), "'\(needle)'")
      }
    }
  }
}
