import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// `chk fmt` never changes what GitHub renders: cmark-gfm's HTML before and after
/// formatting is the same (white space in text collapsed, as a browser shows it).
@Suite("fmt keeps GitHub's rendering")
struct FormatRenderingTests {
  static let seed = RenderingOracle.seed(default: 20_261_130)
  static let count = RenderingOracle.count(default: 3_000)

  @Test func generatedDocuments() throws {
    guard let oracle = try RenderingOracle.forTest("fmt rendering on generated documents") else {
      return
    }
    var documents = RenderingDocuments(seed: Self.seed)
    var cases: [RenderingOracle.Case] = []
    for _ in 0..<Self.count {
      let text = documents.next()
      let formatted = ChecklistFormatter().format(try TestSupport.document(text))
      cases.append(
        RenderingOracle.Case(before: text, after: String(decoding: formatted, as: UTF8.self)))
    }
    print("fmt rendering: \(cases.count) documents, seed \(Self.seed) (CHK_ORACLE_SEED)")
    let verdicts = try oracle.compare(cases)
    let failures = zip(cases, verdicts).filter { !$1.same }
    RenderingOracle.dump(failures.map { ($0.0, $0.1) }, name: "fmt")
    for (testCase, verdict) in failures.prefix(5) {
      Issue.record(
        """
        seed \(Self.seed): fmt changed the rendering of
        \(testCase.before.debugDescription)
        into
        \(testCase.after.debugDescription)
        before: \(verdict.before ?? "")
        after:  \(verdict.after ?? "")
        """)
    }
    #expect(
      failures.count == 0, "\(failures.count) of \(cases.count) documents (seed \(Self.seed))")
  }
}
