extension LintRule {
  /// `invalid-date` (error): a `@done` that is not a real day, or a `@due` that is not
  /// a real day, with or without a real time.
  public static let invalidDate = LintRule(
    .invalidDate, "invalid-date", .error,
    summary: "a @done value that is not a real YYYY-MM-DD day, or a @due value that is not "
      + "one (with an optional HH:MM time)")
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

  /// The day and time a `@due` holds, or `nil` after reporting it.
  @inline(__always)
  mutating func checkMoment(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> DueMoment? {
    if let value = span.value, let moment = DueMoment.parse(bytes, value) { return moment }
    reportInvalidDate(index, span, known, bytes)
    return nil
  }

  mutating func reportInvalidDate(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let shown = span.value.map { bytes.text($0) } ?? ""
    let key = ChecklistTag.Key.known[known]
    report(
      .invalidDate, line: index, columns: span.whole,
      key.value == .moment
        ? "'\(shown)' in @\(key.name) is not a real day or day and time; write YYYY-MM-DD or "
          + "YYYY-MM-DD HH:MM, e.g. 2024-02-29 or 2024-02-29 09:30"
        : "'\(shown)' in @\(key.name) is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
  }
}
