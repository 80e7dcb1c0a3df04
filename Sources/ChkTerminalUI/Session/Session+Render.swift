import ChecklistKit
import ChkWorkspace

/// Drawing: only the rows on screen are built, whatever the file's size.
extension Session {
  /// The smallest window the UI draws in.
  static let minimumSize = (columns: 40, rows: 10)

  /// Whether the window is below `minimumSize`: the screen only says so.
  var isTooSmall: Bool {
    size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
  }

  /// The window is now `columns` × `rows`: every screen's cursor stays on its page.
  package func resize(columns: Int, rows: Int) {
    size = (columns, rows)
    settle()
  }

  /// Keeps the current screen's cursor within its rows and on its page: after a key, a
  /// resize or another program's change, so that drawing only reads.
  func settle() {
    switch screen {
    case .items: itemsView.settle(count: rows.count, page: pageRows)
    case .lists: listsView.settle(count: listEntries.count, page: pageRows)
    case .due: dueView.settle(count: dueRows.count, page: pageRows)
    case .item: itemView.settle(count: detailRows.count, page: pageRows)
    case .help: break
    }
  }

  /// The frame for a window of `columns` × `rows`, after `resize` to it (as tests and
  /// the benchmark draw).
  package func render(columns: Int, rows: Int) -> Frame {
    if size != (columns, rows) { resize(columns: columns, rows: rows) }
    return frame()
  }

  /// The frame for the window: it reads the session and changes nothing.
  package func frame() -> Frame {
    let (columns, count) = size
    var frame = Frame(columns: columns, rows: count)
    guard !isTooSmall else {
      var row = Frame.Row()
      row.append("terminal too small: 40×10 at least", .plain, limit: columns)
      frame[0] = row
      return frame
    }
    let page = count - 1
    switch screen {
    case .items: renderItems(into: &frame, page: page)
    case .lists: renderLists(into: &frame, page: page)
    case .due: renderDue(into: &frame, page: page)
    case .help: renderHelp(into: &frame, page: page)
    case .item: renderItemScreen(into: &frame, page: page)
    }
    renderStatus(into: &frame)
    if let picker { renderPicker(picker, into: &frame, page: page) }
    return frame
  }

  /// The mark of the cursor's row: `>` in the margin, so that moving it rewrites two
  /// cells, not two rows.
  private static let cursorMark = TextStyle(color: TextStyle.cyan, isBold: true)
  /// The status line: reverse video.
  private static let statusStyle = TextStyle(isReversed: true)

  func mark(_ row: inout Frame.Row, isCursor: Bool, columns: Int) {
    row.append(isCursor ? "> " : "  ", isCursor ? Self.cursorMark : .plain, limit: columns)
  }

  // MARK: - Items

  private func renderItems(into frame: inout Frame, page: Int) {
    let columns = frame.columns
    // The clock's time today: an item due today at an earlier time is overdue.
    let now = workspace.now
    let clock = now.day == today ? now.time : ClockTime.midnight
    if rows.isEmpty {
      var row = Frame.Row()
      let text =
        filter.isEmpty
        ? "  No lists yet: a adds an item, L then a adds a list."
        : "  Nothing matches '\(DisplayText.safe(filter))'; Esc clears the filter."
      row.append(text, TextStyle(isDim: true), limit: columns)
      frame[0] = row
      return
    }
    defer { drawStickyHeading(into: &frame, columns: columns) }
    drawRows(of: itemsView, count: rows.count, into: &frame, page: page) { index, row in
      let entry = rows[index]
      let file = files[entry.file]
      switch entry.kind {
      case .file:
        row.append(
          "== \(DisplayText.safe(file.path.shown)) ==",
          TextStyle(color: TextStyle.cyan, isBold: true), limit: columns)
      case .list:
        drawList(file, entry.outline, into: &row, columns: columns)
      case .item:
        drawItem(file, file.outline[entry.outline], into: &row, columns: columns, clock: clock)
      }
    }
  }

  /// The heading of the list the first row shown belongs to, over that row, when the
  /// heading itself has scrolled off and the cursor is not on that row: which list
  /// the rows are in stays in sight.
  private func drawStickyHeading(into frame: inout Frame, columns: Int) {
    guard top > 0, top < rows.count, cursor != top, rows[top].kind == .item else { return }
    // The first row's list, by the outline (no walk back over the rows above).
    let file = files[rows[top].file]
    var row = Frame.Row()
    row.append("  ", .plain, limit: columns)
    drawList(file, file.outline[rows[top].outline].list, into: &row, columns: columns)
    frame[0] = row
  }

  /// Draws the rows of a screen's list that `view` shows, each after the cursor's
  /// margin, with `draw`: the one loop of the items, lists and due screens.
  func drawRows(
    of view: ScrollingList, count: Int, into frame: inout Frame, page: Int,
    _ draw: (_ index: Int, _ row: inout Frame.Row) -> Void
  ) {
    for index in view.shown(page: page, count: count) {
      var row = Frame.Row()
      mark(&row, isCursor: index == view.cursor, columns: frame.columns)
      draw(index, &row)
      frame[index - view.top] = row
    }
  }

  /// A list's row: icon, name, and how many items are left.
  func drawList(
    _ file: OpenFile, _ index: Int, into row: inout Frame.Row, columns: Int, showsFile: Bool = false
  ) {
    let outline = file.outline[index]
    let fields = file.document.listFields(atLine: outline.line)
    var count = ""
    if let (open, total) = file.counts[index] {
      // A heading with no items of its own (a title) says nothing.
      count = ItemList.Outline.progress(open: open, total: total) ?? ""
    }
    let right = DisplayText.width(count)
    let limit = columns - right - 2
    if let icon = fields?.icon, !icon.isEmpty {
      // Its picture (`ListIcon`), else its name.
      if let picture = ListIcon.picture(for: icon) {
        row.append(DisplayText.safe(picture) + " ", .plain, limit: limit)
      } else {
        row.append("(\(DisplayText.safe(icon))) ", TextStyle(isDim: true), limit: limit)
      }
    }
    let name = outline.line == 0 ? "(items before the first heading)" : fields?.name ?? ""
    row.append(
      name.isEmpty ? "(no name)" : DisplayText.safe(name), TextStyle(isBold: true), limit: limit)
    // On the lists screen of several files: which file the list is in.
    if showsFile {
      row.append("  " + DisplayText.safe(file.path.shown), TextStyle(isDim: true), limit: limit)
    }
    row.pad(to: columns - right, limit: columns)
    row.append(count, TextStyle(isDim: true), limit: columns)
  }

  /// An item's row: indent, box, name (cut to fit), note and recurrence marks, and its
  /// due day in words, red when overdue, yellow when today.
  private func drawItem(
    _ file: OpenFile, _ outline: OutlineRow, into row: inout Frame.Row, columns: Int,
    clock: ClockTime
  ) {
    guard let item = file.document.itemFields(atLine: outline.line) else { return }
    var due = ""
    var dueStyle = TextStyle(isDim: true)
    if let day = item.dueDate, !item.isChecked {
      due = RelativeDay.words(day, today: today)
      let distance = day.dayNumber - today.dayNumber
      if distance > 13 || distance < -13 { due = day.description }
      if let time = item.dueTime { due += " " + time.description }
      if day < today || (day == today && item.dueTime.map { $0 < clock } ?? false) {
        dueStyle = TextStyle(color: TextStyle.red)
      } else if day == today {
        dueStyle = TextStyle(color: TextStyle.yellow)
      }
    }
    var marks = ""
    if item.tagValue("every") != nil { marks += " ↻" }
    // A reminder of its own (the default one is not marked).
    if let remind = item.tagValue("remind"), remind != "off" { marks += " ⏰" }
    let right = due.isEmpty ? 0 : DisplayText.width(due) + 1
    // Room for the marks, and for a note's `#` should its first words not fit.
    let noteMark = item.note == nil ? 0 : 2
    let limit = columns - right - DisplayText.width(marks) - noteMark
    row.append(String(repeating: "  ", count: min(outline.level, 40)), .plain, limit: limit)
    row.append(
      item.isChecked ? "[x]" : "[ ]",
      item.isChecked ? TextStyle(color: TextStyle.green) : .plain, limit: limit)
    row.append(" ", .plain, limit: limit)
    row.append(
      DisplayText.safe(item.name), item.isChecked ? TextStyle(isDim: true) : .plain, limit: limit)
    // A note's first words where the width allows (at least a word's room), else `#`.
    if let note = item.note {
      if limit + noteMark - row.width >= 12 {
        row.append("  " + DisplayText.safe(note), TextStyle(isDim: true), limit: limit + noteMark)
      } else {
        marks = " #" + marks
      }
    }
    row.append(marks, TextStyle(isDim: true), limit: columns - right)
    if !due.isEmpty {
      row.pad(to: columns - right + 1, limit: columns)
      row.append(due, dueStyle, limit: columns)
    }
  }

  // MARK: - Status line and picker

  /// `text` as two parts: what fits in `width` cells (cut after a space when one is
  /// near), and the rest.
  static func split(_ text: String, at width: Int) -> (String, String) {
    var used = 0
    var end = text.startIndex
    var lastSpace: String.Index?
    for index in text.indices {
      let cells = DisplayText.width(String(text[index]))
      if used + cells > width { break }
      used += cells
      end = text.index(after: index)
      if text[index] == " " { lastSpace = end }
    }
    if let lastSpace, text.distance(from: lastSpace, to: end) < 20 { end = lastSpace }
    return (String(text[..<end]), String(text[end...]))
  }

  private func renderStatus(into frame: inout Frame) {
    var row = Frame.Row()
    let columns = frame.columns
    if var prompt {
      // Why the text was not taken, above the prompt that keeps it.
      if let error = prompt.error {
        var above = Frame.Row()
        above.append(" " + DisplayText.safe(error), TextStyle(color: TextStyle.red), limit: columns)
        frame[frame.rows.count - 2] = above
      }
      // A label longer than half the line (a hint of what to type) is shown whole on the
      // row above, unless an error is there; the prompt line keeps its first word.
      if prompt.error == nil, !prompt.isQuestion, DisplayText.width(prompt.label) > columns / 2 {
        var above = Frame.Row()
        above.append(" " + DisplayText.safe(prompt.label), TextStyle(isDim: true), limit: columns)
        frame[frame.rows.count - 2] = above
        prompt.label = (prompt.label.split(separator: " ").first.map(String.init) ?? "") + ": "
      }
      // A question longer than the line starts on the row above.
      if case .confirm = prompt.purpose, DisplayText.width(prompt.label) > columns - 1 {
        let (first, rest) = Self.split(DisplayText.safe(prompt.label), at: columns - 1)
        var above = Frame.Row()
        above.append(first, .plain, limit: columns)
        frame[frame.rows.count - 2] = above
        prompt.label = rest
      }
      let (label, text, column) = prompt.shown(columns: columns)
      row.append(label, .plain, limit: columns)
      row.append(text, .plain, limit: columns)
      frame.cursor = Frame.Cursor(column: min(column, columns - 1), row: frame.rows.count - 1)
      frame[frame.rows.count - 1] = row
      return
    }
    var place = ""
    switch screen {
    case .items:
      if let file = currentRow?.file ?? files.indices.first {
        place = files[file].path.shown
        if files[file].isReadOnly { place += " (read-only)" }
      }
      place += rows.isEmpty ? "" : "  \(cursor + 1)/\(rows.count)"
      // What narrows the rows stays in sight.
      if !filter.isEmpty { place += "  /" + filter }
      if hidesChecked { place += "  checked hidden" }
      if sortOrder == .due { place += "  by due" }
      if sortOrder == .name { place += "  by name" }
    case .lists: place = "Lists  \(min(listsCursor + 1, listEntries.count))/\(listEntries.count)"
    case .due: place = "Due"
    case .item:
      place = "Item  Esc goes back"
    case .help: place = "Help"
    }
    let pending = pendingKey.map { String($0) + "…" } ?? pendingCount.map { String($0) + "…" }
    var message = DisplayText.safe(pending ?? status)
    // The hint gives way to a message that needs the room, then the place does; a
    // message longer than the line goes on over the row above it, never cut.
    let messageWidth = DisplayText.width(message)
    let hint = DisplayText.width(place) + messageWidth + 12 > columns ? "" : "? help "
    if messageWidth > 0, DisplayText.width(place) + messageWidth + 4 > columns { place = "" }
    if messageWidth > columns - 2 {
      let (first, rest) = Self.split(message, at: columns - 2)
      var above = Frame.Row()
      var style = Self.statusStyle
      if statusIsError { style.color = TextStyle.red }
      above.append(" " + first, style, limit: columns)
      above.pad(to: columns, limit: columns)
      frame[frame.rows.count - 2] = above
      message = rest
    }
    var bold = Self.statusStyle
    bold.isBold = true
    row.append(
      place.isEmpty ? " " : " " + DisplayText.safe(place) + "  ", bold, limit: columns - 8)
    var messageStyle = Self.statusStyle
    if statusIsError { messageStyle.color = TextStyle.red }
    row.append(message, messageStyle, limit: columns)
    let fill = columns - DisplayText.width(hint) - row.width
    if fill > 0 {
      row.append(String(repeating: " ", count: fill), Self.statusStyle, limit: columns)
    }
    row.append(hint, Self.statusStyle, limit: columns)
    frame[frame.rows.count - 1] = row
  }

  private func renderPicker(_ picker: Picker, into frame: inout Frame, page: Int) {
    let height = min(picker.lists.count + 1, page)
    let start = max(0, min(picker.cursor - height + 2, picker.lists.count - height + 1))
    var title = Frame.Row()
    title.append(
      "  Move to which list? (Enter moves, Esc cancels)", TextStyle(isBold: true),
      limit: frame.columns)
    frame[0] = title
    for offset in 1..<height {
      let index = start + offset - 1
      guard index < picker.lists.count else { break }
      var row = Frame.Row()
      mark(&row, isCursor: index == picker.cursor, columns: frame.columns)
      row.append(picker.lists[index].name, .plain, limit: frame.columns)
      frame[offset] = row
    }
    for offset in height..<page { frame[offset] = Frame.Row() }
  }
}
