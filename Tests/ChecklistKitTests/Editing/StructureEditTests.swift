import ChkTestSupport
import Testing

@testable import ChecklistKit

@Suite("Edits: adding, deleting, moving items")
struct StructureEditTests {
  static let file = """
    # Lists

    ## Groceries  @icon(cart)

    - [ ] Milk  @id(milk)
    - [ ] Bread  @id(bread)
      - [ ] Rye  @id(rye)
        more about rye
      - [x] Sourdough  @id(sour)

    ## Chores

    Some prose.

    """

  @Test func addAtTheEndOfAList() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited(Self.file) {
      try $0.addItem(named: "Eggs", at: .end(of: .name("Groceries")))
    }
    #expect(
      result
        == Self.file.replacingOccurrences(
          of: "  - [x] Sourdough  @id(sour)\n",
          with: "  - [x] Sourdough  @id(sour)\n- [ ] Eggs  @id(\(id))\n"))
  }

  @Test func addWithNoteAndDue() throws {
    let id = generatedIDs(count: 1)[0]
    let due = CalendarDay(year: 2024, month: 3, day: 1)
    let result = try edited(Self.file) {
      try $0.addItem(
        named: "Eggs", at: .start(of: .name("Groceries")), note: "a dozen", dueDate: due)
    }
    #expect(result.contains("\n\n- [ ] Eggs  @due(2024-03-01)  @id(\(id))  # a dozen\n- [ ] Milk"))
  }

  @Test func addToAListWithoutItems() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited(Self.file) {
      try $0.addItem(named: "Sweep", at: .end(of: .name("Chores")))
    }
    #expect(result.hasSuffix("## Chores\n\nSome prose.\n\n- [ ] Sweep  @id(\(id))\n"))
  }

  /// A list without task items after a plain list: the new item starts a list of its
  /// own (another bullet), so the plain list neither takes it in nor turns loose.
  @Test func addNeverJoinsAPlainList() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited("## Notes\n\n- plain a\n- plain b\n") {
      try $0.addItem(named: "new", at: .end(of: .name("Notes")))
    }
    #expect(result == "## Notes\n\n- plain a\n- plain b\n\n* [ ] new  @id(\(id))\n")
  }

  /// Text right after the place an item goes would become part of its text: a blank
  /// line goes between them.
  @Test func addBeforeProseLeavesABlankLine() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited("- [ ] a  @id(a)\n  ```\n  code\n  ```\nprose\n") {
      try $0.addItem(named: "b", at: .after(.id("a")))
    }
    #expect(result == "- [ ] a  @id(a)\n  ```\n  code\n  ```\n- [ ] b  @id(\(id))\n\nprose\n")
  }

  /// An item that holds only its box, followed by text that its name would take in:
  /// checking it is refused, and the document stays as it was.
  @Test func checkingABoxThatWouldTakeInTheNextLineIsRefused() throws {
    var document = try TestSupport.document("- [ ] \n- text\n\nprose\n-   [ ] \nlazy\n")
    document.idGenerator = .seeded(1)
    let before = document.serialized()
    #expect(throws: EditError.changesOtherLines(line: 5)) {
      try document.check(.line(5), on: nil)
    }
    #expect(document.serialized() == before)
    try document.check(.line(1), on: nil)
  }

  @Test func addToAnEmptyListBeforeTheNextHeading() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited("## A\n## B\n- [ ] b  @id(b)\n") {
      try $0.addItem(named: "a", at: .end(of: .name("A")))
    }
    #expect(result == "## A\n\n- [ ] a  @id(\(id))\n\n## B\n- [ ] b  @id(b)\n")
  }

  @Test func addToAFileWithoutHeadings() throws {
    let id = generatedIDs(count: 2)
    let first = try edited("") { try $0.addItem(named: "one", at: .end(of: .unnamed)) }
    #expect(first == "- [ ] one  @id(\(id[0]))\n")
    let second = try edited("- [ ] one  @id(x)") {
      try $0.addItem(named: "two", at: .end(of: .unnamed))
    }
    #expect(second == "- [ ] one  @id(x)\n- [ ] two  @id(\(id[0]))")
  }

  @Test func addAfterAndBeforeCopyTheSibling() throws {
    let ids = generatedIDs(count: 1)
    let after = try edited(Self.file) { try $0.addItem(named: "Spelt", at: .after(.id("rye"))) }
    #expect(after.contains("    more about rye\n  - [ ] Spelt  @id(\(ids[0]))\n  - [x] Sourdough"))
    let before = try edited(Self.file) { try $0.addItem(named: "Spelt", at: .before(.id("rye"))) }
    #expect(before.contains("- [ ] Bread  @id(bread)\n  - [ ] Spelt  @id(\(ids[0]))\n  - [ ] Rye"))
  }

  @Test func addUnderAnItem() throws {
    let id = generatedIDs(count: 1)[0]
    let first = try edited(Self.file) { try $0.addItem(named: "Whole", at: .under(.id("milk"))) }
    #expect(first.contains("- [ ] Milk  @id(milk)\n  - [ ] Whole  @id(\(id))\n- [ ] Bread"))
    let last = try edited(Self.file) { try $0.addItem(named: "Spelt", at: .under(.id("bread"))) }
    #expect(last.contains("  - [x] Sourdough  @id(sour)\n  - [ ] Spelt  @id(\(id))\n\n## Chores"))
    let ordered = try edited("1. [ ] a  @id(a)\n") {
      try $0.addItem(named: "b", at: .under(.id("a")))
    }
    #expect(ordered == "1. [ ] a  @id(a)\n   - [ ] b  @id(\(id))\n")
  }

  @Test func orderedSiblingsGetTheNextNumber() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited("1. [ ] a  @id(a)\n2. [ ] b  @id(b)\n") {
      try $0.addItem(named: "c", at: .end(of: .unnamed))
    }
    #expect(result == "1. [ ] a  @id(a)\n2. [ ] b  @id(b)\n3. [ ] c  @id(\(id))\n")
  }

  @Test func addAtAnIndex() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited(Self.file) {
      try $0.addItem(named: "X", at: .index(1, in: .name("Groceries")))
    }
    #expect(result.contains("- [ ] Milk  @id(milk)\n- [ ] X  @id(\(id))\n- [ ] Bread"))
  }

  @Test func addInsideAnOpenCodeBlockIsRefused() throws {
    let text = "- [ ] a  @id(a)\n  ```\n  code\n"
    var document = try TestSupport.document(text)
    #expect(throws: EditError.unsupportedPosition(line: 4)) {
      try document.addItem(named: "b", at: .under(.id("a")))
    }
    #expect(document.serialized() == Array(text.utf8))
  }

  @Test func deleteRemovesTheSubtree() throws {
    let result = try edited(Self.file) { try $0.deleteItem(.id("bread")) }
    #expect(result.contains("- [ ] Milk  @id(milk)\n\n## Chores"))
    #expect(!result.contains("Rye"))
  }

  @Test func deleteBetweenBlankLinesTakesOneBlank() throws {
    let result = try edited("## A\n\n- [ ] a  @id(a)\n\n## B\n") { try $0.deleteItem(.id("a")) }
    #expect(result == "## A\n\n## B\n")
  }

  @Test func deleteTheLastLineKeepsTheMissingNewline() throws {
    let result = try edited("- [ ] a  @id(a)\n- [ ] b  @id(b)") { try $0.deleteItem(.id("b")) }
    #expect(result == "- [ ] a  @id(a)")
  }

  @Test func deleteThatWouldJoinProseLeavesABlankLine() throws {
    let result = try edited("prose\n- [ ] a  @id(a)\n2. [ ] b  @id(b)\n") {
      try $0.deleteItem(.id("a"))
    }
    #expect(result == "prose\n\n2. [ ] b  @id(b)\n")
  }

  @Test func moveWithinAList() throws {
    let result = try edited(Self.file) { try $0.moveItem(.id("milk"), to: .after(.id("bread"))) }
    #expect(
      result.contains(
        """
        - [ ] Bread  @id(bread)
          - [ ] Rye  @id(rye)
            more about rye
          - [x] Sourdough  @id(sour)
        - [ ] Milk  @id(milk)
        """))
  }

  @Test func moveToTheTopOfAList() throws {
    let result = try edited(Self.file) {
      try $0.moveItem(.id("bread"), to: .start(of: .name("Groceries")))
    }
    #expect(result.contains("## Groceries  @icon(cart)\n\n- [ ] Bread  @id(bread)\n  - [ ] Rye"))
    #expect(result.contains("  - [x] Sourdough  @id(sour)\n- [ ] Milk  @id(milk)\n\n## Chores"))
  }

  @Test func moveUnderReindentsTheSubtree() throws {
    let result = try edited(Self.file) { try $0.moveItem(.id("bread"), to: .under(.id("milk"))) }
    #expect(
      result.contains(
        """
        - [ ] Milk  @id(milk)
          - [ ] Bread  @id(bread)
            - [ ] Rye  @id(rye)
              more about rye
            - [x] Sourdough  @id(sour)

        ## Chores
        """))
    let document = try TestSupport.document(result)
    #expect(document.item(at: .id("milk"))?.children.map(\.id) == ["bread"])
    #expect(document.item(at: .id("bread"))?.children.map(\.id) == ["rye", "sour"])
  }

  @Test func moveOutOfAParent() throws {
    let result = try edited(Self.file) {
      try $0.moveItem(.id("rye"), to: .end(of: .name("Chores")))
    }
    #expect(result.hasSuffix("Some prose.\n\n- [ ] Rye  @id(rye)\n  more about rye\n"))
  }

  @Test func moveIntoItsOwnSubtreeIsRefused() throws {
    var document = try TestSupport.document(Self.file)
    #expect(throws: EditError.moveIntoOwnSubtree("Bread")) {
      try document.moveItem(.id("bread"), to: .under(.id("rye")))
    }
    #expect(throws: EditError.moveIntoOwnSubtree("Bread")) {
      try document.moveItem(.id("bread"), to: .after(.id("bread")))
    }
    #expect(document.serialized() == Array(Self.file.utf8))
  }

  /// A list that comes to follow another list directly is a change of that list, unless
  /// the list it follows came with the change (a list item at its depth among the
  /// lines that went or came): a paragraph removed, or made a sub-item of the list
  /// before, is refused; the list between two others removed is not (a survivor of the
  /// generated mutants: `gen-LineMeaning-56-logic`, which took a deeper item for one).
  @Test func aListStartingAfterAnotherOnlyBecauseAParagraphWentIsAChange() throws {
    var document = try TestSupport.document("- [ ] a\n\npara\n\n* [ ] b\n")
    let splice = try document.replaceLines(2..<4, with: [])
    #expect(!splice.keepsOtherLines)
    var items = try TestSupport.document("- [ ] a\n\n- [ ] c\n\n* [ ] b\n")
    #expect(try items.replaceLines(2..<4, with: []).keepsOtherLines)
    // A paragraph made a sub-item of the list before: that list now reaches the next
    // one, which follows it; the new lines hold a list item, but deeper.
    var nested = try TestSupport.document("- [ ] a\n\npara\n\n* [ ] b\n")
    #expect(
      !(try nested.replaceLines(2..<3, with: [NewLine(Array("  - [ ] sub".utf8))]).keepsOtherLines))
  }
}
