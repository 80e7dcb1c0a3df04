import ChecklistKit
import ChkWorkspace

/// The item screen (Enter on an item): the whole item, as a phone's detail view shows
/// it: its name (wrapped), note (all of it), due day and time, repeat, reminder, state,
/// ID and list, then its sub-items and the text under it. Each field is a row; Enter
/// (or the field's own key) edits it, on the same prompts as the items screen.
extension Session {
  /// A row of the item screen.
  enum DetailRow: Hashable {
    case name, note, due, recurrence, reminder, state, id, list
    /// A sub-item (its 1-based line and its level): Enter shows it.
    case subItem(line: Int, level: Int)
    /// A line of the text under the item (its 1-based line).
    case prose(line: Int)
  }

  /// The rows the item screen shows for the cursor's item (empty when there is none).
  var detailRows: [DetailRow] {
    guard let (file, row) = currentItem, let index = currentRow?.outline else { return [] }
    var result: [DetailRow] = [.name, .note, .due, .recurrence, .reminder, .state, .id, .list]
    let document = files[file].document
    let outline = files[file].outline
    // Sub-items: the outline rows right after it within its lines (its own subtree's
    // worth of work, whatever the file's size).
    var next = index + 1
    while next < outline.count, outline[next].kind == .item, outline[next].line <= row.lastLine {
      result.append(.subItem(line: outline[next].line, level: outline[next].level))
      next += 1
    }
    result += document.prose(ownedBy: .line(row.line)).map { .prose(line: $0.line) }
    return result
  }

  /// Enter on the item screen: the field's edit, a sub-item's own screen.
  func editField() {
    let rows = detailRows
    guard itemView.cursor < rows.count else { return }
    switch rows[itemView.cursor] {
    case .name: performOnItemsScreen(.rename)
    case .note: performOnItemsScreen(.note)
    case .due: performOnItemsScreen(.setDue)
    case .recurrence: performOnItemsScreen(.setRecurrence)
    case .reminder: performOnItemsScreen(.setReminder)
    case .state: performOnItemsScreen(.toggle)
    case .id: setStatus("the ID names the item for chk and for calendars; it is not edited here")
    case .list: performOnItemsScreen(.pick)
    case .subItem(let line, _):
      guard let file = currentRow?.file,
        let index = self.rows.firstIndex(where: {
          $0.file == file && $0.kind == .item && files[file].outline[$0.outline].line == line
        })
      else { return setStatus("that sub-item is hidden (by the filter or c)") }
      cursor = index
      itemView.cursor = 0
    case .prose:
      setStatus("text under an item is edited in the file, not here")
    }
  }

  /// Draws the item screen.
  func renderItemScreen(into frame: inout Frame, page: Int) {
    let columns = frame.columns
    guard let (file, row) = currentItem,
      let item = files[file].document.itemFields(atLine: row.line)
    else {
      var line = Frame.Row()
      line.append("  The item is gone: Esc goes back.", TextStyle(isDim: true), limit: columns)
      frame[0] = line
      return
    }
    let document = files[file].document
    let rows = detailRows
    let labelWidth = 10
    let width = max(10, columns - labelWidth - 4)
    // Each row as one or more screen lines; the cursor's row is marked on its first.
    var lines: [(entry: Int, row: Frame.Row)] = []
    func add(_ entry: Int, _ label: String, _ text: String, _ style: TextStyle = .plain) {
      let wrapped = DisplayText.wrapped(DisplayText.safe(text), width: width)
      for (offset, part) in wrapped.enumerated() {
        var line = Frame.Row()
        line.append(
          entry == itemView.cursor && offset == 0 ? "> " : "  ",
          Self.markStyle(entry == itemView.cursor), limit: columns)
        line.append(offset == 0 ? label : "", TextStyle(isDim: true), limit: columns)
        line.pad(to: labelWidth + 2, limit: columns)
        line.append(part, style, limit: columns)
        lines.append((entry, line))
      }
    }
    let now = workspace.now
    let firstSubItem = rows.firstIndex { if case .subItem = $0 { true } else { false } }
    let firstProse = rows.firstIndex { if case .prose = $0 { true } else { false } }
    let prose = Dictionary(
      document.prose(ownedBy: .line(row.line)).map { ($0.line, $0.text) },
      uniquingKeysWith: { a, _ in a })
    for (entry, detail) in rows.enumerated() {
      switch detail {
      case .name: add(entry, "Name", item.name, TextStyle(isBold: true))
      case .note:
        add(
          entry, "Note", item.note ?? "none (Enter adds one)",
          item.note == nil ? TextStyle(isDim: true) : .plain)
      case .due:
        var text = "none"
        if let due = item.due {
          text = due.description + " (" + RelativeDay.words(due.day, today: today) + ")"
          let isPast =
            due.day < today
            || (due.day == today && now.day == today && (due.time.map { $0 < now.time } ?? false))
          if isPast, !item.isChecked { text += ", overdue" }
        }
        add(entry, "Due", text, item.due == nil ? TextStyle(isDim: true) : .plain)
      case .recurrence:
        let every = item.tagValue("every")
        add(
          entry, "Repeats", every.map { "every " + $0 } ?? "never",
          every == nil ? TextStyle(isDim: true) : .plain)
      case .reminder:
        let remind = item.tagValue("remind")
        add(
          entry, "Remind me", remind ?? "the default (chk remind)",
          remind == nil ? TextStyle(isDim: true) : .plain)
      case .state:
        let done = item.doneDate.map { " on " + $0.description } ?? ""
        add(
          entry, "State", item.isChecked ? "[x] done" + done : "[ ] open",
          item.isChecked ? TextStyle(color: TextStyle.green) : .plain)
      case .id:
        add(entry, "ID", item.id ?? "none yet (an edit gives it one)", TextStyle(isDim: true))
      case .list:
        add(
          entry, "List",
          listName(file: file, outline: row.list) + "  (" + files[file].path.shown + ")")
      case .subItem(let line, let level):
        let sub = document.itemFields(atLine: line)
        let indent = String(repeating: "  ", count: max(0, level - row.level - 1))
        add(
          entry, entry == firstSubItem ? "Sub-items" : "",
          indent + ((sub?.isChecked ?? false) ? "[x] " : "[ ] ") + (sub?.name ?? ""))
      case .prose(let line):
        add(entry, entry == firstProse ? "Under it" : "", prose[line] ?? "", TextStyle(isDim: true))
      }
    }
    // The cursor's row in sight: the page starts where its first line fits.
    let first = lines.firstIndex { $0.entry == itemView.cursor } ?? 0
    let top = first < page ? 0 : first - page / 2
    for (offset, line) in lines.dropFirst(top).prefix(page).enumerated() {
      frame[offset] = line.row
    }
  }

  private static func markStyle(_ isCursor: Bool) -> TextStyle {
    isCursor ? TextStyle(color: TextStyle.cyan, isBold: true) : .plain
  }
}
