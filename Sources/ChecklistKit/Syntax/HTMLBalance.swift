/// The HTML elements that lines of raw HTML leave open or close without opening:
/// deleting such lines would change the elements around the lines after them on
/// GitHub (a `<details>` that no longer closes, a `</table>` that closes nothing).
struct HTMLBalance {
  /// Elements that have no closing tag.
  static let voidElements: Set<[UInt8]> = Set(
    [
      "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
      "source", "track", "wbr",
    ].map { Array($0.utf8) })

  /// Opened minus closed, by lowercase element name.
  private var depth: [[UInt8]: Int] = [:]
  private var inComment = false

  /// The first element name whose tags do not balance, if any.
  var unbalanced: String? {
    depth.filter { $0.value != 0 }.keys.map { String(decoding: $0, as: UTF8.self) }.min()
  }

  /// Counts the tags in `range` of `bytes`; comments (which may span lines) are
  /// skipped.
  mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      if inComment {
        if bytes[index] == ASCII.dash, index + 2 < end, bytes[index + 1] == ASCII.dash,
          bytes[index + 2] == ASCII.greaterThan
        {
          inComment = false
          index += 3
        } else {
          index += 1
        }
        continue
      }
      guard bytes[index] == ASCII.lessThan else {
        index += 1
        continue
      }
      if index + 3 < end, bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == ASCII.dash,
        bytes[index + 3] == ASCII.dash
      {
        inComment = true
        index += 4
        continue
      }
      index = tag(bytes, at: index, end: end)
    }
  }

  /// Reads the tag that starts at `start` (a `<`) and returns the index after it.
  private mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int {
    var index = start + 1
    let closing = index < end && bytes[index] == UInt8(ascii: "/")
    if closing { index += 1 }
    var name: [UInt8] = []
    while index < end,
      ASCII.isLetter(bytes[index]) || ASCII.isDigit(bytes[index]) || bytes[index] == ASCII.dash
    {
      name.append(bytes[index] | (ASCII.isLetter(bytes[index]) ? 0x20 : 0))
      index += 1
    }
    guard let first = name.first, ASCII.isLetter(first) else { return start + 1 }
    var close = index
    while close < end, bytes[close] != ASCII.greaterThan { close += 1 }
    let selfClosing = close < end && close > index && bytes[close - 1] == UInt8(ascii: "/")
    if !selfClosing, !Self.voidElements.contains(name) {
      depth[name, default: 0] += closing ? -1 : 1
    }
    return min(close + 1, end)
  }
}
