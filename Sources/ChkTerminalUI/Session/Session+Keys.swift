import ChecklistKit
import ChkWorkspace

/// What each key does, screen by screen: `Session.bindings` says which action a key
/// is on each screen; this carries the actions out.
extension Session {
  /// Handles one key; then every cursor is on its page again (`settle`), so that
  /// drawing only reads.
  package func handle(_ key: Key) -> Effect {
    let effect = dispatch(key)
    settle()
    return effect
  }

  private func dispatch(_ key: Key) -> Effect {
    if key == .control("z") { return .suspend }
    if key == .control("l") { return .redraw }
    // Ctrl-C cancels a prompt or the picker, as in a shell; elsewhere it quits.
    if key == .control("c") {
      guard prompt != nil || picker != nil else { return .quit }
      return handleOpenPrompt(prompt != nil ? .escape : .character("q"))
    }
    // A screen too small to show anything takes only the keys that need no screen.
    if isTooSmall {
      guard prompt == nil, picker == nil,
        key == .character("q") || key == .character("?")
      else { return .none }
    }
    if prompt != nil || picker != nil { return handleOpenPrompt(key) }
    if case .paste = key {
      setStatus(
        "a paste does nothing here: a opens the add prompt, where each pasted line is an item",
        isError: true)
      return .none
    }
    // Any other key, a click included, ends a pending `d` and a count.
    let pending = pendingKey
    pendingKey = nil
    let times = pendingCount
    pendingCount = nil
    if case .character(let digit) = key, let value = digit.wholeNumberValue, screen != .help,
      times != nil || value > 0
    {
      pendingCount = min(999_999, (times ?? 0) * 10 + value)
      return .none
    }
    if case .mouse(let mouse) = key { return handleMouse(mouse) }
    guard let binding = Self.binding(for: key, on: screen) else { return .none }
    // A key that would change a read-only file says so at once, before any prompt.
    if binding.changesFile, let file = fileUnderCursor, files[file].isReadOnly {
      setStatus("read-only: nothing can be changed", isError: true)
      return .none
    }
    switch binding.action {
    case .quit: return .quit
    case .suspend: return .suspend
    case .redraw: return .redraw
    case .help:
      if screen != .help {
        screenBeforeHelp = screen
        helpTop = 0
      }
      screen = screen == .help ? screenBeforeHelp : .help
    case .back: back()
    case .lists:
      // A message about the screen left behind would read as about this one.
      setStatus("")
      screen = .lists
      listsCursor =
        currentList.map { list in
          listEntries.firstIndex { $0.file == list.file && $0.index == list.list } ?? 0
        } ?? 0
    case .due:
      setStatus("")
      screen = .due
      rebuildDue()
    case .undo:
      // On every screen: the file the cursor is in.
      guard let file = fileUnderCursor else {
        setStatus("no file here to undo in", isError: true)
        return .none
      }
      undo(file: file, isRedo: key == .control("r"))
      if screen == .due { rebuildDue() }
    case .move:
      // A message is about what was done where the cursor was: moving on clears it.
      setStatus("")
      moveCursor(by: key, times: times)
    case .count: break
    case .mouse: break
    case .openItem:
      guard currentItem != nil else { return .none }
      setStatus("")
      screen = .item
      itemView.cursor = 0
    case .editField: editField()
    case .openList, .addList, .renameList, .setIcon, .removeList:
      performOnLists(binding.action, after: pending)
    case .checkDue, .showDue: performOnDue(binding.action)
    default: performOnItems(binding.action, key, after: pending)
    }
    return .none
  }

  /// A key for the open prompt or picker.
  private func handleOpenPrompt(_ key: Key) -> Effect {
    prompt != nil ? handlePrompt(key) : handlePicker(key)
  }

  /// Esc (and Enter on the help screen): back to the screen before, or the filter
  /// cleared.
  private func back() {
    if screen == .help {
      screen = screenBeforeHelp
    } else if screen == .item {
      screen = .items
    } else if screen != .items {
      setStatus("")
      screen = .items
    } else if !filter.isEmpty {
      filter = ""
      rebuildRows()
      setStatus("filter cleared")
    }
  }

  /// A moving key on the current screen: its cursor, or the help's first line shown.
  private func moveCursor(by key: Key, times: Int?) {
    switch screen {
    case .items: _ = itemsView.move(by: key, count: rows.count, page: pageRows, times: times)
    case .lists:
      _ = listsView.move(by: key, count: listEntries.count, page: pageRows, times: times)
    case .due: _ = dueView.move(by: key, count: dueRows.count, page: pageRows, times: times)
    case .item:
      _ = itemView.move(by: key, count: detailRows.count, page: pageRows, times: times)
    case .help:
      // The key lines scroll as a list whose last top shows the last line.
      let last = max(0, Self.helpLines.count - (pageRows - 1))
      if let moved = ScrollingList.moved(helpTop, by: key, count: last + 1, page: pageRows - 1) {
        helpTop = moved
      }
    }
  }

  /// The file the current screen's cursor is in.
  var fileUnderCursor: Int? {
    switch screen {
    case .items, .item: return currentRow?.file ?? files.indices.first
    case .lists: return listsFile
    case .due:
      return dueCursor < dueRows.count
        ? dueRows[dueCursor].entry?.file ?? files.indices.first : files.indices.first
    case .help: return nil
    }
  }

  // MARK: - Moving

  /// The number of rows the content area shows.
  var pageRows: Int { max(1, size.rows - 1) }

  // MARK: - Items

  /// An action of the items screen.
  /// An action of the items screen that needs no key (a click's).
  func performOnItemsScreen(_ action: Binding.Action) {
    performOnItems(action, .character("e"), after: nil)
  }

  private func performOnItems(_ action: Binding.Action, _ key: Key, after pending: Character?) {
    switch action {
    case .nextList:
      jumpToList(forward: key == .tab)
    case .toggle:
      guard let (file, row) = currentItem else { return setStatus("no item here to check") }
      toggle(file: file, line: row.line)
    case .add:
      guard placeToAdd != nil else { return setStatus("no list here to add to") }
      let above = key == .character("O") && currentItem != nil
      prompt = Prompt(.addItem(above: above), label: above ? "New item above: " : "New item: ")
    case .rename:
      guard let (file, row) = currentItem,
        let item = files[file].document.itemFields(atLine: row.line)
      else { return renameListHere() }
      prompt = Prompt(.rename, label: "Name: ", text: item.name)
    case .note:
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      prompt = Prompt(
        .note, label: "Note: ", text: files[file].document.itemFields(atLine: row.line)?.note ?? "")
    case .setDue:
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      let due = files[file].document.itemFields(atLine: row.line)?.due
      prompt = Prompt(
        .due, label: "Due (fri, next week, dec 24, +3d; then 17:00 if timed; empty clears): ",
        text: due?.description ?? "")
    case .setRecurrence:
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      let every = files[file].document.itemFields(atLine: row.line)?.tagValue("every")
      prompt = Prompt(
        .recurrence, label: "Repeat (week, 2 weeks, weekday, month from done; empty: never): ",
        text: every ?? "")
    case .setReminder:
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      let remind = files[file].document.itemFields(atLine: row.line)?.tagValue("remind")
      prompt = Prompt(
        .reminder, label: "Remind (09:00, 30 minutes before, 1 day before, off; empty: default): ",
        text: remind ?? "")
    case .archive:
      guard let file = fileUnderCursor else { return }
      archive(file: file)
    case .sort:
      sortOrder = sortOrder.next
      rebuildRows()
      setStatus(sortOrder.description)
    case .delete:
      guard pending == "d" else {
        pendingKey = "d"
        return
      }
      guard let (file, row) = currentItem else { return setStatus("no item here to delete") }
      deleteItem(file: file, line: row.line)
    case .moveAmongSiblings, .indent:
      // The file's order is what they change: in another order on screen, a move
      // would go past rows that are not where they seem.
      guard sortOrder == .file else {
        return setStatus(
          "J, K, > and < move in the file's order: s shows it again", isError: true)
      }
      if action == .indent {
        indent(key == .character(">"))
      } else {
        moveAmongSiblings(down: key == .character("J"))
      }
    case .pick:
      openPicker()
    case .filter:
      prompt = Prompt(.filter, label: "/", text: filter)
    case .hideChecked:
      hidesChecked.toggle()
      rebuildRows()
      setStatus(hidesChecked ? "checked items hidden (c shows them)" : "checked items shown")
    default:
      break
    }
  }

  func renameListHere() {
    guard let row = currentRow, row.kind == .list else { return setStatus("no item here") }
    let outline = files[row.file].outline[row.outline]
    guard outline.line > 0 else {
      return setStatus("the items before the first heading have no name")
    }
    let name = files[row.file].document.listFields(atLine: outline.line)?.name ?? ""
    prompt = Prompt(.renameList, label: "List name: ", text: name)
  }

  /// Tab and Shift-Tab: the next or previous list's heading.
  func jumpToList(forward: Bool) {
    let lists = rows.indices.filter {
      rows[$0].kind == .list && !files[rows[$0].file].titles.contains(rows[$0].outline)
    }
    guard !lists.isEmpty else { return }
    if forward {
      cursor = lists.first { $0 > cursor } ?? lists[0]
    } else {
      cursor = lists.last { $0 < cursor } ?? lists[lists.count - 1]
    }
    // The list's heading at the top, its items below it.
    top = cursor
  }

  /// The item's siblings: items at its level in the same parent, in file order.
  func siblings(of row: OutlineRow, in file: Int) -> [OutlineRow] {
    let outline = files[file].outline
    guard let index = outline.firstIndex(where: { $0.kind == .item && $0.line == row.line }) else {
      return []
    }
    // The parent's extent: the nearest item above at a lower level, else the list.
    var start = index
    while start > 0, outline[start - 1].kind == .item, outline[start - 1].level >= row.level {
      start -= 1
    }
    let parentLast =
      start > 0 && outline[start - 1].kind == .item ? outline[start - 1].lastLine : Int.max
    var siblings: [OutlineRow] = []
    var position = start
    while position < outline.count, outline[position].kind == .item,
      outline[position].level >= row.level, outline[position].line <= parentLast
    {
      if outline[position].level == row.level { siblings.append(outline[position]) }
      position += 1
    }
    return siblings
  }

  /// `J` and `K`: after the next sibling, or before the previous one.
  func moveAmongSiblings(down: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let siblings = self.siblings(of: row, in: file)
    guard let index = siblings.firstIndex(where: { $0.line == row.line }) else { return }
    let target = down ? index + 1 : index - 1
    guard siblings.indices.contains(target) else {
      return setStatus(
        down ? "already the last of its siblings" : "already the first of its siblings")
    }
    let other = siblings[target].line
    let name =
      files[file].document.itemFields(atLine: other).map { $0.label(shown: DisplayText.safe) }
      ?? "it"
    moveItem(
      file: file, line: row.line, to: down ? .after(.line(other)) : .before(.line(other)),
      describing: (down ? "after " : "before ") + name)
  }

  /// `>`: the last sub-item of the item above at its level; `<`: after its parent.
  func indent(_ inward: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let outline = files[file].outline
    if inward {
      let siblings = self.siblings(of: row, in: file)
      guard let index = siblings.firstIndex(where: { $0.line == row.line }), index > 0 else {
        return setStatus("no item above at its level to go under")
      }
      let parent = siblings[index - 1].line
      let name =
        files[file].document.itemFields(atLine: parent).map { $0.label(shown: DisplayText.safe) }
        ?? "it"
      moveItem(file: file, line: row.line, to: .under(.line(parent)), describing: "under " + name)
    } else {
      guard row.level > 0,
        let parent = outline.last(where: {
          $0.kind == .item && $0.line < row.line && $0.level == row.level - 1
            && $0.lastLine >= row.line
        })
      else { return setStatus("already at the top level") }
      let name =
        files[file].document.itemFields(atLine: parent.line).map {
          $0.label(shown: DisplayText.safe)
        } ?? "it"
      moveItem(
        file: file, line: row.line, to: .after(.line(parent.line)), describing: "after " + name)
    }
  }
}
