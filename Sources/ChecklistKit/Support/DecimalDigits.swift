/// Decimal numbers written straight into bytes, no string made: for output that writes
/// numbers on every line of a million-line file (dates, line numbers, item numbers).
package enum DecimalDigits {
  /// Appends a number's decimal digits (a negative number as 0), padded on the left
  /// with `padding` to `width` bytes.
  package static func append(
    _ value: Int, width: Int = 0, padding: UInt8 = UInt8(ascii: "0"), to bytes: inout [UInt8]
  ) {
    withDigits(UInt(max(0, value))) { digits in
      // One byte at a time: a number is a few bytes, and appending a collection costs
      // more than the bytes it holds.
      var padded = digits.count
      while padded < width {
        bytes.append(padding)
        padded += 1
      }
      for digit in digits { bytes.append(digit) }
    }
  }

  /// Calls `body` with a number's decimal digits (as ASCII), made on the stack from the
  /// last: division by ten is a multiplication, where finding the first digit first
  /// divides by a variable power of ten.
  @inline(__always)
  package static func withDigits<Result>(
    _ value: UInt, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // UInt.max has 20 digits.
    var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    return withUnsafeMutableBytes(of: &storage) { raw in
      var index = raw.count
      var rest = value
      repeat {
        index -= 1
        raw[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      return body(UnsafeRawBufferPointer(rebasing: raw[index...]).bindMemory(to: UInt8.self))
    }
  }
}
