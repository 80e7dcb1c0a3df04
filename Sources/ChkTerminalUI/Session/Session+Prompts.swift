import ChecklistKit
import ChkWorkspace

/// The prompt line (a name, a note, a due day, a filter) and the picker `m` opens.
extension Session {
  func openPicker() {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let lists = listEntries.map { entry in
      (
        entry.file, entry.index,
        listName(file: entry.file, outline: entry.index)
          + (files.count > 1 ? "  (" + DisplayText.safe(files[entry.file].path.shown) + ")" : "")
      )
    }
    let current = lists.firstIndex { $0.0 == file && $0.1 == row.list } ?? 0
    picker = Picker(file: file, lists: lists, cursor: current, line: row.line)
  }

  func handlePicker(_ key: Key) -> Effect {
    guard var picker else { return .none }
    if let moved = ScrollingList.moved(
      picker.cursor, by: key, count: picker.lists.count, page: pageRows)
    {
      picker.cursor = moved
      self.picker = picker
      return .none
    }
    switch key {
    case .escape, .character("q"):
      self.picker = nil
    case .enter:
      self.picker = nil
      guard picker.cursor < picker.lists.count else { return .none }
      let chosen = picker.lists[picker.cursor]
      let outline = files[chosen.file].outline
      guard chosen.index < outline.count else { return .none }
      let list = outline[chosen.index]
      let position = ItemPosition.end(of: list.line == 0 ? .unnamed : .line(list.line))
      guard chosen.file == picker.file else {
        moveItem(from: picker.file, line: picker.line, to: chosen.file, position: position)
        return .none
      }
      moveItem(
        file: picker.file, line: picker.line, to: position,
        describing: "to the end of \"\(chosen.name)\"")
    default: break
    }
    return .none
  }

  // MARK: - Prompts

  func handlePrompt(_ key: Key) -> Effect {
    guard var prompt else { return .none }
    if case .paste(let text) = key {
      paste(text, into: prompt)
      return .none
    }
    if case .confirm(let confirmation) = prompt.purpose {
      self.prompt = nil
      guard key == .character("y") || key == .character("Y") else {
        setStatus("nothing was changed")
        return .none
      }
      switch confirmation {
      case .removeList(let file, let line): removeList(file: file, line: line)
      case .removeNext(let file, let line): removeNext(file: file, line: line)
      case .addItems(let names, let above):
        guard let (file, list) = placeToAdd else { return .none }
        addItems(
          named: names, file: file, near: currentItem?.row.line, list: list, above: above)
        // The add prompt again, for more.
        if !statusIsError {
          var next = Prompt(.addItem(above: false), label: "New item: ")
          next.added = names.count
          self.prompt = next
        }
      }
      return .none
    }
    switch key {
    case .escape:
      self.prompt = nil
      if prompt.purpose == .filter {
        filter = ""
        rebuildRows()
      }
      // Closing the add prompt after adding is no cancelling.
      setStatus(
        prompt.added > 0 ? "added \(prompt.added) item\(prompt.added == 1 ? "" : "s")" : "cancelled"
      )
    case .enter:
      // A wrong day, repeat or reminder keeps the prompt open with the text as typed.
      if let problem = Self.problem(
        with: prompt.text.trimmingBlanks(), for: prompt.purpose, today: today)
      {
        prompt.error = problem
        self.prompt = prompt
        return .none
      }
      self.prompt = nil
      lastEditWasStale = false
      submit(prompt)
      // Refused because the file changed on disk as Enter was pressed: the text is
      // offered again, to apply to the file as it is now.
      if lastEditWasStale, prompt.purpose != .filter {
        var again = prompt
        again.error = "the file changed on disk and was read again; Enter applies this now"
        self.prompt = again
        return .none
      }
      // The add prompt stays open for the next item (as a phone's keyboard does), below
      // the one just added; Enter on an empty line or Esc closes it.
      if case .addItem = prompt.purpose, !prompt.text.trimmingBlanks().isEmpty, !statusIsError {
        var next = Prompt(.addItem(above: false), label: "New item: ")
        next.added = prompt.added + 1
        self.prompt = next
      } else if case .addItem = prompt.purpose, prompt.added > 0 {
        setStatus("added \(prompt.added) item\(prompt.added == 1 ? "" : "s")")
      }
    default:
      if prompt.edit(with: key) {
        prompt.error = nil
        self.prompt = prompt
        if prompt.purpose == .filter {
          filter = prompt.text
          rebuildRows()
        }
      }
    }
    return .none
  }

  /// Pasted text at a prompt. At the add prompt, several lines are several items, added
  /// after one question that says how many; elsewhere the text goes in as typed, its
  /// line breaks as spaces. A yes-or-no question takes no paste.
  func paste(_ text: String, into prompt: Prompt) {
    var prompt = prompt
    if case .confirm = prompt.purpose {
      self.prompt = nil
      return setStatus("a paste is no answer to a question: nothing was changed", isError: true)
    }
    // Its lines, blank ones left out; pasted Markdown list lines lose their bullet and
    // box (`- [ ] Bread` is Bread).
    let lines = text.split { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      .map { Self.withoutListMarker(String($0).trimmingBlanks()) }.filter { !$0.isEmpty }
    if case .addItem(let above) = prompt.purpose, lines.count > 1 {
      let names = [prompt.text + lines[0]] + lines.dropFirst()
      let shown = names.prefix(3).map { "\"\(DisplayText.safe($0))\"" }.joined(separator: ", ")
      self.prompt = Prompt(
        .confirm(.addItems(names, above: above)),
        label:
          "Add \(names.count) items, one a line (\(shown)\(names.count > 3 ? ", …" : ""))? (y/n) ")
      return
    }
    prompt.insert(lines.joined(separator: " "))
    self.prompt = prompt
    if prompt.purpose == .filter {
      filter = prompt.text
      rebuildRows()
    }
  }

  /// A pasted line without a list bullet (`-`, `*`, `+`, `1.`, `1)`) and a task box
  /// before its text.
  static func withoutListMarker(_ line: String) -> String {
    var text = Substring(line)
    if let first = text.first, "-*+".contains(first), text.dropFirst().first == " " {
      text = text.dropFirst(2)
    } else {
      let digits = text.prefix { $0.isASCII && $0.isNumber }
      let rest = text.dropFirst(digits.count)
      if !digits.isEmpty, digits.count <= 9, let mark = rest.first, mark == "." || mark == ")",
        rest.dropFirst().first == " "
      {
        text = rest.dropFirst(2)
      }
    }
    for box in ["[ ] ", "[x] ", "[X] "] where text.hasPrefix(box) { text = text.dropFirst(4) }
    return String(text).trimmingBlanks()
  }

  func submit(_ prompt: Prompt) {
    if prompt.purpose != .filter, !promptStillApplies {
      return setStatus(
        "the file changed on disk while you typed and that row is not what it was; "
          + "nothing was changed", isError: true)
    }
    switch prompt.purpose {
    case .filter:
      // The cursor on the first match.
      if let first = rows.firstIndex(where: { $0.kind == .item }) { cursor = first }
      let count = rows.count { $0.kind == .item }
      setStatus(
        filter.isEmpty
          ? ""
          : "\(count) item\(count == 1 ? "" : "s") match '\(DisplayText.safe(filter))'; Esc clears")
    case .addItem(let above):
      guard let (file, list) = placeToAdd else { return }
      guard !prompt.text.trimmingBlanks().isEmpty else {
        return setStatus("the name is empty; nothing was added", isError: true)
      }
      addItem(
        named: prompt.text, file: file, near: currentItem?.row.line, list: list, above: above)
    case .rename, .note, .due, .recurrence, .reminder:
      guard let (file, row) = currentItem else { return }
      setField(prompt.purpose, to: prompt.text, file: file, line: row.line)
    case .addList:
      guard let file = listsFile else { return }
      addList(named: prompt.text, file: file)
    case .renameList:
      guard let (file, line) = selectedList else { return }
      renameList(file: file, line: line, to: prompt.text)
    case .listIcon:
      guard let (file, line) = selectedList else { return }
      setIcon(file: file, line: line, to: prompt.text)
    case .confirm:
      break
    }
  }

  /// The list the lists screen's cursor is on (or the items screen's heading).
  var selectedList: (file: Int, line: Int)? {
    if screen == .lists {
      guard listsCursor < listEntries.count else { return nil }
      let entry = listEntries[listsCursor]
      return (entry.file, files[entry.file].outline[entry.index].line)
    }
    guard let row = currentRow, row.kind == .list else { return nil }
    return (row.file, files[row.file].outline[row.outline].line)
  }

  var listsFile: Int? {
    screen == .lists && listsCursor < listEntries.count
      ? listEntries[listsCursor].file : currentRow?.file ?? files.indices.first
  }
}
