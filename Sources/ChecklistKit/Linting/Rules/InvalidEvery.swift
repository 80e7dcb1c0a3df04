extension LintRule {
  /// `invalid-every` (error): an `@every` that is not a recurrence, or one on an item
  /// without a `@due` day (it would never come back).
  public static let invalidEvery = LintRule(
    .invalidEvery, "invalid-every", .error,
    summary: "an @every value that is not a recurrence (week, 2 weeks, weekday, monday, ..., "
      + "optionally 'from done'), or @every without @due")
}

/// `invalid-every`: checked for each `@every` by `checkTags`.
extension LintPass {
  /// Reports an `@every` that is not a recurrence, or that has no `@due` to count from.
  mutating func checkRecurrence(
    _ index: Int, _ span: TagSpan, _ line: ParsedLine, isItem: Bool
  ) {
    guard isItem, isOn(.invalidEvery) else { return }
    let bytes = line.bytes
    let value = span.value.map { bytes.text($0) } ?? ""
    if Recurrence(value) == nil {
      report(
        .invalidEvery, line: index, columns: span.whole,
        "'\(value)' in @every is not a recurrence; "
          + Recurrence.howToWrite)
    } else if line.tag(.due) == nil {
      report(
        .invalidEvery, line: index, columns: span.whole,
        "'\(bytes.text(span.whole))' on an item without @due never comes back; "
          + "give it a @due day")
    }
  }
}
