import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// Documents whose task items were recorded from cmark-gfm, GitHub's renderer, by
/// `Tests/Helpers/gfm_oracle.py`: chk must find exactly the same items, parents and
/// states.
@Suite("Parser agrees with cmark-gfm")
struct OracleTests {
  private struct Fixture: Decodable {
    struct Case: Decodable {
      var text: String
      var items: [[Int]]
    }
    var seed: Int
    var cases: [Case]
  }

  @Test func everyRecordedDocument() throws {
    let url = TestSupport.fixturesDirectory.appendingPathComponent("gfm-oracle.json")
    let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    #expect(fixture.cases.count > 1000)
    var itemCount = 0
    for (index, testCase) in fixture.cases.enumerated() {
      let document = try TestSupport.document(testCase.text)
      let found = Self.items(of: document)
      itemCount += found.count
      #expect(found == testCase.items, "document \(index):\n\(testCase.text)")
    }
    #expect(itemCount > 1000)
  }

  /// `[line, parent line or 0, checked]` for every item, like the oracle.
  private static func items(of document: ChecklistDocument) -> [[Int]] {
    var result: [[Int]] = []
    var open: [(line: Int, last: Int)] = []
    for (index, record) in document.lines.enumerated() {
      if record.kind == .heading { open = [] }
      guard record.kind == .item else { continue }
      while let top = open.last, top.last < index { open.removeLast() }
      result.append([index + 1, open.last.map { $0.line + 1 } ?? 0, record.isChecked ? 1 : 0])
      open.append((index, Int(record.last)))
    }
    return result
  }
}
