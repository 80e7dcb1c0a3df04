import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Nesting thousands of levels deep: linear to parse, with spaces or tabs, and item
/// values capped in depth so nothing recurses without end.
@Suite("Deep nesting")
struct DeepNestingTests {
  /// Items nested `depth` levels, each indented to its parent's content, with tabs
  /// (4 columns) where they fit.
  static func nested(_ depth: Int, tabs: Bool) -> [UInt8] {
    var text = ""
    for level in 0..<depth {
      let column = 2 * level
      text +=
        (tabs
          ? String(repeating: "\t", count: column / 4) + String(repeating: " ", count: column % 4)
          : String(repeating: " ", count: column)) + "- [ ] level \(level)\n"
    }
    return Array(text.utf8)
  }

  /// The blanks looked at stay within twice the file's bytes at two depths: before,
  /// every open item scanned the rest of the line's tabs again (cubic in the depth).
  @Test(arguments: [false, true])
  func parsingDeepNestingIsLinear(_ tabs: Bool) throws {
    for depth in [400, 1_600] {
      let bytes = Self.nested(depth, tabs: tabs)
      let scanned = DocumentParser.blanksScanned(bytes)
      #expect(scanned <= 2 * bytes.count, "depth \(depth): \(scanned) for \(bytes.count) bytes")
      let document = try ChecklistDocument(parsing: bytes)
      #expect(document.items.count == depth)
    }
  }

  /// 3,000 levels: the values nest at most `maximumItemNesting` deep (deeper items
  /// are siblings at that depth), every item is there once, and building, comparing,
  /// counting and freeing them does not overflow the stack.
  @Test func itemValuesAreCappedInDepth() throws {
    let document = try ChecklistDocument(parsing: Self.nested(3_000, tabs: false))
    let lists = document.lists
    #expect(lists == document.lists)
    var depth = 0
    var level = lists[0].items
    while let first = level.first {
      depth += 1
      level = first.children
    }
    // 256, as chk(1) documents it (killed the mutant `nesting-cap-off-by-one`).
    #expect(depth == ChecklistDocument.maximumItemNesting)
    #expect(ChecklistDocument.maximumItemNesting == 256)
    #expect(lists[0].allItems.map(\.line) == Array(1...3_000))
    #expect(lists[0].openCount == 3_000)
    #expect(document.items.count == 3_000)
  }
}
