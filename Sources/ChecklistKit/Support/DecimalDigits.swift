/// Decimal numbers written straight into bytes, no string made: for output that writes
/// numbers on every line of a million-line file (dates, line numbers, item numbers).
package enum DecimalDigits {
  /// Appends a number's decimal digits (a negative number as 0), padded on the left
  /// with `padding` to `width` bytes.
  package static func append(
    _ value: Int, width: Int = 0, padding: UInt8 = UInt8(ascii: "0"), to bytes: inout [UInt8]
  ) {
    let value = UInt(max(0, value))
    // One byte at a time: a number is a few bytes, and appending a collection costs more
    // than the bytes it holds.
    var padded = count(value)
    while padded < width {
      bytes.append(padding)
      padded += 1
    }
    forEachDigit(value) { bytes.append($0) }
  }

  /// How many decimal digits a number has.
  package static func count(_ value: UInt) -> Int {
    var digits = 1
    var power: UInt = 1
    while power <= value / 10 {
      digits += 1
      power &*= 10
    }
    return digits
  }

  /// Calls `body` with each of a number's decimal digits (as ASCII), the first first.
  @inline(__always)
  package static func forEachDigit(_ value: UInt, _ body: (UInt8) -> Void) {
    // The largest power of ten not above the value: it never overflows, as each step
    // stays at or below the value.
    var power: UInt = 1
    while power <= value / 10 { power &*= 10 }
    var rest = value
    while power > 0 {
      body(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / power))
      rest %= power
      power /= 10
    }
  }
}
