extension LintRule {
  /// `empty-name` (error): an item that has tags or a note but no name, or a list
  /// heading without a title.
  public static let emptyName = LintRule(
    .emptyName, "empty-name", .error,
    summary: "an item with tags or a note but no name, or a list heading with no title")
}

extension LintRule {
  /// `empty-item` (off; warning when enabled): an item with nothing after its box, the
  /// placeholder of a template.
  public static let emptyItem = LintRule(
    .emptyItem, "empty-item", .off, enabled: .warning,
    summary: "an item with nothing after its box (a template's placeholder; enable it to "
      + "require every item filled in)")
}

extension LintPass {
  /// Reports an item or heading line whose name is empty; an item with nothing after
  /// its box is a placeholder (`empty-item`).
  mutating func checkEmptyName(_ index: Int, _ line: ParsedLine) {
    guard line.nameRange.isEmpty else { return }
    if line.kind == .item, !line.record.hasTags, !line.record.hasNote {
      report(
        .emptyItem, line: index, columns: Self.box(line.record),
        "item has nothing after its box; fill it in or remove it")
    } else if line.kind == .heading {
      report(
        .emptyName, line: index, columns: line.contentRange,
        "list heading has an empty name; give the list a name")
    } else {
      report(
        .emptyName, line: index, columns: Self.box(line.record),
        "item has tags or a note but no name; give it a name")
    }
  }
}
