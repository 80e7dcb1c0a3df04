import ChkTestSupport
import Testing

@testable import ChecklistKit

/// A lint table row: a document, the findings it must give (`line:column-endColumn
/// rule`), and what `--fix` must make of it.
struct LintCase: CustomTestStringConvertible, Sendable {
  let label: String
  let text: String
  let enable: [String]
  let expected: [String]
  let fixed: String?

  init(
    _ label: String, _ text: String, enable: [String] = [], _ expected: [String],
    fixed: String? = nil
  ) {
    self.label = label
    self.text = text
    self.enable = enable
    self.expected = expected
    self.fixed = fixed
  }

  var testDescription: String { label }
}

let lintToday = CalendarDay(year: 2024, month: 3, day: 10) ?? .today()

func linter(enabling names: [String] = []) -> ChecklistLinter {
  var configuration = LintConfiguration(today: lintToday)
  for name in names {
    if let rule = LintRule.named(name) { configuration.enable(rule) }
  }
  return ChecklistLinter(configuration: configuration)
}

func summary(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.line):\($0.column)-\($0.endColumn) \($0.rule.name)" }
}

@Suite("Linter rules")
struct LinterTests {
  static let cases: [LintCase] = [
    LintCase("clean file", "## L\n\n- [ ] a  @id(a1)\n- [x] b  @done(2024-01-02)  @id(b2)\n", []),
    LintCase(
      "tags or a note but no name", "- [ ]\n- [ ]   @id(x1)\n- [x]  # why\n",
      ["2:3-6 empty-name", "3:3-6 empty-name"]),
    LintCase(
      "box-only placeholders when enabled", "- [ ]\n- [x]\n- [ ] a\n- [ ]  @id(x1)\n",
      enable: ["empty-item"], ["1:3-6 empty-item", "2:3-6 empty-item", "4:3-6 empty-name"]),
    LintCase("box-only placeholders off by default", "- [ ]\n- [x]\n", []),
    LintCase("empty list name", "##\n## \t\n", ["1:1-3 empty-name", "2:1-5 empty-name"]),
    LintCase(
      "duplicate ID at each later copy",
      "- [ ] a  @id(k3f9)\n- [ ] b  @id(k3f9)\n## L  @id(k3f9)\n",
      ["2:10-19 duplicate-id", "3:7-16 duplicate-id"]),
    LintCase("IDs are case-sensitive", "- [ ] a  @id(ab)\n- [ ] b  @id(AB)\n", []),
    LintCase(
      "invalid IDs",
      "- [ ] a  @id(bad id)\n- [ ] b  @id\n- [ ] c  @id(\(String(repeating: "x", count: 33)))\n",
      ["1:10-21 invalid-id", "2:10-13 invalid-id", "3:10-48 invalid-id"]),
    LintCase(
      "invalid dates", "- [x] a  @done(2024-02-30)\n- [ ] b  @due(2024-1-2)\n- [x] c  @done\n",
      ["1:10-27 invalid-date", "2:10-24 invalid-date", "3:10-15 invalid-date"]),
    LintCase(
      "due times",
      "- [ ] a  @due(2024-06-01 09:30)\n- [ ] b  @due(2024-06-01T09:30)\n"
        + "- [ ] c  @due(2024-06-01 24:00)\n- [ ] d  @due(2024-06-01 9:30)\n",
      ["3:10-32 invalid-date", "4:10-31 invalid-date"]),
    LintCase(
      "reminders",
      "- [ ] a  @due(2024-06-01)  @remind(30 minutes before)\n"
        + "- [ ] b  @due(2024-06-01)  @remind(soon)\n- [ ] c  @remind(09:00)\n"
        + "- [ ] d  @due(2024-06-01)  @remind(off)\n",
      ["2:28-41 invalid-remind", "3:10-24 invalid-remind"]),
    LintCase(
      "duplicate known tags",
      "- [x] a  @done(2024-01-01)  @done(2024-01-02)  @id(a)  @id(b)\n## L  @icon(x)  @icon(y)\n",
      ["1:29-46 duplicate-tag", "1:56-62 duplicate-tag", "2:17-25 duplicate-tag"]),
    LintCase("unknown tags may repeat", "- [ ] a  @home  @home\n", []),
    LintCase(
      "done on an unchecked item", "- [ ] a  @done(2024-01-02)  @id(a1)\n",
      ["1:10-27 done-unchecked"], fixed: "- [ ] a  @id(a1)\n"),
    LintCase(
      "near-miss checkboxes",
      "- [-] a\n* [] b\n1. [ x] c\n- [x ] d\n-[ ] e\n- [ ]f\n  + [/] h\n- [ ] an item\n",
      [
        "2:3-5 malformed-checkbox", "3:4-8 malformed-checkbox", "4:3-7 malformed-checkbox",
        "5:2-5 malformed-checkbox", "6:3-6 malformed-checkbox",
      ]),
    LintCase(
      // tldr pages mark an option's letter with `[x]`, glued to the word; a file with no
      // items at all means no checkbox by it.
      "a glued box in a file without items is not a near miss",
      "# tar\n\n- [x]Extract an archive:\n\n`tar xf file.tar`\n\n-[c]reate one\n* [] but this is\n",
      ["8:3-5 malformed-checkbox"]),
    LintCase(
      // A file with alternate statuses (Obsidian's `[/]`, `[-]`) uses `[*]` as one more.
      "a check mark among alternate statuses is a status",
      "- [ ] a\n- [/] b\n- [*] star\n- [✓] tick\n- [] empty\n",
      ["5:3-5 malformed-checkbox"]),
    LintCase(
      // Among [ ] and [x] items only (a Kubernetes KEP), `[*]` is a mistake.
      "a check mark among plain items is a near miss",
      "- [ ] a\n- [x] b\n- [*] starred\n",
      ["3:3-6 malformed-checkbox"]),
    LintCase(
      "alternate statuses and bracketed words are not near misses",
      "- [-] a\n- [/] b\n- [>] c\n- [?] d\n- [~] e\n- [WIP] f\n- [!] g\n- [<] h\n", []),
    LintCase(
      "links and code are not near misses",
      "- [x](https://x.org) link\n- [a] ref\n- [ ]: ref def\n```\n- [-] code\n```\n> - [-] quote\n",
      []),
    LintCase(
      // With an item in the file, so that a glued box would be reported.
      "full and collapsed reference links are not near misses",
      "- [ ] an item\n- [x][1] see\n- [a][] b\n- [ ][x]\n\n[1]: https://x.org\n[a]: https://y.org\n",
      []),
    LintCase(
      "known tag inside the name", "- [ ] Pay rent @due(2024-04-01)\n",
      ["1:16-32 tag-in-name"], fixed: "- [ ] Pay rent  @due(2024-04-01)\n"),
    LintCase(
      "tag in name with real tags after", "- [x] Post @done(2024-01-02)  @id(p1)\n",
      ["1:12-29 tag-in-name"], fixed: "- [x] Post  @done(2024-01-02)  @id(p1)\n"),
    LintCase(
      "tag in name that would raise a finding is not fixed",
      "- [ ] Post @done(2024-01-02)\n- [ ] Call @due(2024-02-30)\n- [ ] Ask @due(2024-05-01) Bob\n",
      ["1:12-29 tag-in-name", "2:12-28 tag-in-name", "3:11-15 tag-in-name"]),
    LintCase(
      // Moved out, the same key twice would be a duplicate-tag finding.
      "a tag twice in the name is not fixed",
      "- [ ] Pay @due(2024-04-01) @due(2024-04-02)\n", ["1:11-44 tag-in-name"]),
    LintCase(
      // Two spaces are there: what is missing is the blank between the tags.
      "tags glued together are in the name, and not fixed",
      "- [ ] k  @due(2024-01-01)@id(zz)\n", ["1:10-33 tag-in-name"]),
    LintCase(
      "a repeat in the name is moved out when the item has a due day",
      "- [ ] Bin @every(week)  @due(2024-04-01)\n", ["1:11-23 tag-in-name"],
      fixed: "- [ ] Bin  @every(week)  @due(2024-04-01)\n"),
    LintCase("@home after one space is just the name", "- [ ] Work @home\n", []),
    LintCase("a last line of digits alone is not a list marker", "- [ ] a\n12345", []),
    LintCase("an @ glued to a word is not a tag", "- [ ] Mail bob@due(2024-04-01) now\n", []),
    LintCase(
      "checkbox in text", "- [ ] see [x] and [X](url)\n- [x] fine [x]\n- [ ] note  # [X]\n",
      ["1:11-14 checkbox-in-text", "3:15-18 checkbox-in-text"],
      fixed: "- [ ] see [x\\] and [X\\](url)\n- [x] fine [x]\n- [ ] note  # [X]\n"),
    LintCase(
      "duplicate names in one list", "## A\n- [ ] Milk\n- [ ] Milk\n## B\n- [ ] Milk\n",
      enable: ["duplicate-name"], ["3:7-11 duplicate-name"]),
    LintCase(
      "same name under different parents is fine",
      "- [ ] Mon\n  - [ ] Run\n- [ ] Tue\n  - [ ] Run\n  - [ ] Run\n",
      enable: ["duplicate-name"], ["5:9-12 duplicate-name"]),
    LintCase("duplicate names off by default", "- [ ] a\n- [ ] a\n", []),
    LintCase(
      "escaped and plain names match", "- [ ] a\\#b\n- [ ] a#b\n", enable: ["duplicate-name"],
      ["2:7-10 duplicate-name"]),
    LintCase(
      "open children", "- [x] a\n  - [ ] b\n  - [x] c\n  - [ ] d\n- [ ] e\n  - [ ] f\n",
      enable: ["open-children"], ["1:3-6 open-children"]),
    LintCase("open children off by default", "- [x] a\n  - [ ] b\n", []),
    LintCase(
      "mixed line endings", "a\r\nb\nc\nd\r\n", ["1:2-4 mixed-line-endings"]),
    LintCase(
      "missing IDs when enabled", "- [ ] a\n- [ ] b  @id(b1)\n", enable: ["missing-id"],
      ["1:3-6 missing-id"]),
    LintCase("missing IDs off by default", "- [ ] a\n", []),
    LintCase(
      "overdue when enabled",
      "- [ ] a  @due(2024-03-09)\n- [ ] b  @due(2024-03-10)\n- [x] c  @due(2024-01-01)\n",
      enable: ["overdue"], ["1:10-26 overdue"]),
    LintCase(
      "open items when enabled", "- [ ] a\n- [x] b\n", enable: ["open-item"], ["1:3-6 open-item"]),
    LintCase(
      "inline comments",
      """
      <!-- chk-disable empty-name -->
      - [ ]  @id(a)
      <!-- chk-enable empty-name -->
      - [ ]  @id(b)
      <!-- chk-disable-next-line -->
      - [] x
      - [] y
      <!-- chk-disable -->
      - [ ]  @id(c)
      <!-- chk-enable malformed-checkbox -->
      - [] z

      """, ["4:3-6 empty-name", "7:3-5 malformed-checkbox", "11:3-5 malformed-checkbox"]),
    LintCase("items in code are not linted", "```\n- [ ]\n```\n", []),
  ]

  @Test(arguments: cases)
  func rule(_ row: LintCase) throws {
    let document = try TestSupport.document(row.text)
    let found = linter(enabling: row.enable).lint(document)
    #expect(summary(found) == row.expected)
    for diagnostic in found {
      #expect(diagnostic.message.first?.isUppercase != true, "\(diagnostic.message)")
    }
    if let fixed = row.fixed {
      var copy = document
      let report = try linter(enabling: row.enable).fix(&copy)
      #expect(String(decoding: copy.serialized(), as: UTF8.self) == fixed)
      #expect(report.fixed > 0)
    }
  }

  /// A tag in the name is offered a fix only when, moved out, it would raise no finding
  /// of its own: a repeat that is no rule, or one without a due day, stays.
  @Test func tagsInTheNameThatWouldBeWrongAsTagsAreNotFixable() throws {
    let document = try TestSupport.document(
      "- [ ] Bin @every(sometimes)  @due(2024-04-01)\n- [ ] Bin @every(week)\n"
        + "- [ ] Bin @every(week)  @due(2024-04-01)\n- [ ] Call @remind(soon)  @due(2024-04-01)\n"
        + "- [ ] Call @remind(09:00)  @due(2024-04-01)\n")
    let found = linter(enabling: []).lint(document).filter { $0.rule == .tagInName }
    #expect(found.map(\.line) == [1, 2, 3, 4, 5])
    #expect(found.map(\.isFixable) == [false, false, true, false, true])
  }

  @Test func messagesQuoteTheOffendingText() throws {
    let document = try TestSupport.document(
      "## Groceries\n- [ ] Milk  @id(k3f9)\n- [ ] Milk  @id(k3f9)\n- [x] Eggs  @done(2024-13-45)\n")
    let messages = linter(enabling: ["duplicate-name"]).lint(document).map(\.message)
    #expect(
      messages == [
        "another item in 'Groceries' is named 'Milk' (line 2)",
        "duplicate ID 'k3f9' (first used on line 2); give this copy a new ID",
        "'2024-13-45' in @done is not a real day; write YYYY-MM-DD, e.g. 2024-02-29",
      ])
  }

  @Test func fixGivesLaterCopiesNewIDsAndTouchesNothingElse() throws {
    let text = "- [ ]   untouched  @id(a)\n- [ ]   copy  @id(a)\n- [x]   also fine\n"
    var document = try TestSupport.document(text)
    document.idGenerator = .seeded(4)
    let report = try linter().fix(&document)
    let id = generatedIDs(seed: 4, count: 1)[0]
    #expect(
      String(decoding: document.serialized(), as: UTF8.self)
        == "- [ ]   untouched  @id(a)\n- [ ] copy  @id(\(id))\n- [x]   also fine\n")
    #expect(report.fixed == 1)
    #expect(report.remaining.isEmpty)
  }

  @Test func fixAssignsMissingIDsOnlyWhenEnabled() throws {
    var document = try TestSupport.document("- [ ] a\n- [ ] b\n")
    _ = try linter().fix(&document)
    #expect(document.serialized() == Array("- [ ] a\n- [ ] b\n".utf8))
    let report = try linter(enabling: ["missing-id"]).fix(&document)
    #expect(report.fixed == 2)
    #expect(document.items.allSatisfy { $0.id != nil })
  }

  @Test func severitiesCanBeChanged() throws {
    var configuration = LintConfiguration(today: lintToday)
    configuration.set(.emptyName, to: .warning)
    configuration.enable(.duplicateName)
    configuration.disable(.duplicateName)
    let found = ChecklistLinter(configuration: configuration).lint(
      try TestSupport.document("- [ ]  @id(x)\n- [ ] a\n- [ ] a\n"))
    #expect(found.map(\.severity) == [.warning])
  }

  /// Duplicate IDs, found by sorting hashes, match a plain dictionary of first uses on
  /// 200 documents of 400 items whose IDs come from pools of 30 to 3,000.
  @Test func duplicateIDsMatchADictionary() throws {
    for seed in UInt64(1)...200 {
      var random = TestRandom(seed: seed)
      let pool = random.pick([30, 300, 3_000])
      var text = ""
      var firstUse: [String: Int] = [:]
      var expected: [String] = []
      for line in 1...400 {
        let id = "i" + String(random.int(0...(pool - 1)), radix: 36)
        text += "- [x] item \(line)  @done(2024-01-01)  @id(\(id))\n"
        if let first = firstUse[id] {
          expected.append("\(line) \(first)")
        } else {
          firstUse[id] = line
        }
      }
      let found = linter().lint(try TestSupport.document(text)).filter { $0.rule == .duplicateID }
      let described = found.map { finding in
        let first = finding.message.split(separator: " ").drop { $0 != "line" }.dropFirst().first
        return "\(finding.line) \(first.map { $0.filter(\.isNumber) } ?? "")"
      }
      #expect(described == expected, "seed \(seed)")
    }
  }

  /// Linting in two halves (split at a heading, on two threads) finds exactly what one
  /// pass finds, with every rule on, on the samples and 1,500 generated documents.
  @Test func halvesFindWhatOnePassFinds() throws {
    let all = LintRule.all.map(\.name)
    var inputs = try TestSupport.sampleNames.map(TestSupport.sampleBytes)
    for seed in UInt64(1)...1_500 {
      var generator = DocumentGenerator(seed: seed)
      inputs.append(generator.document())
    }
    for (index, bytes) in inputs.enumerated() {
      let document = try ChecklistDocument(parsing: bytes)
      let whole = linter(enabling: all).findings(in: document, parallelThreshold: .max)
      let halves = linter(enabling: all).findings(in: document, parallelThreshold: 0)
      #expect(halves.map(\.diagnostic) == whole.map(\.diagnostic), "input \(index)")
      #expect(halves.map(\.fix) == whole.map(\.fix), "input \(index)")
    }
  }

  /// The rules that are off by default have the severity the format gives them when
  /// enabled.
  @Test func enabledRulesHaveTheirDocumentedSeverities() throws {
    let document = try ChecklistDocument(
      parsing: Array("- [ ] a  @due(2024-01-01)\n- [ ] a\n- [ ]\n".utf8))
    let found = linter(enabling: ["open-item", "overdue", "duplicate-name", "empty-item"]).lint(
      document)
    var severities: [String: Severity] = [:]
    for finding in found { severities[finding.rule.name] = finding.severity }
    #expect(
      severities == [
        "open-item": .error, "overdue": .warning, "duplicate-name": .warning,
        "empty-item": .warning,
      ])
  }

  /// The mutation the issue found: checked sub-items are not open ones. A checked item
  /// whose sub-items are all checked is fine; the message counts only the open ones.
  @Test func openChildrenCountsOnlyUncheckedSubItems() throws {
    let allDone = try ChecklistDocument(
      parsing: Array("- [x] a\n  - [x] b\n  - [x] c\n    - [x] d\n".utf8))
    #expect(linter(enabling: ["open-children"]).lint(allDone).isEmpty)
    let someOpen = try ChecklistDocument(
      parsing: Array("- [x] a\n  - [ ] b\n  - [x] c\n  - [ ] d\n".utf8))
    #expect(
      linter(enabling: ["open-children"]).lint(someOpen).map(\.message) == [
        "'a' is checked but 2 of its sub-items are not"
      ])
  }

  @Test func everyRuleHasAStableName() {
    #expect(LintRule.all.count == 20)
    #expect(Set(LintRule.all.map(\.name)).count == 20)
    for rule in LintRule.all {
      #expect(rule.name.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(LintRule.named(rule.name) == rule)
      #expect("\(rule)" == rule.name)
    }
  }

  /// Severities order as a reader ranks them, for callers that sort findings.
  @Test func severitiesOrderFromOffToError() {
    #expect(Severity.off < .warning && Severity.warning < .error)
    #expect(Severity.allCases.sorted() == [.off, .warning, .error])
    #expect(!(Severity.error < .error))
  }
}
