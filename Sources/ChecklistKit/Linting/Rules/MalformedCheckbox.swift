extension LintRule {
  /// `malformed-checkbox` (warning): a near-miss checkbox.
  public static let malformedCheckbox = LintRule(
    .malformedCheckbox, "malformed-checkbox", .warning,
    summary: "a near-miss checkbox such as [-], [], [ x] or - [ ]text, which is not an item")
}

extension LintPass {
  /// A line that looks like an item but is not: a bracket that is not `[ ]`, `[x]` or
  /// `[X]`, a box glued to the text, or no blank between bullet and box.
  mutating func checkNearMiss(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let end = Int(record.end)
    var position = Int(record.start)
    while position < end, ASCII.isSpaceOrTab(bytes[position]) { position += 1 }
    guard position < end else { return }
    let first = bytes[position]
    if first == ASCII.dash || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      position += 1
    } else if ASCII.isDigit(first) {
      let start = position
      while position < end, ASCII.isDigit(bytes[position]) { position += 1 }
      guard position - start <= 9, position < end,
        bytes[position] == UInt8(ascii: ".") || bytes[position] == ASCII.closeParen
      else { return }
      position += 1
    } else {
      return
    }
    let gapStart = position
    while position < end, ASCII.isSpaceOrTab(bytes[position]), position - gapStart < 5 {
      position += 1
    }
    guard position < end, bytes[position] == ASCII.openBracket else { return }
    let open = position
    var close = open + 1
    while close < end, close - open <= 4, bytes[close] != ASCII.closeBracket { close += 1 }
    guard close < end, bytes[close] == ASCII.closeBracket, close - open <= 4 else { return }
    let inside = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
    let allowed: Set<UInt8> = [
      ASCII.space, UInt8(ascii: "x"), UInt8(ascii: "X"), ASCII.dash, UInt8(ascii: "/"),
      UInt8(ascii: "*"), ASCII.tilde, UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"),
      ASCII.greaterThan, ASCII.lessThan, ASCII.tab,
    ]
    guard inside.allSatisfy(allowed.contains) else { return }
    let after = close + 1
    if after < end {
      let next = bytes[after]
      // `[x](url)` and `[x][ref]` are links, `[ ]:` a reference definition.
      if next == ASCII.openParen || next == ASCII.openBracket || next == UInt8(ascii: ":") {
        return
      }
    }
    let isBox =
      inside.count == 1 && (inside[0] == ASCII.space || inside[0] | 0x20 == UInt8(ascii: "x"))
    let token = bytes.text(open..<after)
    let message: String
    if !isBox {
      message = "'\(token)' is not a checkbox, so this line is not an item; write '[ ]' or '[x]'"
    } else if gapStart == open {
      message =
        "no blank between the bullet and '\(token)', so this line is not an item; add a space"
    } else if after < end, !ASCII.isSpaceOrTab(bytes[after]) {
      message = "'\(token)' is glued to the text, so this line is not an item; add a space after it"
    } else {
      return
    }
    report(.malformedCheckbox, line: index, columns: open..<after, message)
  }
}
