import ChecklistKit

/// The human output of `chk list`: aligned columns, colour on a terminal.
struct ListPrinter {
  let style: Style
  let numbers: ItemNumbers
  let today: Checklist.Day

  private struct Row {
    var number: Int
    var depth: Int
    var item: Checklist.Item
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
        rows.append(Row(number: numbers.number(ofLine: item.line) ?? 0, depth: depth, item: item))
        pending += item.children.reversed().map { (item: $0, depth: depth + 1) }
      }
      let numberWidth = String(numbers.count).count
      let nameWidth = min(48, rows.map { $0.depth * 2 + TextWidth.of($0.item.name) }.max() ?? 0)
      for row in rows {
        output.lineExact(
          format(row, numberWidth: numberWidth, nameWidth: nameWidth, visible: visible))
      }
    }
  }

  private func format(_ row: Row, numberWidth: Int, nameWidth: Int, visible: Visible.Printer)
    -> String
  {
    var item = row.item
    item.name = visible(item.name)
    item.note = item.note.map { visible($0) }
    item.id = item.id.map { visible($0) }
    let number = String(row.number)
    var text = String(repeating: " ", count: numberWidth - number.count) + number + "  "
    text += String(repeating: "  ", count: row.depth)
    text += item.isChecked ? style.green("[x]") : "[ ]"
    text += " " + item.name
    var fields: [String] = []
    if let id = item.id { fields.append(style.dim(id)) }
    if let due = item.dueDate {
      let label = "due \(due)"
      fields.append(!item.isChecked && due < today ? style.red(label) : label)
    }
    if let done = item.doneDate { fields.append(style.dim("done \(done)")) }
    if let note = item.note { fields.append(style.dim("# " + note)) }
    guard !fields.isEmpty else { return text }
    let used = row.depth * 2 + TextWidth.of(item.name)
    text += String(repeating: " ", count: max(0, nameWidth - used)) + "  "
    return text + fields.joined(separator: "  ")
  }
}
