import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The table behind duplicate names and IDs, and the merge's line matching, against a
/// Swift dictionary and sort: past its first capacity (it grows) and past the size
/// where the radix sort takes over from a comparison sort.
@Suite("First-occurrence table")
struct FirstOccurrenceTableTests {
  @Test func firstIndicesAreADictionarysAcrossGrowth() {
    var random = TestRandom(seed: 4242)
    let keys = (0..<20_000).map { _ in Array("key \(random.int(0...6_000))".utf8) }
    var table = FirstOccurrenceTable(expected: 1)
    var first: [[UInt8]: Int32] = [:]
    for (index, key) in keys.enumerated() {
      let hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<$0.count) }
      let found = table.firstIndex(hash: hash, storing: Int32(index)) { keys[Int($0)] == key }
      #expect(found == first[key])
      if first[key] == nil { first[key] = Int32(index) }
    }
    #expect(table.count == first.count)
    table.removeAll()
    #expect(table.count == 0)
  }

  @Test(arguments: [10, 4_095, 4_096, 50_000])
  func sortingByHashIsStable(_ count: Int) {
    var random = TestRandom(seed: UInt64(count))
    // Few distinct hashes, so that equal ones are common; indices ascend, as callers'.
    var keys = (0..<count).map { index in
      UInt64(random.int(0...(count / 3 + 1)) * 65_537) << 32 | UInt64(index)
    }
    let expected = keys.sorted { ($0 >> 32, $0 & 0xFFFF_FFFF) < ($1 >> 32, $1 & 0xFFFF_FFFF) }
    FirstOccurrenceTable.sortByHash(&keys)
    #expect(keys == expected)
  }
}
