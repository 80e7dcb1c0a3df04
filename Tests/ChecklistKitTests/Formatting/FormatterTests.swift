import ChkTestSupport
import Testing

@testable import ChecklistKit

/// What a document means, without line numbers: its lists and their items.
func meaning(_ document: ChecklistDocument) -> [ItemList] {
  document.meaning
}

func formatted(_ text: String) throws -> String {
  String(decoding: ChecklistFormatter().format(try TestSupport.document(text)), as: UTF8.self)
}

@Suite("Formatter")
struct FormatterTests {
  @Test(arguments: [
    (
      "bullets and spacing", "* [X]   Milk    @id(a)   #   note  \n", "- [x] Milk  @id(a)  # note\n"
    ),
    ("ordered keep numbers", "3)  [ ] c\n", "3) [ ] c\n"),
    ("tags two spaces apart", "- [ ] a  @x @y(z)\t\t@w\n", "- [ ] a  @x  @y(z)  @w\n"),
    ("empty note", "- [ ] a   #\n", "- [ ] a  #\n"),
    ("empty name with tags", "- [ ] @a\n", "- [ ]  @a\n"),
    // GitHub renders a box with a blank after it as a checkbox, without as text.
    ("empty item", "+ [ ]   \n", "- [ ] \n"),
    ("bare box", "* [X]\n", "* [X]\n"),
    ("hard break", "- [ ]  a   @id(x)  \n  b\n", "- [ ] a  @id(x)  \n  b\n"),
    ("backslash break", "- [ ]  a   @id(x)\\\n  b\n", "- [ ] a  @id(x) \\\n  b\n"),
    ("lists next to each other keep bullets", "* [ ]  a\n+ [ ] b\n", "* [ ] a\n+ [ ] b\n"),
    ("two lists stay two", "- [ ] a\n* [ ] b\n", "- [ ] a\n* [ ] b\n"),
    ("two tight lists stay two", "- [ ] a\n\n* [ ] b\n", "- [ ] a\n\n* [ ] b\n"),
    (
      "a list with plain items keeps bullets", "* [ ] a\n* b\n*  [ ] c\n", "* [ ] a\n* b\n* [ ] c\n"
    ),
    ("children to content column", "- [ ] a\n     - [ ] b\n", "- [ ] a\n  - [ ] b\n"),
    ("ordered parent", "10. [ ] a\n  - [ ] b\n    - [ ] c\n", "10. [ ] a\n- [ ] b\n  - [ ] c\n"),
    ("continuation moves", "- [ ] a\n   - [ ] b\n     more\n", "- [ ] a\n  - [ ] b\n    more\n"),
    ("lazy line stays", "- [ ] a\nlazy\n", "- [ ] a\nlazy\n"),
    ("heading", "  ##   Title  @icon(x) ##\n", "## Title  @icon(x)\n"),
    ("heading ending in #", "## C # ##\n", "## C \\#\n"),
    ("blank lines around headings", "# A\n## B\ntext\n# C", "# A\n\n## B\n\ntext\n\n# C\n"),
    ("runs of blank lines", "a\n\n\n\nb\n\n\n", "a\n\nb\n"),
    ("leading blanks before an item", "\n\n- [ ] a\n", "- [ ] a\n"),
    ("leading blank kept before prose", "\n\nprose\n", "\nprose\n"),
    ("whitespace-only blank lines", "a\n   \nb\n", "a\n\nb\n"),
    ("hard line break survives", "line one  \nline two\n", "line one  \nline two\n"),
    ("code untouched", "```\n- [X]   x\n\n\n```\n", "```\n- [X]   x\n\n\n```\n"),
    ("front matter untouched", "---\na:  b\n\n\n---\n# T\n", "---\na:  b\n\n\n---\n\n# T\n"),
    ("HTML untouched", "<!--\n* [ ]  x\n-->\n", "<!--\n* [ ]  x\n-->\n"),
    ("final newline added", "- [ ] a", "- [ ] a\n"),
    ("CRLF most common", "a\r\nb\r\nc\n", "a\r\nb\r\nc\r\n"),
    ("LF when tied", "a\r\nb\n", "a\nb\n"),
    ("BOM kept", "\u{FEFF}#  T\n", "\u{FEFF}# T\n"),
    (
      "item under a plain item keeps its indent", "- plain\n    - [ ] t\n", "- plain\n    - [ ] t\n"
    ),
    // Its line is formatted from the box on, the prefix kept.
    ("item under a plain item", "1. plain\n   * [ ]   t\n", "1. plain\n   * [ ] t\n"),
    ("item under a plain item, deeper", "- plain\n     - [ ]   t\n", "- plain\n     - [ ] t\n"),
    (
      "tabs in a moved code block keep the item", "- [ ] a\n   - [ ] b\n\t```\n",
      "- [ ] a\n   - [ ] b\n\t```\n"
    ),
  ])
  func formats(_ label: String, _ input: String, _ expected: String) throws {
    let output = try formatted(input)
    #expect(output == expected, "\(label)")
    #expect(try formatted(output) == output, "\(label): not idempotent")
    #expect(meaning(try TestSupport.document(output)) == meaning(try TestSupport.document(input)))
  }

  @Test func formattedSamplesMatchTheGoldenFiles() throws {
    for name in TestSupport.sampleNames {
      let document = try ChecklistDocument(parsing: try TestSupport.sampleBytes(name))
      let output = ChecklistFormatter().format(document)
      Golden.check(output, named: "\(name).fmt")
      #expect(ChecklistFormatter().format(try ChecklistDocument(parsing: output)) == output)
    }
  }

  @Test func streamingGivesTheSameBytes() throws {
    for name in TestSupport.sampleNames {
      let document = try ChecklistDocument(parsing: try TestSupport.sampleBytes(name))
      var streamed: [UInt8] = []
      ChecklistFormatter().format(document) { streamed += $0 }
      #expect(streamed == ChecklistFormatter().format(document))
    }
  }

  /// Rounds of one section per worker (formatted on two threads where there are two
  /// cores) give the same bytes as one round, on the samples and 2,000 documents.
  @Test func roundsOfFewSectionsGiveTheSameBytes() throws {
    var inputs = try TestSupport.sampleNames.map(TestSupport.sampleBytes)
    for seed in UInt64(1)...2_000 {
      var generator = DocumentGenerator(seed: seed)
      inputs.append(generator.document())
    }
    inputs.append(Array("# A\n```\ncode\n\n\n```\n\n\n# B\n- [ ] x\n\n\n## C\n\n".utf8))
    for (index, bytes) in inputs.enumerated() {
      let document = try ChecklistDocument(parsing: bytes)
      let whole = ChecklistFormatter().format(document)
      #expect(ChecklistFormatter(chunkSize: 1).format(document) == whole, "input \(index)")
    }
  }

  /// A formatter told to stop (a cancelled request) is asked before each round, stops
  /// at once and gives nothing; told to go on, it gives what `format` gives.
  @Test func aFormatterAskedToStopStopsBeforeItsNextRound() throws {
    var text = ""
    for list in 0..<10 { text += "## L\(list)\n\n-  [ ]  item \(list)\n\n" }
    let document = try ChecklistDocument(parsing: Array(text.utf8))
    let formatter = ChecklistFormatter(chunkSize: 1)
    var asked = 0
    #expect(
      formatter.format(
        document,
        continuing: {
          asked += 1
          return true
        }) == formatter.format(document))
    // Ten sections, one per worker and round: five rounds on two workers, ten on one.
    #expect(asked == (Parallel.processorCount >= 2 ? 5 : 10))
    asked = 0
    #expect(
      formatter.format(
        document,
        continuing: {
          asked += 1
          return asked < 2
        }) == nil)
    #expect(asked == 2)
  }

  /// 4,000 generated documents: formatting is idempotent and keeps their meaning.
  @Test func formattingIsIdempotentAndKeepsMeaning() throws {
    var corrected = 0
    for seed in UInt64(1)...4_000 {
      var generator = DocumentGenerator(seed: seed)
      let input = try ChecklistDocument(parsing: generator.document())
      let once = ChecklistFormatter().format(input)
      let parsedOnce = try ChecklistDocument(parsing: once)
      let twice = ChecklistFormatter().format(parsedOnce)
      #expect(twice == once, "seed \(seed): not idempotent")
      #expect(meaning(parsedOnce) == meaning(input), "seed \(seed): meaning changed")
      if twice != once || meaning(parsedOnce) != meaning(input) { break }
      if parsedOnce.lines.count > 0, once.last != 10, once.last != 13 { corrected += 1 }
    }
    #expect(corrected == 0)
  }
}

@Suite("Formatter: lines already canonical")
struct CanonicalLineTests {
  /// `isCanonical` says yes exactly when writing the line canonically gives its own
  /// bytes back, on 20,000 item lines built from the pieces that vary.
  @Test func canonicalCheckAgreesWithWriting() throws {
    let indents = ["", " ", "  ", "\t", "    "]
    let bullets = ["-", "*", "+", "1.", "12)"]
    let gaps = [" ", "  ", "\t"]
    let boxes = ["[ ]", "[x]", "[X]"]
    let names = ["", " milk", "  milk", " milk ", " a  b", " café\\#", " x @y"]
    let tags = [
      "", "  @id(k1)", " @id(k1)", "  @due(2024-01-02)  @id(k2)", "  @a   @b", "  @t(a\\)b)",
    ]
    let notes = ["", "  # note", "  #", "  # n ", "   # n", "  #  n", " # n"]
    // Hard breaks: two blanks (canonical), more, a backslash; before a continuation line
    // half the time.
    let endings = ["", "", "  ", "   ", "    ", "\\", " \\"]
    for seed in UInt64(1)...20_000 {
      var random = TestRandom(seed: seed)
      let text =
        random.pick(indents) + random.pick(bullets) + random.pick(gaps) + random.pick(boxes)
        + random.pick(names) + random.pick(tags) + random.pick(notes) + random.pick(endings)
      // A break renders only before a line that continues the item.
      let document = try ChecklistDocument(
        parsing: text + (random.chance(0.5) ? "\n  more\n" : "\n"))
      guard let record = document.lines.first, record.kind == .item else { continue }
      let leading = text.prefix { $0 == " " || $0 == "\t" }.count
      for indent in [0, leading] {
        document.bytes.withUnsafeBufferPointer { bytes in
          var written = OutputBuffer(capacity: 64)
          written.append(ASCII.space, repeating: indent)
          let afterIndent = text.dropFirst(leading)
          if let first = afterIndent.first, first.isNumber {
            written.append(Array(afterIndent.prefix { $0.isNumber || $0 == "." || $0 == ")" }.utf8))
          } else {
            written.append(ASCII.dash)
          }
          written.append(ASCII.space)
          EditableLine.appendCanonical(record, in: bytes, to: &written)
          let same = written.array() == Array(bytes[Int(record.start)..<Int(record.end)])
          #expect(
            EditableLine.isCanonical(record, indent: indent, in: bytes) == same,
            "seed \(seed): \(text) at indent \(indent)")
        }
      }
    }
  }

  /// A `@due` time written with ISO 8601's `T` is written with the space; nothing else
  /// in a tag's text changes.
  @Test func dueTimesTakeTheSpace() throws {
    let input =
      "- [ ]  a   @due(2024-06-01T09:30)  @x(2024-06-01T09:30)\n- [ ] b  @due(2024-06-01T24:00)\n"
    let document = try ChecklistDocument(parsing: Array(input.utf8))
    let once = ChecklistFormatter().format(document)
    #expect(
      String(decoding: once, as: UTF8.self)
        == "- [ ] a  @due(2024-06-01 09:30)  @x(2024-06-01T09:30)\n- [ ] b  @due(2024-06-01T24:00)\n"
    )
    let again = try ChecklistDocument(parsing: once)
    #expect(ChecklistFormatter().format(again) == once)
    #expect(
      again.meaning.flatMap(\.items).map(\.due) == document.meaning.flatMap(\.items).map(\.due))
  }
}
