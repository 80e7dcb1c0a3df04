import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The byte searches the parser and the ID lookup use, against a naive search, on
/// random buffers over a small alphabet (so that matches are frequent, at every
/// position, the last included).
@Suite("Byte search")
struct ByteSearchTests {
  @Test func everyOccurrenceIsFoundInOrderTheLastOneIncluded() {
    for seed in UInt64(1)...2_000 {
      var random = TestRandom(seed: seed)
      let bytes = (0..<random.int(0...24)).map { _ in UInt8(ascii: "a") + UInt8(random.int(0...2)) }
      let needle = (0..<random.int(1...3)).map { _ in UInt8(ascii: "a") + UInt8(random.int(0...2)) }
      var expected: [Int] = []
      if bytes.count >= needle.count {
        for offset in 0...(bytes.count - needle.count)
        where bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
          expected.append(offset)
        }
      }
      var found: [Int] = []
      bytes.withUnsafeBufferPointer { buffer in
        ByteSearch.forEachOccurrence(of: needle, in: buffer) { found.append($0) }
      }
      guard found == expected else {
        Issue.record("seed \(seed): \(needle) in \(bytes): \(found), not \(expected)")
        return
      }
    }
  }

  /// Two ranges of one buffer hold the same bytes exactly when they are as long and
  /// equal byte for byte (what `tag-in-name` uses to see a key twice).
  @Test func twoRangesMatchWhenTheirBytesDo() {
    let bytes = Array("abcabdab".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(buffer.matches(0..<2, 3..<5))
      #expect(buffer.matches(0..<2, 6..<8))
      #expect(!buffer.matches(0..<3, 3..<6))
      #expect(!buffer.matches(0..<2, 3..<6))
      #expect(buffer.matches(2..<2, 5..<5))
    }
  }
}
