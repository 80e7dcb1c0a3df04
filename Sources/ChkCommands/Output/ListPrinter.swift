import ChecklistKit
import ChkWorkspace

/// The human output of `chk list`: aligned columns, colour on a terminal.
struct ListPrinter: Sendable {
  let style: Style
  let numbers: ItemNumbers
  let today: CalendarDay

  private static let space = UInt8(ascii: " ")

  /// The widest the name column gets: longer names push their row's fields right.
  static let widestNameColumn = 48

  /// The columns a row's indented name asks of the name column.
  static func nameColumn(depth: Int, width: Int) -> Int {
    min(widestNameColumn, depth * 2 + width)
  }

  /// One item's row: its fields as bytes in the list's `RowText`, made visible.
  private struct Row {
    var number: Int
    var depth: Int
    var fields: ItemLineBytes
    /// The name's width in columns, as in the file (the list's column is set by it)
    /// and once made visible (what the row takes).
    var nameWidth: Int
    var visibleNameWidth: Int
  }

  /// The bytes of a list's rows, end to end: one buffer for a list's names, IDs and
  /// notes instead of a string each.
  private struct RowText {
    var bytes: [UInt8] = []
    /// Whether control characters are shown visibly (standard output on a terminal).
    let isVisible: Bool

    /// `range`'s bytes shown visibly, appended (or `range` when nothing needs it).
    mutating func visible(_ range: Range<Int>) -> Range<Int> {
      guard isVisible else { return range }
      var escaped: [UInt8] = []
      bytes.withUnsafeBufferPointer { buffer in
        let part = UnsafeBufferPointer(rebasing: buffer[range])
        if Visible.needsEscaping(part, .oneLine) { Visible.escape(part, .oneLine, into: &escaped) }
      }
      guard !escaped.isEmpty else { return range }
      let start = bytes.count
      bytes += escaped
      return start..<bytes.count
    }

    /// A row for fields appended to `bytes`: every field made visible.
    mutating func row(number: Int, depth: Int, fields raw: ItemLineBytes) -> Row {
      var fields = raw
      fields.name = visible(raw.name)
      fields.id = raw.id.map { visible($0) }
      fields.every = raw.every.map { visible($0) }
      fields.note = raw.note.map { visible($0) }
      let nameWidth = TextWidth.of(bytes[raw.name])
      return Row(
        number: number, depth: depth, fields: fields, nameWidth: nameWidth,
        visibleNameWidth: fields.name == raw.name ? nameWidth : TextWidth.of(bytes[fields.name]))
    }

    /// A row for an item value (its sub-items aside): its fields appended first.
    mutating func row(number: Int, depth: Int, item: ChecklistItem) -> Row {
      let fields = item.appendFields(to: &bytes)
      return row(number: number, depth: depth, fields: fields)
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
      if let icon = entry.list.icon { header += "  " + style.icon(icon, visible) }
      output.lineExact(header)
      // Depth first, in file order, without recursion.
      var rows: [Row] = []
      var text = RowText(isVisible: output.visible != nil)
      var pending = entry.items.reversed().map { (item: $0, depth: 0) }
      while let (item, depth) = pending.popLast() {
        rows.append(
          text.row(
            number: numbers.number(ofLine: item.line) ?? 0, depth: depth, item: item))
        pending += item.children.reversed().map { (item: $0, depth: depth + 1) }
      }
      let numberWidth = String(numbers.count).count
      let nameWidth = rows.map { Self.nameColumn(depth: $0.depth, width: $0.nameWidth) }.max() ?? 0
      write(rows, text: text.bytes, numberWidth: numberWidth, nameWidth: nameWidth, to: output)
    }
  }

  /// Writes the rows, one line each.
  private func write(
    _ rows: [Row], text: [UInt8], numberWidth: Int, nameWidth: Int, to output: ByteOutput
  ) {
    var line: [UInt8] = []
    line.reserveCapacity(256)
    for index in rows.indices {
      line.removeAll(keepingCapacity: true)
      format(rows[index], text: text, numberWidth: numberWidth, nameWidth: nameWidth, into: &line)
      line.append(UInt8(ascii: "\n"))
      line.withUnsafeBufferPointer { output.writeExact($0) }
    }
  }

  /// Prints every list with items, as `print` does for the unfiltered lists, from the
  /// document's outline: a list's items' printed fields are decoded
  /// (`appendItemLine`) only while the list is printed, numbers are counted as the rows go,
  /// and no tree of items is built. A large file's lists are printed in runs of about
  /// `chunk` items, two runs at a time on two threads, each into a buffer written in
  /// order.
  ///
  /// - Complexity: O(*n*) in the number of lines; memory for two runs' output.
  func printAll(_ document: ChecklistDocument, to output: ByteOutput, chunk: Int = 1 << 14) {
    let outline = document.outline
    let runs = ListRuns(outline, chunk: chunk, splitsLists: true)
    guard runs.runs.count > 1 else {
      _ = printLists(runs.lists[...], of: document, outline: outline, widths: [:], to: output)
      return
    }
    let widths = nameWidths(of: runs, document, outline)
    let (isTerminal, visible, printer) = (output.isTerminal, output.visible, self)
    var printedAny = false
    runs.forEachRun { lists, storage in
      let buffer = ByteOutput(isTerminal: isTerminal, reusing: storage)
      buffer.visible = visible
      let printed = printer.printLists(
        lists, of: document, outline: outline, widths: widths, to: buffer)
      return (buffer.takeBytes(), printed)
    } write: { bytes, printed, run in
      guard printed else { return }
      // A part that goes on with a list follows it without a blank line.
      if printedAny, !runs.lists[run.lowerBound].continues { output.line() }
      printedAny = true
      output.writeExact(bytes)
    }
  }

  /// The name column of each list cut into parts, by the index of each of its parts in
  /// `runs.lists`: what the whole list's rows need (as `printLists` measures them), the
  /// parts measured on two threads.
  private func nameWidths(
    of runs: ListRuns, _ document: ChecklistDocument, _ outline: [OutlineRow]
  ) -> [Int: Int] {
    // The parts of the lists that have several, each with the index of its list's first.
    var parts: [(first: Int, index: Int)] = []
    var first = 0
    for (index, list) in runs.lists.enumerated() {
      if !list.continues {
        first = index
        guard index + 1 < runs.lists.count, runs.lists[index + 1].continues else { continue }
      }
      parts.append((first, index))
    }
    guard !parts.isEmpty else { return [:] }
    let (lists, indices) = (runs.lists, parts.map(\.index))
    let measured = Parallel.map(indices.count) { part in
      let list = lists[indices[part]]
      var widest = 0
      var scratch: [UInt8] = []
      for index in list.continues ? list.rows : list.rows.dropFirst()
      where widest < Self.widestNameColumn {
        scratch.removeAll(keepingCapacity: true)
        guard let fields = document.appendItemLine(atLine: outline[index].line, to: &scratch)
        else { continue }
        let width = TextWidth.of(scratch[fields.name])
        widest = max(widest, Self.nameColumn(depth: outline[index].level, width: width))
      }
      return widest
    }
    var byList: [Int: Int] = [:]
    for (part, width) in zip(parts, measured) {
      byList[part.first] = max(byList[part.first] ?? 0, width)
    }
    var widths: [Int: Int] = [:]
    for part in parts { widths[part.index] = byList[part.first] }
    return widths
  }

  /// Prints the lists (outline rows and the number of the items before each) that have
  /// items, a blank line between two; returns whether it printed any.
  private func printLists(
    _ lists: ArraySlice<ListRuns.List>, of document: ChecklistDocument,
    outline: [OutlineRow], widths: [Int: Int], to output: ByteOutput
  ) -> Bool {
    let visible = Visible.Printer(output)
    let numberWidth = String(numbers.count).count
    var first = true
    var rows: [Row] = []
    var text = RowText(isVisible: output.visible != nil)
    for entry in lists.indices {
      let (range, numbered, continues) = lists[entry]
      rows.removeAll(keepingCapacity: true)
      text.bytes.removeAll(keepingCapacity: true)
      var nameWidth = 0
      var number = numbered
      for index in continues ? range : range.dropFirst() {
        number += 1
        if let fields = document.appendItemLine(atLine: outline[index].line, to: &text.bytes) {
          let row = text.row(number: number, depth: outline[index].level, fields: fields)
          nameWidth = max(nameWidth, Self.nameColumn(depth: row.depth, width: row.nameWidth))
          rows.append(row)
        }
      }
      // A part of a long list: the whole list's column, and no heading of its own.
      if let width = widths[entry] { nameWidth = width }
      guard !rows.isEmpty else { continue }
      if !continues {
        guard let list = document.listFields(atLine: outline[range.lowerBound].line) else {
          continue
        }
        if !first { output.line() }
        var header = style.bold(
          visible(list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)"))
        if let icon = list.icon { header += "  " + style.icon(icon, visible) }
        output.lineExact(header)
      }
      first = false
      write(rows, text: text.bytes, numberWidth: numberWidth, nameWidth: nameWidth, to: output)
    }
    return !first
  }

  /// One row, as bytes: number, indent, box, name, then the aligned fields.
  /// Appends fixed text: a static string's bytes in one piece (a string literal's
  /// `utf8`, appended, is copied out of the string first), shared by the threads that
  /// format rows with no reference counted.
  private static func append(_ text: StaticString, to line: inout [UInt8]) {
    line.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private static let blanks: StaticString =
    "                                                                "

  /// Appends `count` spaces, 64 at a time.
  private static func appendBlanks(_ count: Int, to line: inout [UInt8]) {
    var rest = count
    while rest > 0 {
      let piece = min(rest, blanks.utf8CodeUnitCount)
      line.append(contentsOf: UnsafeBufferPointer(start: blanks.utf8Start, count: piece))
      rest -= piece
    }
  }

  private func format(
    _ row: Row, text: [UInt8], numberWidth: Int, nameWidth: Int, into line: inout [UInt8]
  ) {
    let item = row.fields
    DecimalDigits.append(row.number, width: numberWidth, padding: Self.space, to: &line)
    Self.appendBlanks(2 + 2 * row.depth, to: &line)
    if item.isChecked {
      style.append("32", &line) { Self.append("[x]", to: &$0) }
    } else {
      Self.append("[ ]", to: &line)
    }
    line.append(Self.space)
    line += text[item.name]
    let hasFields =
      item.id != nil || item.due != nil || item.done != nil || item.note != nil
      || item.every != nil
    guard hasFields else { return }
    let used = row.depth * 2 + row.visibleNameWidth
    Self.appendBlanks(max(0, nameWidth - used) + 2, to: &line)
    var first = true
    func separate() {
      if !first { Self.append("  ", to: &line) }
      first = false
    }
    if let id = item.id {
      separate()
      style.append("2", &line) { $0 += text[id] }
    }
    if let due = item.due {
      separate()
      style.append(!item.isChecked && due.day < today ? "31" : nil, &line) { line in
        Self.append("due ", to: &line)
        due.appendDescription(to: &line)
      }
    }
    if let every = item.every {
      separate()
      style.append("2", &line) { line in
        Self.append("every ", to: &line)
        line += text[every]
      }
    }
    if let done = item.done {
      separate()
      style.append("2", &line) { line in
        Self.append("done ", to: &line)
        done.appendDescription(to: &line)
      }
    }
    if let note = item.note {
      separate()
      style.append("2", &line) { line in
        Self.append("# ", to: &line)
        line += text[note]
      }
    }
  }
}
