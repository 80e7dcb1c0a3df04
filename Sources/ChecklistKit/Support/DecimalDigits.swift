/// Decimal numbers written straight into bytes, no string made: for output that writes
/// numbers on every line of a million-line file (dates, line numbers, item numbers).
package enum DecimalDigits {
  /// Appends a number's decimal digits (a negative number as 0), padded on the left
  /// with `padding` to `width` bytes.
  package static func append(
    _ value: Int, width: Int = 0, padding: UInt8 = UInt8(ascii: "0"), to bytes: inout [UInt8]
  ) {
    let value = max(0, value)
    // The largest power of ten not above the value: it never overflows, as each step
    // stays at or below the value.
    var digits = 1
    var power = 1
    while power <= value / 10 {
      digits += 1
      power &*= 10
    }
    // One byte at a time: a number is a few bytes, and appending a collection costs more
    // than the bytes it holds.
    var padded = digits
    while padded < width {
      bytes.append(padding)
      padded += 1
    }
    var rest = value
    while power > 0 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / power))
      rest %= power
      power /= 10
    }
  }
}
