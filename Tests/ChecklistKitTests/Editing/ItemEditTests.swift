import ChkTestSupport
import Testing

@testable import ChecklistKit

private let day = CalendarDay(year: 2024, month: 1, day: 2)

/// Parses `text`, applies `edit`, and returns the result as a string.
func edited(
  _ text: String, seed: UInt64 = 7, _ edit: (inout ChecklistDocument) throws -> Void
) throws -> String {
  var document = try ChecklistDocument(parsing: Array(text.utf8))
  document.idGenerator = .seeded(seed)
  try edit(&document)
  Invariants.check(document, text)
  return String(decoding: document.serialized(), as: UTF8.self)
}

@Suite("Edits: one item's line")
struct ItemEditTests {
  static let file =
    "## Groceries\n\n- [ ] Milk  @id(k3f9)\n- [x] Eggs  @done(2024-01-01)  @id(p0qz)\n"

  @Test func checkAddsDoneBeforeID() throws {
    let result = try edited(Self.file) { try $0.check(.id("k3f9"), on: day) }
    #expect(
      result
        == "## Groceries\n\n- [x] Milk  @done(2024-01-02)  @id(k3f9)\n- [x] Eggs  @done(2024-01-01)  @id(p0qz)\n"
    )
  }

  @Test func checkThenUncheckGivesBackTheBytes() throws {
    let result = try edited(Self.file) {
      try $0.check(.id("k3f9"), on: day)
      try $0.uncheck(.id("k3f9"))
    }
    #expect(result == Self.file)
  }

  @Test func uncheckRemovesDone() throws {
    let result = try edited(Self.file) { try $0.uncheck(.id("p0qz")) }
    #expect(result == "## Groceries\n\n- [ ] Milk  @id(k3f9)\n- [ ] Eggs  @id(p0qz)\n")
  }

  @Test func checkWithoutDayKeepsTheDate() throws {
    let result = try edited(Self.file) { try $0.check(.id("p0qz"), on: nil) }
    #expect(result == Self.file)
  }

  /// An edit that leaves a line as it is splices nothing: no bytes move, and the
  /// command that made it has nothing to write.
  @Test func editsThatChangeNothingSpliceNothing() throws {
    var document = try ChecklistDocument(parsing: Array(Self.file.utf8))
    let log = WorkLog()
    document.workLog = log
    try document.check(.id("p0qz"), on: CalendarDay(year: 2024, month: 1, day: 1))
    try document.check(.id("p0qz"), on: nil)
    try document.uncheck(.id("k3f9"))
    try document.rename(.id("k3f9"), to: "Milk")
    try document.setDueDate(nil, of: .id("k3f9"))
    #expect(log["splices"] == 0)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == Self.file)
    try document.rename(.id("k3f9"), to: "Oat milk")
    #expect(log["splices"] == 1)
  }

  /// A line not in canonical form (`[X]`, other blanks before a tag) keeps its bytes when
  /// an edit leaves its fields as they were: a tag removed that is not there, a
  /// checked item checked again (found by the terminal UI's differential test: `R`
  /// emptied on an item without `@every` made `[X]` into `[x]`, and `u` then undid that
  /// instead of the change before it).
  @Test func aLineNotInCanonicalFormKeepsItsBytesWhenNothingChanges() throws {
    let text = "- [X] Eggs   @due(2024-07-29)\t @id(p0qz)\n"
    let result = try edited(text) {
      try $0.setRecurrence(nil, of: .id("p0qz"))
      try $0.setReminder(nil, of: .id("p0qz"))
      try $0.setNote(nil, of: .id("p0qz"))
      try $0.check(.id("p0qz"), on: nil)
      try $0.setDue(DueMoment("2024-07-29"), of: .id("p0qz"))
    }
    #expect(result == text)
    #expect(try edited(text) { try $0.setNote("n", of: .id("p0qz")) }.hasPrefix("- [x] Eggs  @due"))
  }

  @Test func checkWithDayReplacesTheDate() throws {
    let result = try edited(Self.file) { try $0.check(.id("p0qz"), on: day) }
    #expect(result.contains("- [x] Eggs  @done(2024-01-02)  @id(p0qz)\n"))
  }

  @Test func toggleFlips() throws {
    var states: [Bool] = []
    let result = try edited(Self.file) {
      states.append(try $0.toggle(.id("k3f9"), on: day))
      states.append(try $0.toggle(.id("k3f9"), on: day))
    }
    #expect(states == [true, false])
    #expect(result == Self.file)
  }

  @Test func editKeepsIndentBulletAndEnding() throws {
    let text = "# L\r\n   *  [ ]    Milk     @id(a)   # two  words  \r\n\r\nnext"
    let result = try edited(text) { try $0.check(.id("a"), on: day) }
    #expect(
      result == "# L\r\n   *  [x] Milk  @done(2024-01-02)  @id(a)  # two  words\r\n\r\nnext")
  }

  /// Two trailing spaces, or a backslash, before a line that continues the item's text
  /// are a hard line break on GitHub: the edit keeps it at the end of the line, after
  /// the tags, so the text and its break stay as they were.
  @Test(arguments: [
    (
      "- [ ] first line  \n  second line\n",
      "- [x] first line  @done(2024-01-02)  @id(a1)  \n  second line\n"
    ),
    (
      "- [ ] GIVEN [a precondition] \\\nWHEN it runs\n",
      "- [x] GIVEN [a precondition]  @done(2024-01-02)  @id(a1) \\\nWHEN it runs\n"
    ),
    (
      "- [ ] a  @id(a1)   # a note   \n  more\n",
      "- [x] a  @done(2024-01-02)  @id(a1)  # a note  \n  more\n"
    ),
    // No next line of the same paragraph: trailing blanks are no break, and go.
    ("- [ ] a  \n\n  more\n", "- [x] a  @done(2024-01-02)  @id(a1)\n\n  more\n"),
  ])
  func hardLineBreaksStayAfterTheTags(_ text: String, _ expected: String) throws {
    var document = try ChecklistDocument(parsing: Array(text.utf8))
    document.idGenerator = .seeded(7)
    try document.check(.line(1), on: day)
    Invariants.check(document, text)
    let id = try #require(document.items.first?.id)
    let output = String(decoding: document.serialized(), as: UTF8.self)
    #expect(output.replacingOccurrences(of: "@id(\(id))", with: "@id(a1)") == expected)
  }

  @Test func editGivesAnIDToAnItemWithout() throws {
    let id = generatedIDs(count: 1)[0]
    let result = try edited("- [ ] Milk\n") { try $0.check(.line(1), on: day) }
    #expect(result == "- [x] Milk  @done(2024-01-02)  @id(\(id))\n")
    #expect(id.utf8.count == 4)
    #expect(ASCII.isLowercaseLetter(id.utf8.first ?? 0))
  }

  @Test func otherTagsStayInPlace() throws {
    let result = try edited("- [ ] a  @home  @due(2024-05-01)  @x  @id(i1)\n") {
      try $0.check(.id("i1"), on: day)
    }
    #expect(result == "- [x] a  @home  @due(2024-05-01)  @x  @done(2024-01-02)  @id(i1)\n")
  }

  @Test func duplicateDoneTagsAllGoOnUncheck() throws {
    let result = try edited("- [x] a  @done(2024-01-01)  @done(2024-01-03)  @id(i1)\n") {
      try $0.uncheck(.id("i1"))
    }
    #expect(result == "- [ ] a  @id(i1)\n")
  }

  @Test(arguments: [
    ("Call Bob", "Call Bob"),
    ("Call  # Bob", ##"Call  \# Bob"##),
    ("ends with  #", ##"ends with  \#"##),
    ("C# and #12", "C# and #12"),
    ("@home", #"\@home"#),
    ("at  @home", #"at  \@home"#),
    ("at  @a  @b(c)", #"at  \@a  \@b(c)"#),
    ("at @home", "at @home"),
    ("see [x] and [X]", #"see [x\] and [X\]"#),
    (#"back\slash"#, #"back\slash"#),
    (##"escaped \# stays"##, ##"escaped \\# stays"##),
    ("  padded  ", "padded"),
    ("日本語 🛒", "日本語 🛒"),
  ])
  func renameEscapesOnlyWhatWouldBeMisread(_ name: String, _ written: String) throws {
    let result = try edited("- [ ] old  @id(i1)\n") { try $0.rename(.id("i1"), to: name) }
    #expect(result == "- [ ] \(written)  @id(i1)\n")
    let item = try TestSupport.document(result).item(at: .id("i1"))
    let trimmed = name.trimmingPrefix(while: { $0 == " " })
    #expect(item?.name == String(trimmed.reversed().drop { $0 == " " }.reversed()))
  }

  @Test func renamedNamesParseBackForRandomText() throws {
    var random = TestRandom(seed: 99)
    let pieces = ["a", " ", "  ", "#", "@", "@k", "(v)", "\\", "[", "]", "x", "[x]", "\t", "é"]
    for _ in 0..<2_000 {
      let name = (0..<random.int(1...8)).map { _ in random.pick(pieces) }.joined()
      let trimmed = String(
        decoding: Array(name.utf8).withUnsafeBufferPointer {
          Array($0[FieldScanner.trimmed($0, from: 0, to: $0.count)])
        }, as: UTF8.self)
      guard !trimmed.isEmpty else { continue }
      var document = try TestSupport.document("- [ ] old  @id(i1)  # n\n")
      try document.rename(.id("i1"), to: name)
      let item = document.item(at: .id("i1"))
      #expect(item?.name == trimmed, "name \(name.debugDescription)")
      #expect(item?.note == "n", "name \(name.debugDescription)")
      #expect(item?.tags.map(\.key) == ["id"], "name \(name.debugDescription)")
    }
  }

  @Test func noteIsSetAndRemoved() throws {
    let withNote = try edited(Self.file) { try $0.setNote("  organic  ", of: .id("k3f9")) }
    #expect(withNote.contains("- [ ] Milk  @id(k3f9)  # organic\n"))
    let without = try edited(withNote) { try $0.setNote(nil, of: .id("k3f9")) }
    #expect(without == Self.file)
  }

  @Test func datesAreSetAndRemoved() throws {
    let due = CalendarDay(year: 2025, month: 2, day: 28)
    let result = try edited(Self.file) {
      try $0.setDueDate(due, of: .id("k3f9"))
      try $0.setDoneDate(nil, of: .id("p0qz"))
    }
    #expect(
      result
        == "## Groceries\n\n- [ ] Milk  @due(2025-02-28)  @id(k3f9)\n- [x] Eggs  @id(p0qz)\n")
  }

  @Test func unchangedLineIsNotRewritten() throws {
    let text = "- [ ]   Milk  @id(k3f9)\n"
    let result = try edited(text) { try $0.setNote(nil, of: .id("k3f9")) }
    #expect(result == text)
  }

  @Test func assignMissingIDsGivesEachItemAUniqueID() throws {
    let text = "- [ ] a\n- [ ] b  @id(keep)\n  - [x] c\n"
    var document = try TestSupport.document(text)
    document.idGenerator = .seeded(3)
    #expect(try document.assignMissingIDs() == 2)
    let ids = document.items.compactMap(\.id)
    #expect(ids.count == 3)
    #expect(Set(ids).count == 3)
    #expect(ids[1] == "keep")
    #expect(try document.assignMissingIDs() == 0)
  }

  @Test func generatedIDsGrowWithTheFile() {
    #expect(IDGenerator.length(forExisting: 1_000) == 4)
    #expect(IDGenerator.length(forExisting: 1_001) == 5)
    #expect(IDGenerator.length(forExisting: 30_001) == 6)
    var generator = IDGenerator.seeded(1)
    let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
    for _ in 0..<500 {
      let id = generator.makeID(avoiding: IDSet())
      #expect(id.allSatisfy(alphabet.contains))
      #expect(id.first.map { $0.isLetter } == true)
    }
  }

  @Test func seededGeneratorsRepeat() {
    #expect(generatedIDs(seed: 5, count: 3) == generatedIDs(seed: 5, count: 3))
    #expect(generatedIDs(seed: 5, count: 3) != generatedIDs(seed: 6, count: 3))
  }
}

@Suite("Edits: errors")
struct EditErrorTests {
  @Test func emptyAndBlankNamesAreRefused() throws {
    var document = try TestSupport.document("- [ ] a  @id(i1)\n")
    #expect(throws: EditError.emptyName) { try document.rename(.id("i1"), to: "") }
    #expect(throws: EditError.emptyName) { try document.rename(.id("i1"), to: " \t ") }
    #expect(throws: EditError.emptyName) {
      try document.addItem(named: "  ", at: .end(of: .unnamed))
    }
  }

  @Test func lineBreaksAreRefused() throws {
    var document = try TestSupport.document("- [ ] a  @id(i1)\n")
    #expect(throws: EditError.lineBreak(in: "a\nb")) { try document.rename(.id("i1"), to: "a\nb") }
    #expect(throws: EditError.lineBreak(in: "x\ry")) { try document.setNote("x\ry", of: .id("i1")) }
  }

  @Test func unknownItemsAreRefused() throws {
    var document = try TestSupport.document("- [ ] a  @id(i1)\nprose\n")
    #expect(throws: EditError.itemNotFound(.id("nope"))) {
      try document.check(.id("nope"), on: nil)
    }
    #expect(throws: EditError.itemNotFound(.line(2))) { try document.check(.line(2), on: nil) }
    #expect(throws: EditError.itemNotFound(.line(9))) { try document.check(.line(9), on: nil) }
  }

  @Test func duplicatedIDsAreAmbiguous() throws {
    var document = try TestSupport.document("- [ ] a  @id(i1)\n- [ ] b  @id(i1)\n")
    #expect(throws: EditError.ambiguousID("i1", lines: [1, 2])) {
      try document.check(.id("i1"), on: nil)
    }
  }

  @Test func invalidDatesAreRefused() {
    #expect(throws: EditError.invalidDate("2024-02-30")) {
      try CalendarDay.validated("2024-02-30")
    }
    #expect(throws: EditError.invalidDate("2024-1-2")) { try CalendarDay.validated("2024-1-2") }
    #expect(
      (try? CalendarDay.validated("2024-02-29")) == CalendarDay(year: 2024, month: 2, day: 29))
    #expect(CalendarDay("2023-02-29") == nil)
    #expect(CalendarDay("1900-02-29") == nil)
    #expect(CalendarDay("2000-02-29") != nil)
  }

  @Test func refusedEditsLeaveTheDocumentUnchanged() throws {
    let text = "- [ ] a  @id(i1)\n"
    var document = try TestSupport.document(text)
    _ = try? document.rename(.id("i1"), to: "")
    _ = try? document.moveItem(.id("i1"), to: .under(.id("i1")))
    #expect(document.serialized() == Array(text.utf8))
  }

  @Test func messagesAreLowerCaseAndSayWhatToDo() {
    let errors: [EditError] = [
      .emptyName, .lineBreak(in: "a\nb"), .itemNotFound(.id("x")),
      .ambiguousID("x", lines: [1, 2]),
      .listNotFound(.name("L")), .listExists("L"), .moveIntoOwnSubtree("a"),
      .invalidDate("2024-02-30"), .unsupportedPosition(line: 3), .unrepresentableValue("a  # b"),
    ]
    for error in errors {
      let firstLetter = error.message.first { $0.isLetter }
      #expect(firstLetter?.isLowercase == true, "\(error)")
      #expect(error.message.contains(";"), "\(error)")
    }
  }
}

@Suite("ID sets")
struct IDSetTests {
  /// The hash table agrees with a set of strings on 20,000 random IDs and probes.
  @Test func agreesWithASetOfStrings() {
    var random = TestRandom(seed: 31)
    var ids = IDSet()
    var strings = Set<String>()
    for _ in 0..<20_000 {
      let id = String(random.int(0...200_000), radix: 36)
      if random.chance(0.5) {
        ids.insert(id)
        strings.insert(id)
      }
      #expect(ids.contains(id) == strings.contains(id), "\(id)")
    }
    #expect(ids.count == strings.count)
  }

  /// IDs written with escapes count as their decoded text.
  @Test func escapedIDsCountDecoded() throws {
    let document = try TestSupport.document(#"- [ ] a  @id(x\(1\))"# + "\n- [ ] b  @id(plain)\n")
    let ids = document.existingIDs()
    #expect(ids.contains("x(1)"))
    #expect(ids.contains("plain"))
    #expect(!ids.contains("x\\(1\\)"))
    #expect(ids.count == 2)
  }
}
