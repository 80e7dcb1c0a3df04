import ChkTestSupport
import Testing

@testable import ChecklistKit

/// `findingsOrStream`, which `chk lint` uses so that a file with a million findings
/// never holds them: with a tiny limit and batches of a few lines, the stream's batches,
/// put together, are exactly `lint`'s findings, in order, on generated documents (with
/// inline comments, duplicate IDs, mixed line endings and near misses mixed in) and on
/// every file of the real-world corpus.
@Suite("Lint: findings as a stream")
struct LintStreamTests {
  /// Lines that bring in what only the whole document decides, or what filters findings.
  static let extras = [
    "<!-- chk-disable tag-in-name -->", "<!-- chk-enable -->", "<!-- chk-disable -->",
    "<!-- chk-disable-next-line missing-id -->", "- [ ] dup  @id(k3f9)", "- [✓] mark",
    "- [-] alternate", "-[x] glued", "- [ ] one @due(2024-01-01)", "## Heading", "\r",
  ]

  private static func documents() -> [[UInt8]] {
    var files = Corpus.files.map(\.bytes)
    for seed in UInt64(1)...300 { files.append(generated(seed, parts: 3, extras: extras)) }
    return files
  }

  /// `parts` generated documents, each followed by one of `extras` and a heading.
  static func generated(_ seed: UInt64, parts: Int, extras: [String]) -> [UInt8] {
    var generator = DocumentGenerator(seed: seed)
    var random = TestRandom(seed: seed &* 13)
    var bytes: [UInt8] = []
    for _ in 0..<parts {
      bytes += generator.document()
      bytes += Array((random.pick(extras) + "\n").utf8)
      bytes += Array("## List\n".utf8)
    }
    return bytes
  }

  @Test(arguments: [(0, 1), (3, 2), (8, 7)])
  func theBatchesAreTheFindings(_ limit: Int, _ lines: Int) throws {
    var streamed = 0
    let today = try #require(CalendarDay(year: 2024, month: 6, day: 1))
    for bytes in Self.documents() {
      guard let document = try? ChecklistDocument(parsing: bytes) else { continue }
      var configuration = LintConfiguration(today: today)
      configuration.enable(LintRule.missingID)
      configuration.enable(LintRule.openItem)
      let linter = ChecklistLinter(configuration: configuration)
      let expected = linter.lint(document)
      switch linter.findingsOrStream(document, limit: limit) {
      case .all(let found):
        #expect(found == expected)
      case .stream(let stream):
        let batched = LintStream(
          linter: linter, document: document, wide: stream.wide, lines: lines)
        var found: [Diagnostic] = []
        batched.forEachBatch { found += $0 }
        #expect(found == expected)
        #expect(found.map(\.message) == expected.map(\.message))
        streamed += 1
      }
    }
    #expect(streamed > 100)
  }
}

extension LintStreamTests {
  /// A document linted in two halves on two threads streams when either half went past
  /// its share of the limit, not only when both did (a survivor of the generated
  /// mutants, gen-LintPass-139-logic, gave back the first half's findings cut short).
  @Test func oneHalfPastTheLimitIsEnoughToStream() throws {
    var text = "# A\n\n"
    for index in 0..<36_000 { text += "- [ ] a\(index)  @done(2024-01-01)\n" }
    text += "\n## B\n\n"
    for index in 0..<36_000 { text += "- [x] b\(index)  @done(2024-01-01)\n" }
    let document = try ChecklistDocument(parsing: Array(text.utf8))
    let linter = ChecklistLinter(
      configuration: LintConfiguration(today: try #require(CalendarDay("2024-06-01"))))
    let expected = linter.lint(document)
    #expect(expected.count == 36_000)
    switch linter.findingsOrStream(document, limit: 100) {
    case .all(let found):
      #expect(found == expected)
    case .stream(let stream):
      var found: [Diagnostic] = []
      LintStream(linter: linter, document: document, wide: stream.wide, lines: 4_096)
        .forEachBatch { found += $0 }
      #expect(found == expected)
    }
  }

  /// A quoted tag run is kept in the finding itself up to 32 bytes and as a slice of
  /// the document past that: both read as the line's bytes, around the limit.
  @Test func quotesOfEveryLengthReadAsTheLine() throws {
    for length in 24...40 {
      let value = String(repeating: "n", count: length - "@icon()".count)
      let quoted = "@icon(\(value))"
      let document = try ChecklistDocument(parsing: "- [ ] call \(quoted)\n")
      let today = try #require(CalendarDay(year: 2024, month: 6, day: 1))
      let linter = ChecklistLinter(configuration: LintConfiguration(today: today))
      let found = linter.lint(document).filter { $0.rule == .tagInName }
      #expect(found.count == 1)
      #expect(found.first?.message.hasPrefix("'\(quoted)' is part of the name") == true)
      var bytes: [UInt8] = []
      found.first?.appendMessage(to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == found.first?.message)
    }
  }
}

extension LintStreamTests {
  /// A report that does not show fixes (`findsFixes` off, as for `chk lint`'s line
  /// formats) has the same findings, each with no fix: on generated documents and every
  /// file of the real-world corpus.
  @Test func findingsWithoutFixesAreTheSameFindings() throws {
    let today = try #require(CalendarDay(year: 2024, month: 6, day: 1))
    var compared = 0
    for bytes in Self.documents() {
      guard let document = try? ChecklistDocument(parsing: bytes) else { continue }
      var configuration = LintConfiguration(today: today)
      configuration.enable(LintRule.missingID)
      let withFixes = ChecklistLinter(configuration: configuration).lint(document)
      configuration.findsFixes = false
      let without = ChecklistLinter(configuration: configuration).lint(document)
      #expect(without.allSatisfy { !$0.isFixable })
      var unfixed = withFixes
      for index in unfixed.indices { unfixed[index].isFixable = false }
      #expect(without == unfixed)
      compared += withFixes.filter(\.isFixable).count
    }
    #expect(compared > 100)
  }
}
