import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The line diff the server's edits, undo and the merge use: its matches, its changes,
/// and its stopping when asked to.
@Suite("Sequence diff")
struct LineDiffTests {
  /// The matches are a common subsequence as long as the longest one (by dynamic
  /// programming), on 3,000 random pairs.
  @Test func matchesAreALongestCommonSubsequence() {
    for seed in UInt64(1)...3_000 {
      var random = TestRandom(seed: seed)
      let a = (0..<random.int(0...30)).map { _ in random.int(0...4) }
      let b = (0..<random.int(0...30)).map { _ in random.int(0...4) }
      let matches = LineDiff.matches(a, b)
      var last = -1
      var count = 0
      for (index, target) in matches.enumerated() where target >= 0 {
        #expect(target > last && a[index] == b[target], "seed \(seed)")
        last = target
        count += 1
      }
      var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          table[i][j] =
            a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
      #expect(count == table[0][0], "seed \(seed)")
    }
  }

  /// A diff told to stop (a cancelled request) is asked as it searches and gives
  /// nothing; told to go on, it gives what `changes(from:to:)` gives.
  @Test func aDiffAskedToStopStops() {
    let old = Array((0..<400).map { "line \($0)\n" }.joined().utf8)
    let new = Array((0..<400).map { "line \($0 % 3 == 0 ? -$0 : $0)\n" }.joined().utf8)
    var asked = 0
    let whole = LineDiff.changes(
      from: old, to: new,
      continuing: {
        asked += 1
        return true
      })
    #expect(whole == LineDiff.changes(from: old, to: new))
    #expect(asked > 2, "asked as the search goes: \(asked)")
    asked = 0
    #expect(
      LineDiff.changes(
        from: old, to: new,
        continuing: {
          asked += 1
          return asked < 3
        }) == nil)
    #expect(asked == 3)
    #expect(LineDiff.changes(from: old, to: old, continuing: { false }) == [])
  }

  /// The changes, applied to the old text from the last to the first, give the new
  /// text, on 3,000 random pairs of texts whose runs of changed lines differ in length
  /// (lines inserted, removed, replaced by more or fewer).
  @Test func changesTurnTheOldTextIntoTheNew() {
    for seed in UInt64(1)...3_000 {
      var random = TestRandom(seed: seed)
      func text() -> [UInt8] {
        let lines = (0..<random.int(0...12)).map { _ in "line \(random.int(0...5))\n" }
        return Array(lines.joined().utf8)
      }
      let (old, new) = (text(), text())
      var applied = old
      for change in LineDiff.changes(from: old, to: new).reversed() {
        applied.replaceSubrange(change.old, with: new[change.new])
      }
      guard applied == new else {
        let (before, after, wanted) = (
          String(decoding: old, as: UTF8.self), String(decoding: applied, as: UTF8.self),
          String(decoding: new, as: UTF8.self)
        )
        Issue.record(
          "seed \(seed): \(before.debugDescription) became \(after.debugDescription), not \(wanted.debugDescription)"
        )
        return
      }
    }
  }
}
