import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// What `chk lint` reports on the real-world corpus, against a judgement of every
/// finding (`Tests/Corpus/lint-judgements.json`): the linter must report exactly the
/// judged findings (a changed rule is judged again), and the rules on by default must
/// be right on real files: at least 80% of their findings mistakes a maintainer would
/// fix, and no rule under 60%.
@Suite("Lint on the real-world corpus")
struct CorpusLintTests {
  struct Judgement: Decodable, Hashable {
    var file: String
    var line: Int
    var rule: String
    var `default`: Bool
    var verdict: String
    var reason: String
  }

  /// A line judged deliberate because of the file around it, which lint must not
  /// report (see `NearMissKind`).
  struct Context: Decodable, Hashable {
    var file: String
    var line: Int
    var rule: String
    var reason: String
  }

  struct Judgements: Decodable {
    var findings: [Judgement]
    var context: [Context]
  }

  struct Key: Hashable, CustomStringConvertible {
    var file: String
    var line: Int
    var rule: String
    var description: String { "\(file):\(line) \(rule)" }
  }

  static func judgements() throws -> [Judgement] {
    let url = Corpus.directory.appendingPathComponent("lint-judgements.json")
    return try JSONDecoder().decode(Judgements.self, from: Data(contentsOf: url)).findings
  }

  /// Every finding on the corpus with every rule on (in the files `chk lint DIR` would
  /// lint); a file that is not UTF-8 is one
  /// `invalid-utf8` finding, as `chk lint` reports it.
  static func findings() -> [Key] {
    let today = CalendarDay(year: 2026, month: 11, day: 30) ?? .today()
    var configuration = LintConfiguration(today: today)
    for rule in LintRule.all where rule.defaultSeverity == .off {
      // Date-dependent and CI-policy rules judge nothing about the file.
      if rule == .overdue || rule == .openItem || rule == .missingID { continue }
      configuration.enable(rule)
    }
    let linter = ChecklistLinter(configuration: configuration)
    var keys: [Key] = []
    for file in Corpus.files {
      do {
        let document = try ChecklistDocument(parsing: file.bytes)
        let diagnostics = linter.lint(document)
        // As `chk lint DIR` does: a file without items is linted when it has a line
        // meant as one.
        guard document.hasItems || diagnostics.contains(where: { $0.rule == .malformedCheckbox })
        else { continue }
        for diagnostic in diagnostics {
          keys.append(Key(file: file.name, line: diagnostic.line, rule: diagnostic.rule.name))
        }
      } catch let error {
        keys.append(Key(file: file.name, line: error.line ?? 1, rule: "invalid-utf8"))
      }
    }
    return keys
  }

  @Test func findingsAreExactlyTheJudgedOnes() throws {
    let judged = Set(try Self.judgements().map { Key(file: $0.file, line: $0.line, rule: $0.rule) })
    let found = Self.findings()
    #expect(Set(found).count == found.count)
    let unjudged = Set(found).subtracting(judged)
    let gone = judged.subtracting(found)
    let listed = { (keys: Set<Key>) in keys.map { "\($0)" }.sorted() }
    #expect(unjudged.isEmpty, "judge these in lint-judgements.json: \(listed(unjudged))")
    #expect(gone.isEmpty, "no longer reported: \(listed(gone))")
    let url = Corpus.directory.appendingPathComponent("lint-judgements.json")
    let context = try JSONDecoder().decode(Judgements.self, from: Data(contentsOf: url)).context
    #expect(context.count >= 10)
    for line in context {
      let key = Key(file: line.file, line: line.line, rule: line.rule)
      #expect(!found.contains(key), "reported, but judged deliberate in context: \(key)")
      #expect(Corpus.files.contains { $0.name == line.file }, "\(line.file) is not in the corpus")
    }
  }

  @Test func defaultRulesArePreciseOnRealFiles() throws {
    let judgements = try Self.judgements()
    // Real files only: peers/ holds other parsers' deliberate test cases, and a file
    // chk cannot read is not a rule's finding.
    let real = judgements.filter {
      $0.default && $0.file.hasPrefix("files/") && $0.rule != "invalid-utf8"
    }
    for rule in LintRule.all where rule.defaultSeverity != .off {
      #expect(
        judgements.allSatisfy { $0.rule != rule.name || $0.default },
        "\(rule.name) is on by default now")
    }
    var lines: [String] = []
    for (rule, findings) in Dictionary(grouping: real, by: \.rule).sorted(by: { $0.key < $1.key }) {
      let mistakes = findings.filter { $0.verdict == "mistake" }.count
      let precision = Double(mistakes) / Double(findings.count)
      lines.append("\(rule): \(mistakes) of \(findings.count)")
      #expect(precision >= 0.6, "\(rule): \(mistakes) of \(findings.count) findings are mistakes")
    }
    let mistakes = real.filter { $0.verdict == "mistake" }.count
    print(
      "lint precision on the corpus's real files: \(mistakes) of \(real.count); "
        + lines.joined(separator: ", "))
    #expect(real.count > 0)
    // The README quotes these figures; they are computed here, not typed there.
    let readme = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: " ")
    let provenance =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Corpus.directory.appendingPathComponent("PROVENANCE.json")))
      as? [[String: Any]] ?? []
    let realFiles = provenance.filter { ($0["file"] as? String)?.hasPrefix("files/") == true }
    let repositories = Set(realFiles.compactMap { $0["repo"] as? String }).count
    let manual = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk.1"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: " ")
    let judged = "judged on \(realFiles.count) real files from \(repositories) public repositories"
    for (name, text, quoted) in [
      ("README.md", readme, judged), ("man/chk.1", manual, judged),
      ("README.md", readme, "\(mistakes) of their \(real.count) rule findings are real mistakes"),
    ] {
      let found = text.contains(quoted)
      #expect(found, "\(name) should say '\(quoted)'")
    }
    #expect(
      Double(mistakes) >= 0.8 * Double(real.count),
      "\(mistakes) of \(real.count) findings are mistakes")
  }
}
