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
    #expect(document.item(withID: "milk")?.children.map(\.id) == ["bread"])
    #expect(document.item(withID: "bread")?.children.map(\.id) == ["rye", "sour"])
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
}

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

@Suite("Edits keep CRLF, BOM and a missing final newline")
struct LineEndingEditTests {
  static let file =
    "\u{FEFF}## A\r\n\r\n- [ ] a  @id(a)\r\n- [x] b  @done(2024-01-01)  @id(b)\r\n\r\n## B\r\n\r\n- [ ] c  @id(c)"

  static let edits: [(String, @Sendable (inout ChecklistDocument) throws -> Void)] = [
    ("check", { try $0.check(.id("c"), on: CalendarDay(year: 2024, month: 1, day: 2)) }),
    ("uncheck", { try $0.uncheck(.id("b")) }),
    ("rename", { try $0.rename(.id("c"), to: "see") }),
    ("note", { try $0.setNote("n", of: .id("c")) }),
    ("add at end", { try $0.addItem(named: "d", at: .end(of: .name("B"))) }),
    ("add under", { try $0.addItem(named: "d", at: .under(.id("c"))) }),
    ("delete last", { try $0.deleteItem(.id("c")) }),
    ("delete first", { try $0.deleteItem(.id("a")) }),
    ("move to end", { try $0.moveItem(.id("a"), to: .end(of: .name("B"))) }),
    ("move under", { try $0.moveItem(.id("c"), to: .under(.id("a"))) }),
    ("add list", { try $0.addList(named: "C") }),
    ("rename list", { try $0.renameList(.name("A"), to: "Z") }),
    ("delete list", { try $0.deleteList(.name("B")) }),
    ("icon", { try $0.setIcon("x", of: .name("B")) }),
    ("assign IDs", { _ = try $0.assignMissingIDs() }),
  ]

  @Test(arguments: 0..<edits.count)
  func keepsEndingsBOMAndFinalNewline(_ index: Int) throws {
    let (label, edit) = Self.edits[index]
    var document = try TestSupport.document(Self.file)
    document.idGenerator = .seeded(1)
    try edit(&document)
    let bytes = document.serialized()
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "\(label)")
    #expect(bytes.last != 10 && bytes.last != 13, "\(label)")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(label)")
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"), "\(label)")
    Invariants.check(document, label)
  }
  /// New lines get the file's most common ending, also when an earlier edit brought in
  /// the first carriage returns of a file that had none.
  @Test func newLinesFollowEndingsThatEditsBroughtIn() throws {
    var document = try TestSupport.document("## A\n- [ ] a  @id(a)\n")
    #expect(document.preferredLineEnding == [ASCII.lineFeed])
    let crlf = [ASCII.carriageReturn, ASCII.lineFeed]
    try document.replaceLines(
      2..<2, with: ["- [ ] b", "- [ ] c", "- [ ] d"].map { NewLine(Array($0.utf8), ending: crlf) })
    #expect(document.preferredLineEnding == crlf)
    try document.addItem(named: "e", at: .end(of: .name("A")))
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(text.hasPrefix("## A\n- [ ] a  @id(a)\n- [ ] b\r\n- [ ] c\r\n- [ ] d\r\n- [ ] e  @id("))
    #expect(text.hasSuffix(")\r\n"))
    let mixed = try TestSupport.document("a\r\nb\r\nc\n")
    #expect(mixed.preferredLineEnding == crlf)
  }
}

/// Archiving moves every checked item in one pass over the file. Where moving them one
/// at a time (each move checked on its own) succeeds too, both give the same lists and
/// items; the one pass may succeed where a single move would be refused on the way (a
/// state in between that reads differently), and what it gives is checked against
/// GitHub's rendering by `EditRenderingTests`.
@Suite("Archive in one pass")
struct ArchiveTests {
  @Test func onePassEqualsOneByOne() throws {
    var onePass = 0
    for seed in UInt64(1)...1_500 {
      var generator = DocumentGenerator(seed: seed)
      var document = try ChecklistDocument(parsing: generator.document())
      document.idGenerator = .seeded(seed)
      document.workLog = WorkLog()
      var oneByOne = document
      oneByOne.workLog = nil
      let bulk = try? document.archiveCheckedItems(from: nil, to: "Done", oneByOne: false)
      let each = try? oneByOne.archiveCheckedItems(from: nil, to: "Done", oneByOne: true)
      guard let bulk else {
        #expect(each == nil, "seed \(seed): only the one-by-one path archived")
        continue
      }
      Invariants.check(document, "seed \(seed)")
      if (document.workLog?["splices"] ?? 0) <= 2 { onePass += 1 }
      guard let each else { continue }
      #expect(bulk == each, "seed \(seed)")
      #expect(document.meaning == oneByOne.meaning, "seed \(seed)")
    }
    // Most documents take the one-pass path (the rest fall back, each move checked).
    #expect(onePass >= 1_000)
  }
}
