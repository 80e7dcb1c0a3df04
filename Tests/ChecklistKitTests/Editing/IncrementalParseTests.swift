import ChkTestSupport
import Testing

@testable import ChecklistKit

/// `replaceBytes`, the language server's per-keystroke parse, against a full parse of
/// the new bytes: random documents (fences, HTML, quotes, front matter, byte-order
/// marks, CR and CRLF endings, headings), random changes that insert and remove line
/// breaks, fence and heading markers, anywhere on a character boundary.
@Suite("Edits: incremental parse")
struct IncrementalParseTests {
  /// The inserted text: what typing, pasting and deleting bring.
  private static let insertions = [
    "", "x", " ", "\n", "\r\n", "\r", "```", "~~~\n", "# ", "## H\n", "- [ ] ", "[x]", "<!--",
    "-->\n", "<details>\n", "    ", "> ", "---\n", "@id(k1)", "  # n", "\n\n", "日本", "\t",
  ]

  @Test func changesParseAsTheWholeFileDoes() throws {
    var changes = 0
    var incremental = 0
    for seed in UInt64(1)...600 {
      var generator = DocumentGenerator(seed: seed)
      // Several generated documents in one, so that headings split it into sections.
      var bytes: [UInt8] = []
      for _ in 0..<4 { bytes += generator.document() + Array("\n## Section\n".utf8) }
      var document = try ChecklistDocument(parsing: bytes)
      var random = TestRandom(seed: seed &* 7)
      for step in 0..<8 {
        let count = document.bytes.count
        // Offsets on character boundaries: never inside a multi-byte sequence.
        let boundaries = (0...count).filter { $0 == count || document.bytes[$0] & 0xC0 != 0x80 }
        let lower = random.pick(boundaries)
        let upper = random.chance(0.5) ? lower : random.pick(boundaries.filter { $0 >= lower })
        let upperBound = min(upper, lower + random.int(0...40))
        let end = boundaries.first { $0 >= upperBound } ?? count
        let text = Array(random.pick(Self.insertions).utf8)
        let expected = document.bytes[..<lower] + text + document.bytes[end...]
        if document.lines.count > 2,
          ChecklistDocument.lineIndex(startingAt: lower + 1, in: document.lines, from: 0) >= 3
        {
          incremental += 1
        }
        try document.replaceBytes(
          lower..<end, with: text, giving: random.chance(0.5) ? Array(expected) : nil,
          parsingWholeBelow: 0)
        let context = "seed \(seed) step \(step): \(lower)..<\(end) with \(text)"
        #expect(document.bytes == Array(expected), "\(context)")
        let fresh = try ChecklistDocument(parsing: Array(expected))
        #expect(document.lines == fresh.lines, "\(context): records differ from a full parse")
        changes += 1
      }
    }
    #expect(changes == 4_800)
    #expect(incremental > 3_000)
  }

  /// A change that makes the text invalid (cutting a character in two) throws as a full
  /// parse would, and leaves the document as it was.
  @Test func aChangeThatBreaksACharacterIsRefused() throws {
    let text = "## A\n- [ ] 日本語\n## B\n- [ ] b\n"
    var document = try ChecklistDocument(parsing: text)
    let before = document
    let middle = Array("## A\n- [ ] 日".utf8).count + 1
    #expect(throws: ParseError.self) {
      try document.replaceBytes(middle..<(middle + 1), with: [], parsingWholeBelow: 0)
    }
    #expect(document == before && document.lines == before.lines)
    #expect(throws: ParseError.self) {
      try document.replaceBytes(0..<0, with: [0xFF], parsingWholeBelow: 0)
    }
    #expect(document == before && document.lines == before.lines)
  }

  /// A change parsed whole (here, on the first line) keeps where the document's IDs
  /// come from, and a range past the end is clamped, as the editor's buffer clamps it.
  @Test func aWholeParseKeepsTheIDsSourceAndRangesAreClamped() throws {
    var document = try ChecklistDocument(parsing: "- [ ] a\n- [ ] b\n")
    document.idGenerator = .seeded(7)
    try document.replaceBytes(0..<0, with: Array("x".utf8), parsingWholeBelow: 0)
    var expected = try ChecklistDocument(parsing: "x- [ ] a\n- [ ] b\n")
    expected.idGenerator = .seeded(7)
    #expect(
      try document.addItem(named: "c", at: .end(of: .unnamed))
        == (try expected.addItem(named: "c", at: .end(of: .unnamed))))
    #expect(document.bytes == expected.bytes)
    try document.replaceBytes(1_000..<2_000, with: Array("!".utf8), parsingWholeBelow: 0)
    #expect(document.bytes.last == UInt8(ascii: "!"))
  }

  /// A keystroke parses its section again, whatever the size of the file: the lines
  /// parsed (at most two lists of 50) are as many at 1,000 and 4,000 items, and a change that
  /// opens a fence parses to the end, as it must.
  @Test func aChangeParsesItsSectionAtAnySize() throws {
    func reparsed(lists: Int, typing text: String) throws -> Int {
      var file = ""
      for list in 0..<lists {
        file += "## List \(list)\n\n"
        for item in 0..<50 { file += "- [ ] item \(item)  @id(k\(list)x\(item))\n" }
        file += "\n"
      }
      var document = try ChecklistDocument(parsing: Array(file.utf8))
      let log = WorkLog()
      document.workLog = log
      let middle = document.lines.count / 2
      let offset = Int(document.lines[middle].end)
      try document.replaceBytes(offset..<offset, with: Array(text.utf8), parsingWholeBelow: 0)
      #expect(document.lines == (try ChecklistDocument(parsing: document.bytes)).lines)
      return log["linesReparsed"]
    }
    let small = try reparsed(lists: 20, typing: " x")
    #expect(small > 0 && small <= 2 * 53, "\(small) lines")
    #expect(try reparsed(lists: 80, typing: " x") == small)
    let fenced = try reparsed(lists: 80, typing: "\n```\n")
    #expect(fenced > 80 * 50 / 2)
  }
}
