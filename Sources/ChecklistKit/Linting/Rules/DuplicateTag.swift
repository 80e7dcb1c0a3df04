extension LintRule {
  /// `duplicate-tag` (error): a known tag twice on one line.
  public static let duplicateTag = LintRule(
    .duplicateTag, "duplicate-tag", .error,
    summary: "the same known tag ("
      + ChecklistTag.Key.known.map { "@" + $0.name }.joined(separator: ", ")
      + ") twice on one line")
}

/// `duplicate-tag`: found by `checkTags`, which sees each known key once.
extension LintPass {
  /// Reports a known tag seen before on the line.
  mutating func reportDuplicateTag(
    _ index: Int, _ span: TagSpan, _ key: ChecklistTag.Key, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    report(
      .duplicateTag, line: index, columns: span.whole,
      "@\(key.name) appears more than once on this line ('\(bytes.text(span.whole))'); "
        + "keep one")
  }
}
