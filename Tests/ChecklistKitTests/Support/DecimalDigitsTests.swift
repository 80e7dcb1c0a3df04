import ChkTestSupport
import Testing

@testable import ChecklistKit

/// `DecimalDigits` against `String(_:)`: every output line, date and item number of a
/// million-item file is written by it.
@Suite struct DecimalDigitsTests {
  @Test func digitsAreTheStringsDigits() {
    var random = TestRandom(seed: 1010)
    var values = [0, 1, 9, 10, 11, 99, 100, 999, 1_000, 9_999_999, Int.max, Int.max / 10]
    values += (0..<18).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }
    values += (0..<2_000).map { _ in random.int(0...Int.max) >> random.int(0...62) }
    for value in values {
      for width in [0, 1, 2, 4, 21] {
        var bytes: [UInt8] = [UInt8(ascii: "x")]
        DecimalDigits.append(value, width: width, padding: UInt8(ascii: " "), to: &bytes)
        let digits = String(value)
        let expected = "x" + String(repeating: " ", count: max(0, width - digits.count)) + digits
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value) width \(width)")
      }
    }
  }

  @Test func aNegativeNumberIsZero() {
    var bytes: [UInt8] = []
    DecimalDigits.append(-42, width: 3, to: &bytes)
    #expect(bytes == Array("000".utf8))
  }
}
