extension LintRule {
  /// `empty-name` (error): an item or list whose name is empty.
  public static let emptyName = LintRule(
    .emptyName, "empty-name", .error, summary: "an item or list whose name is empty or only spaces")
}

extension LintPass {
  /// Reports an item or heading line whose name is empty.
  mutating func checkEmptyName(_ index: Int, _ line: ParsedLine) {
    guard line.nameRange.isEmpty else { return }
    if line.kind == .heading {
      report(
        .emptyName, line: index, columns: line.contentRange,
        "list heading has an empty name; give the list a name")
    } else {
      report(
        .emptyName, line: index, columns: Self.box(line.record),
        "item has an empty name; give it a name")
    }
  }
}
