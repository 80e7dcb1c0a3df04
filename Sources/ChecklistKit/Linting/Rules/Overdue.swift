extension LintRule {
  /// `overdue` (off; warning when enabled): an unchecked item past its `@due` day.
  public static let overdue = LintRule(
    .overdue, "overdue", .off, enabled: .warning,
    summary: "an unchecked item whose @due day is before today")
}

/// `overdue`: checked for each open item's `@due` by `checkTags`.
extension LintPass {
  /// Reports an unchecked item whose `@due` day is before today.
  mutating func checkOverdue(_ index: Int, _ span: TagSpan, _ line: ParsedLine, due: CalendarDay) {
    guard due < today, isOn(.overdue) else { return }
    report(.overdue, line: index, columns: span.whole, "'\(line.name)' was due on \(due)")
  }
}
