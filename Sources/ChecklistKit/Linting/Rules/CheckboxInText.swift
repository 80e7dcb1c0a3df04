extension LintRule {
  /// `checkbox-in-text` (warning, fixable): `[x]` in an unchecked item's text.
  public static let checkboxInText = LintRule(
    .checkboxInText, "checkbox-in-text", .warning,
    summary: "[x] or [X] in an unchecked item's text (GitHub then renders it checked)",
    fix: "escapes it as [x\\] in the name")
}

extension LintPass {
  mutating func checkCheckboxInText(_ index: Int, _ line: ParsedLine, _ name: Range<Int>) {
    let record = line.record
    let bytes = line.bytes
    var position = Int(record.mark) + 3
    let end = Int(record.end)
    while let bracket = Self.find(ASCII.openBracket, bytes, position..<end) {
      position = bracket
      guard position + 3 <= end else { return }
      if bytes[position + 1] | 0x20 == UInt8(ascii: "x"), bytes[position + 2] == ASCII.closeBracket
      {
        let inName = name.contains(position)
        report(
          .checkboxInText, line: index, columns: position..<(position + 3),
          "'\(bytes.text(position..<(position + 3)))' in an unchecked item's text renders as a "
            + "checked box on GitHub; write '[x\\]'", fix: inName ? .escapeCheckbox : nil)
        return
      }
      position += 1
    }
  }
}
