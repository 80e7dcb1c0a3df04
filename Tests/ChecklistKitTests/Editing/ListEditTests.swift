import ChkTestSupport
import Testing

@testable import ChecklistKit

@Suite("Edits: lists")
struct ListEditTests {
  @Test func addListAtTheLevelOfTheLists() throws {
    let result = try edited("# Title\n\n## A\n\n- [ ] a  @id(a)\n") {
      try $0.addList(named: "Garden", icon: "leaf")
    }
    #expect(result == "# Title\n\n## A\n\n- [ ] a  @id(a)\n\n## Garden  @icon(leaf)\n")
  }

  @Test func addListToAnEmptyFile() throws {
    #expect(try edited("") { try $0.addList(named: "A") } == "## A\n")
    #expect(try edited("x") { try $0.addList(named: "A") } == "x\n\n## A")
  }

  @Test func duplicateListNamesAreRefused() throws {
    var document = try TestSupport.document("## A\n")
    #expect(throws: EditError.listExists("A")) { try document.addList(named: "A") }
    try document.addList(named: "B")
    #expect(throws: EditError.listExists("B")) { try document.renameList(.name("A"), to: "B") }
  }

  @Test func renameKeepsTags() throws {
    let result = try edited("## Old  @icon(x)  @id(l1) ##\n") {
      try $0.renameList(.id("l1"), to: "C #")
    }
    #expect(result == ##"## C \#  @icon(x)  @id(l1)"## + "\n")
    #expect(try TestSupport.document(result).lists.first?.name == "C #")
  }

  @Test func iconIsSetReplacedAndRemoved() throws {
    let set = try edited("## A  @id(l1)\n") { try $0.setIcon("cart (big)", of: .name("A")) }
    #expect(set == #"## A  @icon(cart \(big\))  @id(l1)"# + "\n")
    #expect(try TestSupport.document(set).lists.first?.icon == "cart (big)")
    let removed = try edited(set) { try $0.setIcon(nil, of: .name("A")) }
    #expect(removed == "## A  @id(l1)\n")
  }

  @Test func deleteListRemovesEverythingToTheNextHeading() throws {
    let result = try edited("## A\n\n- [ ] a\n\n## B\n\n- [ ] b\n") {
      try $0.deleteList(.name("A"))
    }
    #expect(result == "## B\n\n- [ ] b\n")
  }

  /// Link reference definitions show nothing and links elsewhere may use them: they
  /// stay, unindented, where the list was.
  @Test func deleteListKeepsLinkReferenceDefinitions() throws {
    let text =
      "## A\n\nSee [docs] and [more].\n\n## B\n\n- [ ] b\n  [not]: continues the item\n\n"
      + "  [docs]: https://x.org\n[more]: /m\ntext [not]: a definition\n\n## C\n"
    let result = try edited(text) { try $0.deleteList(.name("B")) }
    #expect(
      result == "## A\n\nSee [docs] and [more].\n\n[docs]: https://x.org\n[more]: /m\n\n## C\n")
    let last = try edited("## A\n\nSee [docs].\n\n## B\n\n[docs]: /d\n") {
      try $0.deleteList(.name("B"))
    }
    #expect(last == "## A\n\nSee [docs].\n\n[docs]: /d\n")
  }

  /// Deleting half of an HTML element that wraps other lists would change them.
  @Test func deleteListRefusesHalfAnHTMLElement() throws {
    let text =
      "## A\n\n<details><summary>More</summary>\n\n## B\n\n- [ ] b\n\n</details>\n\n"
      + "## C\n\n<div>\n<!-- </div> -->\n</div>\n\n```\n<details>\n```\n"
    var document = try TestSupport.document(text)
    #expect(throws: EditError.unbalancedHTML(line: 3, element: "details")) {
      try document.deleteList(.name("A"))
    }
    #expect(throws: EditError.unbalancedHTML(line: 9, element: "details")) {
      try document.deleteList(.name("B"))
    }
    #expect(document.serialized() == Array(text.utf8))
    try document.deleteList(.name("C"))
    #expect(document.lists.map(\.name) == ["A", "B"])
  }

  /// A file that ends inside HTML never closed would swallow a new heading.
  @Test func addListRefusesToLandInsideHTML() throws {
    var document = try TestSupport.document("## A\n\n<!-- a comment never closed --!>\n")
    #expect(throws: EditError.unsupportedPosition(line: 5)) { try document.addList(named: "B") }
    #expect(document.lists.count == 1)
  }

  @Test func deleteTheUnnamedListRemovesItsItems() throws {
    let result = try edited("intro\n\n- [ ] a\n  - [ ] a1\n- [ ] b\n\n## B\n") {
      try $0.deleteList(.unnamed)
    }
    #expect(result == "intro\n\n## B\n")
  }

  @Test func unknownListsAreRefused() throws {
    var document = try TestSupport.document("## A\n")
    #expect(throws: EditError.listNotFound(.name("Z"))) {
      try document.renameList(.name("Z"), to: "Y")
    }
    #expect(throws: EditError.listNotFound(.unnamed)) { try document.deleteList(.unnamed) }
  }
}
