/// One row of a document's outline: a list (its heading, or the unnamed list before the
/// first heading) or an item, in file order. A screen that shows a few rows of a
/// large file builds the outline once and the values of the rows it shows only.
public struct OutlineRow: Sendable, Hashable {
  /// What the row is.
  public enum Kind: Sendable, Hashable {
    case list, item
  }

  // 16 bytes a row (a screen keeps one per item): line numbers fit in 32 bits, as the
  // document's offsets do.
  private var storedLine: UInt32
  private var storedLastLine: UInt32
  private var storedList: UInt32
  private var storedLevel: UInt16
  /// A list or an item.
  public var kind: Kind
  /// Whether an item is checked.
  public var isChecked: Bool

  /// The 1-based line: the heading's, or the item's; 0 for the unnamed list.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(truncatingIfNeeded: newValue) }
  }
  /// For an item, how many items it is nested under (0 for a top-level item), at most
  /// `maximumItemNesting - 1` as in `ChecklistDocument.lists`; 0 for a list.
  public var level: Int {
    get { Int(storedLevel) }
    set { storedLevel = UInt16(clamping: newValue) }
  }
  /// The 1-based last line the row owns: an item's sub-items and continuation lines,
  /// a list's lines up to the next heading.
  public var lastLine: Int {
    get { Int(storedLastLine) }
    set { storedLastLine = UInt32(truncatingIfNeeded: newValue) }
  }
  /// The index in the outline of the list the row belongs to (a list's own index).
  public var list: Int {
    get { Int(storedList) }
    set { storedList = UInt32(truncatingIfNeeded: newValue) }
  }

  /// A row; lines and indices are below 2^32 in any document (see
  /// `ChecklistDocument.maximumByteCount`), a level at most `maximumItemNesting`.
  public init(kind: Kind, line: Int, level: Int, isChecked: Bool, lastLine: Int, list: Int) {
    storedLine = UInt32(truncatingIfNeeded: line)
    storedLastLine = UInt32(truncatingIfNeeded: lastLine)
    storedList = UInt32(truncatingIfNeeded: list)
    storedLevel = UInt16(clamping: level)
    self.kind = kind
    self.isChecked = isChecked
  }
}

extension ChecklistDocument {
  /// Every list and item as a row, in file order, each list before its items.
  ///
  /// - Complexity: O(*n*) in the number of lines; nothing is decoded.
  public var outline: [OutlineRow] {
    logWork("linesVisited", lines.count)
    let spans = listSpans()
    var rows: [OutlineRow] = []
    // Exactly one allocation: a screen keeps this array for as long as it shows the file.
    rows.reserveCapacity(spans.count + lines.count { $0.kind == .item })
    var open: [Int] = []
    for span in spans {
      let listIndex = rows.count
      rows.append(
        OutlineRow(
          kind: .list, line: span.heading.map { $0 + 1 } ?? 0, level: 0, isChecked: false,
          lastLine: span.lines.upperBound, list: listIndex))
      open.removeAll(keepingCapacity: true)
      for index in span.lines where lines[index].kind == .item {
        while let last = open.last, last < index { open.removeLast() }
        let record = lines[index]
        rows.append(
          OutlineRow(
            kind: .item, line: index + 1, level: min(open.count, Self.maximumItemNesting - 1),
            isChecked: record.isChecked, lastLine: Int(record.last) + 1, list: listIndex))
        open.append(Int(record.last))
      }
    }
    return rows
  }

  /// The item on a 1-based line, without its sub-items: name, state, note, dates and
  /// tags. `nil` when the line is not an item.
  ///
  /// - Complexity: O(*m*) in the line's length.
  public func itemFields(atLine line: Int) -> ChecklistItem? {
    guard line >= 1, line <= lines.count, lines[line - 1].kind == .item else { return nil }
    return bytes.withUnsafeBufferPointer { itemValue(atLine: line - 1, in: $0) }
  }

  /// The list whose heading is on a 1-based line (0 for the unnamed list), without its
  /// items.
  ///
  /// - Complexity: O(*m*) in the heading's length.
  public func listFields(atLine line: Int) -> ItemList? {
    if line == 0 { return ItemList(name: nil) }
    guard line >= 1, line <= lines.count, lines[line - 1].kind == .heading else { return nil }
    let span = ListSpan(heading: line - 1, lines: (line - 1)..<line)
    return bytes.withUnsafeBufferPointer { list(of: span, in: $0, withItems: false) }
  }
}
