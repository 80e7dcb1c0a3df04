extension LintRule {
  /// `invalid-remind` (error): a `@remind` that is not a reminder, or one on an item
  /// without a `@due` day (there is nothing to remind of).
  public static let invalidRemind = LintRule(
    .invalidRemind, "invalid-remind", .error,
    summary: "a @remind value that is not a reminder (09:00, 30 minutes before, 2 hours "
      + "before, 1 day before, off), or @remind without @due")
}

/// `invalid-remind`: checked for each `@remind` by `checkTags`.
extension LintPass {
  /// Reports a `@remind` that is not a reminder, or that has no `@due` to count from.
  mutating func checkReminder(_ index: Int, _ span: TagSpan, _ line: ParsedLine, isItem: Bool) {
    guard isItem, isOn(.invalidRemind) else { return }
    let bytes = line.bytes
    let value = span.value.map { bytes.text($0) } ?? ""
    if Reminder(value) == nil {
      report(
        .invalidRemind, line: index, columns: span.whole,
        "'\(value)' in @remind is not a reminder; "
          + Reminder.howToWrite)
    } else if line.tag(.due) == nil {
      report(
        .invalidRemind, line: index, columns: span.whole,
        "'\(bytes.text(span.whole))' on an item without @due has nothing to remind of; "
          + "give it a @due day")
    }
  }
}
