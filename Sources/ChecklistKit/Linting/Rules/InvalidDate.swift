extension LintRule {
  /// `invalid-date` (error): a `@done` or `@due` that is not a real day.
  public static let invalidDate = LintRule(
    .invalidDate, "invalid-date", .error,
    summary: "a @done or @due value that is not a real YYYY-MM-DD day")
}

/// `invalid-date`: checked for each `@done` and `@due` by `checkTags`.
extension LintPass {
  /// The day a dated tag holds, or `nil` after reporting it.
  ///
  /// - Parameter known: the tag key's index in `ChecklistTag.Key.known`.
  @inline(__always)
  mutating func checkDate(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> CalendarDay? {
    if let value = span.value, let day = CalendarDay.parse(bytes, value) { return day }
    reportInvalidDate(index, span, known, bytes)
    return nil
  }

  mutating func reportInvalidDate(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let shown = span.value.map { bytes.text($0) } ?? ""
    let name = ChecklistTag.Key.known[known].name
    report(
      .invalidDate, line: index, columns: span.whole,
      "'\(shown)' in @\(name) is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
  }
}
