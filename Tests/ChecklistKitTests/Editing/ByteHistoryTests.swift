import ChkTestSupport
import Testing

@testable import ChecklistKit

/// A document that keeps a history changes the buffer it was given in place, and the
/// history gives back the bytes it was parsed from, whatever the edits.
@Suite("Edits: byte history")
struct ByteHistoryTests {
  /// One splice that put back bytes equal to those it removed changed nothing; one of
  /// the same length with other bytes, or of another length, did (a survivor of the
  /// generated mutants: `changes` answered "changed" for the first).
  @Test func aSpliceOfTheSameBytesChangesNothing() {
    var history = ByteHistory()
    history.append(.spliced(offset: 2, removed: Array("cd".utf8), inserted: 2))
    #expect(!history.changes(Array("abcdef".utf8)))
    #expect(history.changes(Array("abxyef".utf8)))
    var longer = ByteHistory()
    longer.append(.spliced(offset: 2, removed: Array("cd".utf8), inserted: 3))
    #expect(longer.changes(Array("abcdxef".utf8)))
  }

  @Test func randomEditsGiveBackTheBytesAsParsed() throws {
    var singleSplices = 0
    for seed in UInt64(1)...300 {
      var generator = DocumentGenerator(seed: seed)
      // The document holds the only reference to its bytes; `original` is a copy.
      var document = try ChecklistDocument(parsing: generator.document())
      let original = document.serialized().map { $0 }
      document.idGenerator = .seeded(seed)
      document.history = ByteHistory()
      var random = TestRandom(seed: seed &* 17)
      for step in 0..<random.int(1...4) {
        let items = document.lines.indices.filter { document.lines[$0].kind == .item }
        let item = items.isEmpty ? 1 : random.pick(items) + 1
        do {
          switch random.int(0...7) {
          case 0: try document.check(.line(item), on: CalendarDay(year: 2024, month: 5, day: 6))
          case 1: try document.uncheck(.line(item))
          case 2: try document.rename(.line(item), to: generator.text())
          case 3: try document.deleteItem(.line(item))
          case 4: try document.addItem(named: generator.text(), at: .end(of: .unnamed))
          case 5: _ = try document.assignMissingIDs()
          case 6: _ = try document.resetItems(in: nil)
          default: _ = try document.archiveCheckedItems(from: nil, to: "Done")
          }
        } catch {}
        let after = document.serialized()
        let history = try #require(document.history)
        let context = "seed \(seed) step \(step)"
        #expect(history.original(from: after) == original, "\(context)")
        #expect(history.changes(after) == (after != original), "\(context)")
        if history.singleSplice != nil { singleSplices += 1 }
      }
    }
    #expect(singleSplices > 100)
  }

  /// Checking an item (the line grows) and unchecking it (it shrinks) move the bytes
  /// after it within the buffer the document was given, when it has room; a copy of the
  /// document taken before keeps its bytes.
  @Test func aOneLineEditChangesTheBufferItWasGiven() throws {
    var bytes = Array((0..<2_000).map { "- [ ] item \($0)  @id(i\($0))\n" }.joined().utf8)
    bytes.reserveCapacity(bytes.count + 1_024)
    var document = try ChecklistDocument(parsing: consume bytes)
    document.history = ByteHistory()
    let buffer = document.bytes.withUnsafeBufferPointer { $0.baseAddress }
    try document.check(.id("i1000"), on: CalendarDay(year: 2024, month: 5, day: 6))
    try document.uncheck(.id("i7"))
    #expect(document.bytes.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    #expect(
      document.content(ofLine: 1000) == Array("- [x] item 1000  @done(2024-05-06)  @id(i1000)".utf8)
    )
    #expect(document.lines == (try ChecklistDocument(parsing: document.serialized())).lines)

    let copy = document
    try document.uncheck(.id("i1000"))
    #expect(
      copy.content(ofLine: 1000) == Array("- [x] item 1000  @done(2024-05-06)  @id(i1000)".utf8))
    #expect(document.content(ofLine: 1000) == Array("- [ ] item 1000  @id(i1000)".utf8))
  }

  /// The language server's change of bytes keeps the history too, whether the change is
  /// parsed whole or only its section.
  @Test(arguments: [0, 1 << 20])
  func replacingBytesKeepsTheHistory(_ wholeBelow: Int) throws {
    var document = try ChecklistDocument(
      parsing: "## A\n\n- [ ] one\n- [ ] two\n## B\n\n- [ ] three\n")
    let original = document.serialized().map { $0 }
    document.history = ByteHistory()
    try document.replaceBytes(22..<25, with: Array("2".utf8), parsingWholeBelow: wholeBelow)
    #expect(document.content(ofLine: 3) == Array("- [ ] 2".utf8))
    #expect(document.history?.original(from: document.serialized()) == original)
    #expect(document.history?.changes(document.serialized()) == true)
  }
}

extension ByteHistoryTests {
  /// The one line an edit rewrote in place is named (a tick, a new name, a note); an
  /// edit that adds or removes a line names none, and neither does a document without
  /// a history.
  @Test func theOneRewrittenLineIsNamedAndOnlyThatOne() throws {
    let text = "# L\n\n- [ ] Milk  @id(m1)\n- [ ] Eggs  @id(e1)\n- [ ] Last  @id(l1)"
    func after(_ change: (inout ChecklistDocument) throws -> Void) throws -> Int? {
      var document = try ChecklistDocument(parsing: Array(text.utf8))
      document.history = ByteHistory()
      try change(&document)
      return document.onlyRewrittenLine
    }
    #expect(try after { try $0.check(.id("e1"), on: CalendarDay("2024-06-01")) } == 4)
    #expect(try after { try $0.rename(.id("m1"), to: "Oat milk") } == 3)
    #expect(try after { try $0.rename(.id("l1"), to: "End") } == 5, "the last line, no break")
    #expect(try after { try $0.deleteItem(.id("e1")) } == nil)
    #expect(try after { _ = try $0.addItem(named: "New", at: .after(.id("m1"))) } == nil)
    #expect(try ChecklistDocument(parsing: Array(text.utf8)).onlyRewrittenLine == nil)
  }
}
