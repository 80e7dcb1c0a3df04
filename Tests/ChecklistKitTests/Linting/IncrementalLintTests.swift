import ChkTestSupport
import Testing

@testable import ChecklistKit

/// `lint(_:reusing:)`, the language server's per-keystroke lint, against a full lint of
/// the same document: random documents with what only the whole file decides (duplicate
/// IDs in different stretches, mixed line endings, near misses, inline comments, an
/// `@id` in a name's tail, sibling names used twice), random changes applied with
/// `replaceBytes` and noted in the cache, stretches of 1 to 9 lines so that a change
/// meets stretch boundaries.
@Suite("Lint: incremental")
struct IncrementalLintTests {
  /// The stream tests' lines, and siblings of one name, an `@id` in a name and a fence.
  private static let extras =
    LintStreamTests.extras + ["- [ ] same", "- [ ] see @id(k3f9)", "```"]
  /// What typing, pasting and deleting bring.
  private static let insertions = [
    "", "x", " ", "\n", "\r\n", "```", "# ", "## H\n", "- [ ] ", "[x]", "<!--", "-->\n",
    "@id(k3f9)", "  @id(zz)", " @due(2024-01-01)", "  # n", "\n\n", "- [ ] same\n", "日本",
    "<!-- chk-disable -->\n", "\r",
  ]

  static func document(_ seed: UInt64) -> [UInt8] {
    LintStreamTests.generated(seed, parts: 4, extras: extras)
  }

  @Test func changesLintAsTheWholeFileDoes() throws {
    let today = try #require(CalendarDay(year: 2024, month: 6, day: 1))
    var configuration = LintConfiguration(today: today)
    configuration.enable(LintRule.missingID)
    let linter = ChecklistLinter(configuration: configuration)
    var checks = 0
    var reused = 0
    for seed in UInt64(1)...400 {
      var document = try ChecklistDocument(parsing: Self.document(seed))
      var random = TestRandom(seed: seed &* 7)
      var sections = LintSections(stretchLines: random.int(1...9))
      #expect(linter.lint(document, reusing: &sections) == linter.lint(document), "seed \(seed)")
      for step in 0..<8 {
        let count = document.bytes.count
        let boundaries = (0...count).filter { $0 == count || document.bytes[$0] & 0xC0 != 0x80 }
        let lower = random.pick(boundaries)
        let upper = random.chance(0.5) ? lower : min(count, lower + random.int(0...40))
        let end = boundaries.first { $0 >= upper } ?? count
        let text = Array(random.pick(Self.insertions).utf8)
        let (old, new) = try document.replaceBytes(lower..<end, with: text, parsingWholeBelow: 0)
        sections.noteChange(old: old, new: new)
        let kept = sections.stretches.count
        let found = linter.lint(document, reusing: &sections)
        let expected = linter.lint(document)
        let context = "seed \(seed) step \(step): \(lower)..<\(end) with \(text)"
        #expect(found == expected, "\(context)")
        #expect(found.map(\.message) == expected.map(\.message), "\(context)")
        if kept > 0 { reused += 1 }
        checks += 1
      }
    }
    #expect(checks == 3_200)
    #expect(reused > 2_000, "most changes keep some stretches")
  }

  /// Changes that the random ones seldom make: an item added above a stretch whose
  /// message names a line (`duplicate-name`), or whose ID a later stretch repeats.
  @Test(arguments: [
    ("## Z\n- [ ] z\n## M\n- [ ] m\n## N\n- [ ] n\n## A\n- [ ] same\n- [ ] same\n", 13),
    ("## A\n- [ ] a  @id(k1)\n## B\n- [ ] b  @id(k1)\n", 22),
  ])
  func changesThatMoveStretches(_ text: String, _ offset: Int) throws {
    // A title first (a change on the first lines is parsed whole), lists last (the
    // lines after the change are parsed again through a heading).
    let title = "# Title\n\nintro\n\n"
    var document = try ChecklistDocument(
      parsing: Array((title + text + "## End\n- [ ] e\n## Last\n- [ ] l\n").utf8))
    let linter = Self.allRules
    var sections = LintSections(stretchLines: 1)
    _ = linter.lint(document, reusing: &sections)
    let at = title.utf8.count + offset
    let (old, new) = try document.replaceBytes(
      at..<at, with: Array("- [ ] new\n".utf8), parsingWholeBelow: 0)
    sections.noteChange(old: old, new: new)
    #expect(sections.stretches.count >= 2, "stretches are kept")
    let found = linter.lint(document, reusing: &sections)
    let expected = linter.lint(document)
    #expect(!expected.isEmpty)
    #expect(found == expected)
    #expect(found.map(\.message) == expected.map(\.message))
  }

  /// A heading right after another turned into text: the stretch it started is gone,
  /// and the one before, whose list now goes on, is linted again with it.
  @Test func aHeadingTurnedIntoTextJoinsTheStretchBefore() throws {
    let before = "# Title\n\n## A\n## B\n- [ ] same\n- [ ] same\n## End\n"
    let document = try ChecklistDocument(parsing: Array(before.utf8))
    var sections = LintSections(stretchLines: 1)
    _ = Self.allRules.lint(document, reusing: &sections)
    #expect(sections.stretches.map(\.lines.lowerBound).contains(3))
    // Only line 3 reads differently; the items' records are as they were.
    let after = try ChecklistDocument(parsing: Array(before.replacing("## B", with: "x B").utf8))
    sections.noteChange(old: 3..<4, new: 3..<4)
    let found = Self.allRules.lint(after, reusing: &sections)
    #expect(found.map(\.message) == Self.allRules.lint(after).map(\.message))
    #expect(found.contains { $0.message.contains("in 'A'") })
  }

  static var allRules: ChecklistLinter {
    var configuration = LintConfiguration(today: .today())
    configuration.enable(LintRule.duplicateName)
    return ChecklistLinter(configuration: configuration)
  }

  /// A new day or other rules lint everything again; the same ones reuse it all.
  @Test func aNewDayOrOtherRulesLintEverythingAgain() throws {
    let document = try ChecklistDocument(parsing: Self.document(5))
    let day = try #require(CalendarDay(year: 2024, month: 6, day: 1))
    var sections = LintSections(stretchLines: 4)
    let linter = ChecklistLinter(configuration: LintConfiguration(today: day))
    #expect(linter.lint(document, reusing: &sections) == linter.lint(document))
    var counted = document
    counted.workLog = WorkLog()
    _ = linter.lint(counted, reusing: &sections)
    #expect(counted.workLog?["linesLinted"] == 0, "nothing changed")
    let later = ChecklistLinter(configuration: LintConfiguration(today: day.adding(days: 400)!))
    #expect(later.lint(counted, reusing: &sections) == later.lint(document))
    #expect(counted.workLog?["linesLinted"] == document.lines.count)
  }

  /// One change to a file of 1,000 or 4,000 items lints about one stretch again, not the
  /// file: the work does not grow with the file.
  @Test(arguments: [1_000, 4_000])
  func oneChangeLintsOneStretchAgain(_ items: Int) throws {
    var text = ""
    for list in 0..<(items / 50) {
      text += "## List \(list)\n\n"
      for item in 0..<50 { text += "- [ ] Item \(list).\(item)  @id(i\(list)x\(item))\n" }
      text += "\n"
    }
    var document = try ChecklistDocument(parsing: Array(text.utf8))
    let linter = ChecklistLinter(configuration: LintConfiguration(today: .today()))
    var sections = LintSections(stretchLines: 200)
    _ = linter.lint(document, reusing: &sections)
    document.workLog = WorkLog()
    let offset = document.startOffset(ofLine: document.lines.count / 2) + 6
    let (old, new) = try document.replaceBytes(
      offset..<offset, with: Array("x".utf8), parsingWholeBelow: 0)
    sections.noteChange(old: old, new: new)
    let found = linter.lint(document, reusing: &sections)
    #expect(found == linter.lint(document))
    let linted = document.workLog?["linesLinted"] ?? 0
    #expect(linted > 0 && linted <= 2 * (200 + 53), "\(linted) lines linted again")
  }
}
