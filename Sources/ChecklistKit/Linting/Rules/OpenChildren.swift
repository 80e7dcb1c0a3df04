extension LintRule {
  /// `open-children` (off; warning when enabled): a checked item with unchecked
  /// sub-items.
  public static let openChildren = LintRule(
    .openChildren, "open-children", .off, enabled: .warning,
    summary: "a checked item with unchecked sub-items")
}

extension LintPass {
  /// Opens an item: counts it against a checked parent when it is unchecked.
  mutating func openItem(_ index: Int, _ record: LineRecord) {
    if let parent = open.indices.last, open[parent].checked, !record.isChecked {
      open[parent].openChildren += 1
    }
    open.append((index, Int(record.last), record.isChecked, 0))
  }

  /// Closes the innermost open item, reporting it if it is checked with open sub-items.
  mutating func closeItem() {
    guard let item = open.popLast() else { return }
    guard item.checked, item.openChildren > 0, isOn(.openChildren) else { return }
    let record = lines[item.line]
    let count = item.openChildren
    let name = document.bytes.withUnsafeBufferPointer { ParsedLine(record, $0).name }
    report(
      .openChildren, line: item.line, columns: Self.box(record),
      "'\(name)' is checked but \(count) of its sub-items \(count == 1 ? "is" : "are") not")
  }
}
