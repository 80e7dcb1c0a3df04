extension LintRule {
  /// `malformed-checkbox` (warning): a box someone meant as `[ ]` or `[x]` that is
  /// not one.
  public static let malformedCheckbox = LintRule(
    .malformedCheckbox, "malformed-checkbox", .warning,
    summary: "a box meant as [ ] or [x] that is not one, such as [], [ x], [*], [✓] or "
      + "- [ ]text, so the line is not an item")
}

extension LintPass {
  /// Box contents a person means as a checked box, besides `x`.
  static let checkMarks: [[UInt8]] = ["*", "✓", "✔", "☑", "✅"].map { Array($0.utf8) }

  /// A line someone meant as an item that is not one: a box that is empty, or holds
  /// only blanks, or `x` with blanks around it, or a check mark; a real box glued to
  /// the text; or no blank between bullet and box. Alternate statuses such as `[-]`,
  /// `[/]`, `[>]`, `[<]`, `[!]`, `[?]` (Obsidian Tasks and other tools) and bracketed
  /// text (`[...]`, `[link]`) are deliberate and not reported.
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
    while close < end, close - open <= 6, bytes[close] != ASCII.closeBracket { close += 1 }
    guard close < end, bytes[close] == ASCII.closeBracket else { return }
    let after = close + 1
    if after < end {
      let next = bytes[after]
      // `[x](url)` and `[x][ref]` are links, `[ ]:` a reference definition.
      if next == ASCII.openParen || next == ASCII.openBracket || next == UInt8(ascii: ":") {
        return
      }
    }
    let inside = FieldScanner.trimmed(bytes, from: open + 1, to: close)
    let mark = bytes[open + 1]
    let isBox = close == open + 2 && (mark == ASCII.space || mark | 0x20 == UInt8(ascii: "x"))
    let token = bytes.text(open..<after)
    let message: String
    if isBox {
      if gapStart == open {
        message =
          "no blank between the bullet and '\(token)', so this line is not an item; add a space"
      } else if after < end, !ASCII.isSpaceOrTab(bytes[after]) {
        message =
          "'\(token)' is glued to the text, so this line is not an item; add a space after it"
      } else {
        return
      }
    } else {
      let meantAsBox =
        inside.isEmpty
        || (inside.count == 1 && bytes[inside.lowerBound] | 0x20 == UInt8(ascii: "x"))
        || Self.checkMarks.contains { bytes.matches(inside, $0) }
      guard meantAsBox else { return }
      message = "'\(token)' is not a checkbox, so this line is not an item; write '[ ]' or '[x]'"
    }
    report(.malformedCheckbox, line: index, columns: open..<after, message)
  }
}
