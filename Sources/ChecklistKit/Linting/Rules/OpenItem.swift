extension LintRule {
  /// `open-item` (off; error when enabled): an unchecked item.
  public static let openItem = LintRule(
    .openItem, "open-item", .off, enabled: .error,
    summary: "an unchecked item (enable it to fail CI until every item is done)")
}

extension LintPass {
  mutating func reportOpenItem(_ index: Int, _ line: ParsedLine) {
    report(.openItem, line: index, columns: Self.box(line.record), "'\(line.name)' is not done")
  }
}
