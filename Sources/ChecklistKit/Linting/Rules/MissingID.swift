extension LintRule {
  /// `missing-id` (off; warning when enabled, fixable): an item without an ID.
  public static let missingID = LintRule(
    .missingID, "missing-id", .off, enabled: .warning,
    summary: "an item without an ID (enable it to require IDs)", fix: "assigns IDs")
}

extension LintPass {
  mutating func reportMissingID(_ index: Int, _ line: ParsedLine) {
    report(
      .missingID, line: index, columns: Self.box(line.record),
      "'\(line.name)' has no ID; give it one", fix: .newID)
  }
}
