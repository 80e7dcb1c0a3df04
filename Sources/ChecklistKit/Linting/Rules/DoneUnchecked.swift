extension LintRule {
  /// `done-unchecked` (warning, fixable): `@done` on an unchecked item.
  public static let doneUnchecked = LintRule(
    .doneUnchecked, "done-unchecked", .warning, summary: "@done on an unchecked item",
    fix: "removes the @done")
}

/// `done-unchecked`: checked for each `@done` by `checkTags`.
extension LintPass {
  /// Reports `@done` on an unchecked item.
  mutating func reportDoneUnchecked(
    _ index: Int, _ span: TagSpan, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    report(
      .doneUnchecked, line: index, columns: span.whole,
      "'\(bytes.text(span.whole))' on an unchecked item; check the item or remove the date",
      fix: .removeDone)
  }
}
