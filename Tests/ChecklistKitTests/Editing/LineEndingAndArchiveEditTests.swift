import ChkTestSupport
import Testing

@testable import ChecklistKit

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
