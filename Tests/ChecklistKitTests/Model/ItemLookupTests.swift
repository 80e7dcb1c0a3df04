import ChkTestSupport
import Testing

@testable import ChecklistKit

@Suite("Finding items by ID")
struct ItemLookupTests {
  /// The lookup as a plain walk over every line: the first `@id` tag of each item.
  private func linesByWalking(_ document: ChecklistDocument, _ id: String) -> [Int] {
    let wanted = Array(id.utf8)
    return document.bytes.withUnsafeBufferPointer { buffer in
      document.lines.indices.filter { index in
        guard document.lines[index].kind == .item,
          let value = ParsedLine(document.lines[index], buffer).idRange
        else { return false }
        return buffer[value].elementsEqual(wanted)
      }
    }
  }

  @Test(arguments: [
    ("- [ ] a  @id(x)\n", "x", [0]),
    ("- [ ] a  @id(xy)\n- [ ] b  @id(x)\n", "x", [1]),
    ("- [ ] a  @id(x)\n- [ ] b  @id(x)\n", "x", [0, 1]),
    ("- [ ] a  @id(y)  @id(x)\n", "x", []),
    ("- [ ] a  @id(x)  @id(x)\n", "x", [0]),
    ("- [ ] a  # see @id(x)\n", "x", []),
    ("- [ ] call @id(x) back\n", "x", []),
    ("## L  @id(x)\n- [ ] a\n", "x", []),
    ("@id(x)\n- [ ] a  @id(x\n", "x", []),
    ("- [ ] a  @id(a\\)b)\n", "a\\)b", [0]),
    ("- [ ] a  @id()\n", "", [0]),
    ("\u{FEFF}- [ ] a  @id(x)", "x", [0]),
    ("- [ ] a\n  - [x] b  @done(2024-01-02)  @id(x)\r\n", "x", [1]),
  ])
  func findsOnlyTheFirstIDTagOfItems(_ text: String, _ id: String, _ expected: [Int]) throws {
    let document = try TestSupport.document(text)
    #expect(document.itemIndices(withID: id) == expected)
    #expect(linesByWalking(document, id) == expected)
  }

  @Test func agreesWithAWalkOverEveryLine() throws {
    for seed in UInt64(1)...2_000 {
      var generator = DocumentGenerator(seed: seed)
      let document = try ChecklistDocument(parsing: generator.document())
      for id in ["k3f9", "p0qz", "k3f", "bad id", "bad", "", "a\\)b", "2024-01-02"] {
        #expect(
          document.itemIndices(withID: id) == linesByWalking(document, id),
          "seed \(seed), id \(id.debugDescription)")
      }
    }
  }

  /// The list an item is in: the heading above it, the first line's too; before any
  /// heading, the unnamed list.
  @Test func anItemsListIsTheHeadingAboveIt() throws {
    let document = try TestSupport.document("# Home\n- [ ] a\n## Later\n\n- [ ] b\n")
    #expect(document.list(containing: .line(2)) == .line(1))
    #expect(document.list(containing: .line(5)) == .line(3))
    #expect(document.list(containing: .line(3)) == nil)
    let unnamed = try TestSupport.document("- [ ] a\n# Home\n")
    #expect(unnamed.list(containing: .line(1)) == .unnamed)
  }

  /// Front matter opens with `---` and blanks only: its lines are no items; `---x` opens
  /// none.
  @Test func frontMatterOpensWithDashesAndBlanksOnly() throws {
    let blanks = try TestSupport.document("---  \n- [ ] in front matter\n---\n- [ ] a\n")
    #expect(blanks.items.map(\.name) == ["a"])
    let text = try TestSupport.document("---x\n- [ ] b\n---\n- [ ] a\n")
    #expect(text.items.map(\.name) == ["b", "a"])
  }
}
