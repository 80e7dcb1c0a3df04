import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// Edits that add, move or remove an item keep every ordered list numbered as it was
/// written (`1. 2. 3.` stays a sequence from its start, `1. 1. 1.` stays so), and GitHub
/// still renders each list from the number it started at: cmark-gfm's HTML of the rest
/// of the document, `<ol start>` included, is the same before and after.
@Suite("Ordered lists keep their numbering through edits")
struct OrderedNumberingTests {
  static let seed = RenderingOracle.seed(default: 9_191)
  static let count = RenderingOracle.count(default: 400)

  /// A document of tight task lists, some ordered (in sequence, or all one number,
  /// with `.` or `)`), some with sub-items, some long enough to reach two digits.
  static func document(_ random: inout TestRandom) -> String {
    var text = "# Title\n"
    for list in 0..<random.int(1...3) {
      text += "\n## List \(list)\n\n"
      let ordered = random.chance(0.8)
      let same = random.chance(0.25)
      let start = random.pick([1, 1, 3, 8])
      let delimiter = random.pick([".", ")"])
      for index in 0..<random.int(1...12) {
        let number = same ? start : start + index
        let bullet = ordered ? "\(number)\(delimiter) " : "- "
        text += "\(bullet)[ ] item \(list)-\(index)\n"
        if random.chance(0.2) {
          let indent = String(repeating: " ", count: bullet.count)
          text += "\(indent)- [ ] sub \(list)-\(index)\n"
        }
      }
    }
    return text
  }

  /// The numbers of every ordered run, top-level items only, as the parser sees them.
  static func runs(_ document: ChecklistDocument) -> [[Int]] {
    var runs: [[Int]] = []
    var seen = Set<Int>()
    for index in document.lines.indices where document.lines[index].depth == 1 {
      guard !seen.contains(index), document.orderedNumber(ofLine: index) != nil else { continue }
      let run = document.orderedRun(around: index)
      seen.formUnion(run)
      runs.append(run.compactMap { document.orderedNumber(ofLine: $0)?.number })
    }
    return runs
  }

  static func isWellNumbered(_ numbers: [Int]) -> Bool {
    guard let first = numbers.first else { return true }
    return numbers.allSatisfy { $0 == first }
      || numbers.indices.allSatisfy { numbers[$0] == first + $0 }
  }

  @Test("moves, additions and removals keep each list's numbers and its start")
  func editsKeepNumbering() throws {
    var random = TestRandom(seed: Self.seed)
    var cases: [(String, RenderingOracle.Case)] = []
    for round in 0..<Self.count {
      let text = Self.document(&random)
      var document = try ChecklistDocument(parsing: Array(text.utf8))
      let items = document.lines.indices.filter {
        document.lines[$0].kind == .item && document.lines[$0].depth == 1
      }
      let line = random.pick(items) + 1
      let other = random.pick(items) + 1
      let before = document
      var testCase: RenderingOracle.Case
      var name: String
      switch random.int(0...3) {
      case 0:
        name = "rm line \(line)"
        try document.deleteItem(.line(line))
        testCase = .init(before: before.text, after: document.text, beforeDrop: [line])
      case 1:
        name = "add after line \(line)"
        let id = try document.addItem(named: "new", at: .after(.line(line)))
        testCase = .init(
          before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
      default:
        guard line != other else { continue }
        let after = random.chance(0.5)
        name = "mv line \(line) \(after ? "after" : "before") line \(other)"
        let id = try document.assignID(to: .line(line))
        let withID = document
        do {
          try document.moveItem(.id(id), to: after ? .after(.line(other)) : .before(.line(other)))
        } catch {
          continue
        }
        testCase = .init(
          before: withID.text, after: document.text, beforeDrop: [line],
          afterDrop: document.itemLines(withID: id))
      }
      for numbers in Self.runs(document) {
        #expect(
          Self.isWellNumbered(numbers),
          "round \(round), \(name): \(numbers) in\n\(before.text)\n→\n\(document.text)")
      }
      cases.append((name, testCase))
    }
    // The numbers are checked above with or without the renderer.
    guard let oracle = try RenderingOracle.find() ?? RenderingOracle.forTest("ordered numbering")
    else { return }
    let verdicts = try oracle.compare(cases.map(\.1))
    let failures = zip(cases, verdicts).filter { !$0.1.same }
    RenderingOracle.dump(failures.map { ($0.0.1, $0.1) }, name: "ordered-numbering")
    #expect(failures.isEmpty, "\(failures.count) of \(cases.count): \(failures.first?.0.0 ?? "")")
  }

  @Test("a ninth item becoming the tenth carries its sub-items to the wider column")
  func widerNumberShiftsSubItems() throws {
    var lines = (1...9).map { "\($0). [ ] item \($0)" }
    lines.append("   - [ ] under nine")
    let text = "## L\n\n" + lines.joined(separator: "\n") + "\n10. [ ] ten\n"
    var document = try ChecklistDocument(parsing: Array(text.utf8))
    let id = try document.addItem(named: "first", at: .before(.line(3)))
    #expect(document.text.contains("1. [ ] first  @id(\(id))\n2. [ ] item 1\n"))
    #expect(
      document.text.hasSuffix("10. [ ] item 9\n    - [ ] under nine\n11. [ ] ten\n"),
      "\(document.text)")
    #expect(document.itemFields(atLine: 13)?.name == "under nine")
    #expect(document.itemFields(atLine: 13)?.isChecked == false)
    try document.deleteItem(.id(id))
    #expect(document.text == text)
  }

  /// Archiving checked items out of an ordered list keeps the rest numbered from its
  /// start.
  @Test func archivingKeepsTheNumbering() throws {
    let text = "## L\n\n1. [x] a  @id(a)\n2. [ ] b  @id(b)\n3. [x] c  @id(c)\n4. [ ] d  @id(d)\n"
    var document = try ChecklistDocument(parsing: Array(text.utf8))
    #expect(try document.archiveCheckedItems(from: nil, to: "Archive") == 2)
    #expect(document.text.hasPrefix("## L\n\n1. [ ] b  @id(b)\n2. [ ] d  @id(d)\n"))
    for numbers in Self.runs(document) { #expect(Self.isWellNumbered(numbers), "\(numbers)") }
  }
}
