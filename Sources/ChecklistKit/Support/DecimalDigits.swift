/// Decimal numbers written straight into bytes, no string made: for output that writes
/// numbers on every line of a million-line file (dates, line numbers, item numbers).
package enum DecimalDigits {
  /// Appends a number's decimal digits (a negative number as 0), padded on the left
  /// with `padding` to `width` bytes.
  package static func append(
    _ value: Int, width: Int = 0, padding: UInt8 = UInt8(ascii: "0"), to bytes: inout [UInt8]
  ) {
    let value = max(0, value)
    var digits = 1
    var power = 10
    while power <= value, digits < 19 {
      digits += 1
      power &*= 10
    }
    bytes.append(contentsOf: repeatElement(padding, count: max(0, width - digits)))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var rest = value
    for position in stride(from: bytes.count - 1, through: bytes.count - digits, by: -1) {
      bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }
}
