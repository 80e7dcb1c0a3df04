import ChecklistKit
import ChkWorkspace

/// The human output of `chk list`: aligned columns, colour on a terminal.
struct ListPrinter {
  let style: Style
  let numbers: ItemNumbers
  let today: CalendarDay

  private static let space = UInt8(ascii: " ")

  private struct Row {
    var number: Int
    var depth: Int
    var item: ItemSummary
    /// The name's width in columns, as in the file (the list's column is set by it)
    /// and once made visible (what the row takes).
    var nameWidth: Int
    var visibleNameWidth: Int
    /// The name, made visible.
    var visibleName: String

    init(number: Int, depth: Int, item: ItemSummary, visible: Visible.Printer) {
      self.number = number
      self.depth = depth
      self.item = item
      nameWidth = TextWidth.of(item.name)
      visibleName = visible(item.name)
      visibleNameWidth = visibleName == item.name ? nameWidth : TextWidth.of(visibleName)
    }
  }

  /// Prints the lists; every piece of the file's text is made visible (on a terminal)
  /// before styles go around it, and the lines go out exact.
  func print(_ lists: [FilteredList], to output: ByteOutput, showEmpty: Bool) {
    let visible = Visible.Printer(output)
    var first = true
    for entry in lists where showEmpty || !entry.items.isEmpty {
      if !first { output.line() }
      first = false
      var header = style.bold(
        visible(entry.list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)"))
      if let icon = entry.list.icon { header += "  " + style.dim(visible(icon)) }
      output.lineExact(header)
      // Depth first, in file order, without recursion.
      var rows: [Row] = []
      var pending = entry.items.reversed().map { (item: $0, depth: 0) }
      while let (item, depth) = pending.popLast() {
        rows.append(
          Row(
            number: numbers.number(ofLine: item.line) ?? 0, depth: depth,
            item: ItemSummary(item), visible: visible))
        pending += item.children.reversed().map { (item: $0, depth: depth + 1) }
      }
      let numberWidth = String(numbers.count).count
      let nameWidth = min(48, rows.map { $0.depth * 2 + $0.nameWidth }.max() ?? 0)
      var line: [UInt8] = []
      line.reserveCapacity(256)
      write(rows, numberWidth: numberWidth, nameWidth: nameWidth, visible: visible, to: output)
    }
  }

  /// Writes the rows, one line each.
  private func write(
    _ rows: [Row], numberWidth: Int, nameWidth: Int, visible: Visible.Printer,
    to output: ByteOutput
  ) {
    var line: [UInt8] = []
    line.reserveCapacity(256)
    for index in rows.indices {
      line.removeAll(keepingCapacity: true)
      format(
        rows[index], numberWidth: numberWidth, nameWidth: nameWidth, visible: visible, into: &line)
      line.append(UInt8(ascii: "\n"))
      line.withUnsafeBufferPointer { output.writeExact($0) }
    }
  }

  /// Prints every list with items, as `print` does for the unfiltered lists, from the
  /// document's outline: a list's items are summarized (`ItemSummary`: the printed
  /// fields only) only while the list is printed, numbers are counted as the rows go,
  /// and no tree of items is built.
  ///
  /// - Complexity: O(*n*) in the number of lines; memory for one list's rows at a time.
  func printAll(_ document: ChecklistDocument, to output: ByteOutput) {
    let visible = Visible.Printer(output)
    let outline = document.outline
    let numberWidth = String(numbers.count).count
    var number = 0
    var first = true
    var rows: [Row] = []
    var index = 0
    while index < outline.count {
      let heading = outline[index]
      index += 1
      rows.removeAll(keepingCapacity: true)
      var nameWidth = 0
      while index < outline.count, outline[index].kind == .item {
        number += 1
        if let item = document.itemSummary(atLine: outline[index].line) {
          let row = Row(number: number, depth: outline[index].level, item: item, visible: visible)
          nameWidth = max(nameWidth, min(48, row.depth * 2 + row.nameWidth))
          rows.append(row)
        }
        index += 1
      }
      guard !rows.isEmpty, let list = document.listFields(atLine: heading.line) else { continue }
      if !first { output.line() }
      first = false
      var header = style.bold(
        visible(list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)"))
      if let icon = list.icon { header += "  " + style.dim(visible(icon)) }
      output.lineExact(header)
      write(rows, numberWidth: numberWidth, nameWidth: nameWidth, visible: visible, to: output)
    }
  }

  /// One row, as bytes: number, indent, box, name, then the aligned fields.
  private func format(
    _ row: Row, numberWidth: Int, nameWidth: Int, visible: Visible.Printer,
    into line: inout [UInt8]
  ) {
    let item = row.item
    let name = row.visibleName
    var digits = 1
    var power = 10
    while power <= row.number, digits < 19 {
      digits += 1
      power &*= 10
    }
    line.append(contentsOf: repeatElement(Self.space, count: max(0, numberWidth - digits) + digits))
    var rest = row.number
    for position in stride(from: line.count - 1, through: line.count - digits, by: -1) {
      line[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    line.append(contentsOf: repeatElement(Self.space, count: 2 + 2 * row.depth))
    if item.isChecked {
      style.append("32", "[x]", to: &line)
    } else {
      line += "[ ]".utf8
    }
    line.append(Self.space)
    line += name.utf8
    let every = item.every
    let hasFields =
      item.id != nil || item.due != nil || item.done != nil || item.note != nil || every != nil
    guard hasFields else { return }
    let used = row.depth * 2 + row.visibleNameWidth
    line.append(contentsOf: repeatElement(Self.space, count: max(0, nameWidth - used) + 2))
    var first = true
    func separate() {
      if !first { line += "  ".utf8 }
      first = false
    }
    if let id = item.id {
      separate()
      style.append("2", visible(id), to: &line)
    }
    if let due = item.due {
      separate()
      let label = "due \(due)"
      if !item.isChecked, due.day < today {
        style.append("31", label, to: &line)
      } else {
        line += label.utf8
      }
    }
    if let every {
      separate()
      style.append("2", "every " + visible(every), to: &line)
    }
    if let done = item.done {
      separate()
      style.append("2", "done \(done)", to: &line)
    }
    if let note = item.note {
      separate()
      style.append("2", "# " + visible(note), to: &line)
    }
  }
}
