import ChkTestSupport
import Testing

@testable import ChecklistKit

/// In a file whose lines end differently, an edited line keeps its own ending (the
/// file's most common one is only for new lines). Written for the mutation
/// `edit-ending-most-common` (Tests/Scripts/Mutations), which no test caught.
@Suite("Edits keep each line's ending")
struct MixedLineEndingEditTests {
  static let day = CalendarDay("2024-01-02")

  @Test(arguments: [
    (
      "## L\r\n- [ ] a  @id(a1)\n- [ ] b\r\n",
      "## L\r\n- [x] a  @done(2024-01-02)  @id(a1)\n- [ ] b\r\n"
    ),
    (
      "## L\n- [ ] a  @id(a1)\r\n- [ ] b\n",
      "## L\n- [x] a  @done(2024-01-02)  @id(a1)\r\n- [ ] b\n"
    ),
    (
      "- [ ] a  @id(a1)\r- [ ] b\n- [ ] c\n",
      "- [x] a  @done(2024-01-02)  @id(a1)\r- [ ] b\n- [ ] c\n"
    ),
  ])
  func checkingKeepsTheLinesOwnEnding(_ before: String, _ after: String) throws {
    var document = try ChecklistDocument(parsing: before)
    try document.check(.id("a1"), on: Self.day)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == after)
  }

  @Test func everyOneLineEditKeepsTheEnding() throws {
    let before = "## L\r\n- [x] a  @done(2024-01-02)  @id(a1)\n- [ ] b\r\n- [ ] c\r\n"
    var document = try ChecklistDocument(parsing: before)
    try document.uncheck(.id("a1"))
    try document.rename(.id("a1"), to: "A")
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(text == "## L\r\n- [ ] A  @id(a1)\n- [ ] b\r\n- [ ] c\r\n")
  }
}

/// A new ID is never one already in use: the generator's next IDs are put in the file
/// first, and every new one must differ from them. Written for the mutation
/// `id-generator-reuses-ids`, which only seeded chance caught.
@Suite("New IDs avoid the IDs in use")
struct NewIDTests {
  @Test func theGeneratorSkipsEveryIDInUse() throws {
    // The IDs a seed gives first, all taken already.
    let taken = generatedIDs(seed: 11, count: 50)
    var used = IDSet()
    for id in taken { used.insert(id) }
    var generator = IDGenerator.seeded(11)
    for _ in 0..<50 {
      let id = generator.makeID(avoiding: used)
      #expect(!taken.contains(id), "\(id) is in use")
      used.insert(id)
    }
  }

  @Test func addingToAFileOfTakenIDsGivesAFreshOne() throws {
    let taken = generatedIDs(seed: 11, count: 20)
    var document = try ChecklistDocument(
      parsing: taken.map { "- [ ] item  @id(\($0))\n" }.joined())
    document.idGenerator = .seeded(11)
    let id = try document.addItem(named: "new", at: .end(of: .unnamed))
    #expect(!taken.contains(id))
    #expect(document.itemLines(withID: id).count == 1)
  }
}
