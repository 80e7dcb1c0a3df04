import Testing

@testable import ChecklistKit

/// HTML tags at the edges of a file and of CommonMark's attribute grammar: a tag cut
/// off by the end of the file is read without reading past it, and an unquoted
/// attribute value with a backtick is no tag (so no HTML block), as cmark-gfm reads it.
@Suite("HTML at the edges")
struct HTMLEdgeTests {
  @Test(arguments: [
    "<div a=\"x", "<div a='x", "<div a=", "<div a", "- [ ] a\n<div class=\"x", "<x a=b",
    // Not block tags: CommonMark's type 7, whose attributes are read one by one.
    "<x a", "<x a ", "<x a=\"b", "<x a='b", "<x a=", "- [ ] a\n\n<x a=\"b",
  ])
  func aTagCutOffByTheEndOfTheFileParses(_ text: String) throws {
    let document = try ChecklistDocument(parsing: Array(text.utf8))
    #expect(document.serialized() == Array(text.utf8))
  }

  @Test func anUnquotedValueWithABacktickIsNoTag() throws {
    let document = try ChecklistDocument(parsing: Array("<x a=b`c>\n- [ ] item\n".utf8))
    #expect(document.lists.flatMap(\.items).map(\.name) == ["item"])
    let tag = try ChecklistDocument(parsing: Array("<x a=bc>\n- [ ] item\n".utf8))
    #expect(tag.lists.flatMap(\.items).isEmpty, "an HTML block runs to a blank line")
  }
}
