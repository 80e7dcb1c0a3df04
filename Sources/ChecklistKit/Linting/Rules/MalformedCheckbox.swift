extension LintRule {
  /// `malformed-checkbox` (warning): a box someone meant as `[ ]` or `[x]` that is
  /// not one.
  public static let malformedCheckbox = LintRule(
    .malformedCheckbox, "malformed-checkbox", .warning,
    summary: "a box meant as [ ] or [x] that is not one, such as [], [ x], [*], [✓] or "
      + "- [ ]text, so the line is not an item")
}

/// What kind of near miss a `malformed-checkbox` finding is: whether the file around it
/// can make it deliberate.
enum NearMissKind {
  /// A real box glued to its text or to its bullet (`- [x]Text`): deliberate in a file
  /// with no items at all, where `[x]` marks something else (tldr pages mark the
  /// letter a mnemonic stands for).
  case gluedBox
  /// A check mark (`[*]`, `[✓]`): deliberate in a file that uses alternate statuses
  /// (`[-]`, `[/]`, `[>]`), as Obsidian vaults with custom statuses do.
  case checkMark
  /// Anything else (`[]`, `[ x]`): a mistake wherever it is.
  case other
}

extension LintPass {
  /// Box contents a person means as a checked box, besides `x`.
  static let checkMarks: [[UInt8]] = ["*", "✓", "✔", "☑", "✅"].map { Array($0.utf8) }

  /// A line someone meant as an item that is not one: a box that is empty, or holds
  /// only blanks, or `x` with blanks around it, or a check mark; a real box glued to
  /// the text; or no blank between bullet and box. Alternate statuses such as `[-]`,
  /// `[/]`, `[>]`, `[<]`, `[!]`, `[?]` (Obsidian Tasks and other tools) and bracketed
  /// text (`[...]`, `[link]`) are deliberate and not reported; a file that uses them
  /// also means its check marks (`[*]`) as statuses, and a file without items means a
  /// glued `[x]` as something else (see `NearMissKind`).
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
    var kind = NearMissKind.other
    if isBox {
      kind = .gluedBox
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
      let isCheckMark = Self.checkMarks.contains { bytes.matches(inside, $0) }
      let meantAsBox =
        inside.isEmpty
        || (inside.count == 1 && bytes[inside.lowerBound] | 0x20 == UInt8(ascii: "x"))
        || isCheckMark
      guard meantAsBox else {
        // One character other than a blank or `x`: an alternate status (`[-]`, `[/]`).
        if close == open + 2 { usesAlternateStatuses = true }
        return
      }
      if isCheckMark { kind = .checkMark }
      message = "'\(token)' is not a checkbox, so this line is not an item; write '[ ]' or '[x]'"
    }
    nearMissKind = kind == .other ? nil : kind
    report(.malformedCheckbox, line: index, columns: open..<after, message)
    nearMissKind = nil
  }

  /// Reports the near misses kept for the whole file, but for the deliberate ones.
  mutating func reportNearMisses() {
    guard !nearMisses.isEmpty else { return }
    let hasItems = document.hasItems
    for (finding, kind) in nearMisses {
      switch kind {
      case .gluedBox where !hasItems, .checkMark where usesAlternateStatuses: continue
      default: findings.append(finding)
      }
    }
    nearMisses = []
  }
}
