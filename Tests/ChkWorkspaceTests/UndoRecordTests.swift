import ChkTestSupport
import Testing

@testable import ChecklistKit
@testable import ChkWorkspace

/// The undo record an edit path saves from a document's history is the record made
/// from the bytes before and after: the same common ends, the same removed bytes.
@Suite("Undo records from a history")
struct UndoRecordTests {
  static let identity = ChecklistFile.Identity(
    device: 1, inode: 2, size: 0, modified: FileTime(seconds: 0, nanoseconds: 3),
    changed: FileTime(seconds: 0, nanoseconds: 4))

  /// Splices over a small alphabet, so that the removed and inserted bytes often share
  /// their starts and ends, hold one another, or are empty.
  @Test func aSpliceGivesTheRecordOfBothVersions() {
    var random = TestRandom(seed: 20_261_202)
    let alphabet = Array("ab\n".utf8)
    func text(_ count: ClosedRange<Int>) -> [UInt8] {
      (0..<random.int(count)).map { _ in random.pick(alphabet) }
    }
    var shortcuts = 0
    for round in 0..<5_000 {
      let before = text(0...24)
      let offset = random.int(0...before.count)
      let upper = random.int(offset...before.count)
      let inserted = text(0...6)
      var after = before
      after.replaceSubrange(offset..<upper, with: inserted)
      var history = ByteHistory()
      history.append(
        .spliced(offset: offset, removed: Array(before[offset..<upper]), inserted: inserted.count))
      let made = UndoStore.Record(
        path: "/f", after: after, history: history, identity: Self.identity)
      let expected = UndoStore.Record(
        path: "/f", before: before, after: after, identity: Self.identity)
      let context = "round \(round): \(before) -> \(after)"
      #expect(made.prefix == expected.prefix, "\(context)")
      #expect(made.suffix == expected.suffix, "\(context)")
      #expect(made.removed == expected.removed, "\(context)")
      #expect(made.afterHash == expected.afterHash, "\(context)")
      #expect(made.restore(after) == before, "\(context)")
      let removed = Array(before[offset..<upper])
      if zip(removed, inserted).prefix(while: { $0 == $1 }).count
        < min(removed.count, inserted.count)
      {
        shortcuts += 1
      }
    }
    // Most rounds take the way around the splice, not the rebuilt bytes.
    #expect(shortcuts > 2_000)
  }

  /// Several steps, or a whole new buffer: the record is made from the bytes rebuilt.
  @Test func severalStepsGiveTheRecordOfBothVersions() {
    let before = Array("- [ ] a\n- [ ] b\n".utf8)
    var middle = before
    middle.replaceSubrange(2..<5, with: Array("[x]".utf8))
    var after = middle
    after.replaceSubrange(10..<13, with: Array("[x]".utf8))
    var history = ByteHistory()
    history.append(.spliced(offset: 2, removed: Array("[ ]".utf8), inserted: 3))
    history.append(.replaced(middle))
    history.append(.spliced(offset: 10, removed: Array("[ ]".utf8), inserted: 3))
    #expect(history.singleSplice == nil)
    let made = UndoStore.Record(path: "/f", after: after, history: history, identity: Self.identity)
    #expect(made.restore(after) == before)
    #expect(made.prefix == 3 && made.suffix == 4)
  }
}
