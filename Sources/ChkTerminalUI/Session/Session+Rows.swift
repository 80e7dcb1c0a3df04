import ChecklistKit
import ChkWorkspace

/// The items screen's rows: built from the files (after the filter, `c` and `s`), and
/// the cursor kept on its item across a rebuild.
extension Session {
  /// Rebuilds the items screen's rows from the files, keeping the cursor on the same
  /// item (by its line, else the nearest row).
  ///
  /// - Complexity: O(*n*) in the number of lists and items; with a filter, the items'
  ///   names, notes and IDs are searched as bytes, and only the items that matched the
  ///   filter before a typed character are searched again.
  func rebuildRows(keeping anchor: Anchor? = nil) {
    let anchor = anchor ?? currentAnchor
    // The old rows' buffer is reused: one array of rows at a time, even at 1M items.
    var rows: [Row] = []
    swap(&rows, &self.rows)
    rows.removeAll(keepingCapacity: true)
    let search = ChecklistDocument.SearchText(filter)
    let words = search.text
    // What the last filter matched, file by file, while the files are as they were:
    // typing one more character only narrows it (0 not searched, 1 no, 2 yes).
    let narrowing =
      filterMatches.flatMap { last in
        !words.isEmpty && words.hasPrefix(last.text)
          && last.versions == files.map(\.version) ? last.matched : nil
      }
    var matched: [[UInt8]] =
      words.isEmpty ? [] : files.map { [UInt8](repeating: 0, count: $0.outline.count) }
    // Under a filter, a list with no match shows no heading either.
    func dropEmptyHeading() {
      if !words.isEmpty, rows.last?.kind == .list { rows.removeLast() }
    }
    for (fileIndex, file) in files.enumerated() {
      if files.count > 1 { rows.append(Row(kind: .file, file: fileIndex, outline: 0)) }
      // Hidden checked items that are ancestors of what follows: one that turns out
      // to hold an open sub-item is shown after all, above it (each is pushed and
      // popped once).
      var hidden: [Int] = []
      for (index, row) in file.outline.enumerated() {
        if row.kind == .list {
          dropEmptyHeading()
          rows.append(Row(kind: .list, file: fileIndex, outline: index))
          hidden.removeAll()
          continue
        }
        while let last = hidden.last, file.outline[last].lastLine < row.line {
          hidden.removeLast()
        }
        if hidesChecked, row.isChecked {
          hidden.append(index)
          continue
        }
        if !words.isEmpty {
          if narrowing?[fileIndex][index] == 1 { continue }
          let isMatch = file.document.item(atLine: row.line, matches: search)
          matched[fileIndex][index] = isMatch ? 2 : 1
          if !isMatch { continue }
        }
        for ancestor in hidden { rows.append(Row(kind: .item, file: fileIndex, outline: ancestor)) }
        hidden.removeAll()
        rows.append(Row(kind: .item, file: fileIndex, outline: index))
      }
      dropEmptyHeading()
      // A file with no match shows no name either.
      if !words.isEmpty, files.count > 1, rows.last?.kind == .file { rows.removeLast() }
    }
    if sortOrder != .file { sortItems(&rows) }
    filterMatches = words.isEmpty ? nil : (words, files.map(\.version), matched)
    self.rows = rows
    restore(anchor)
  }

  /// Orders each list's items by `sortOrder`, each top-level item with the rows under
  /// it (a row shown without its parent, under a filter, counts as top level).
  ///
  /// - Complexity: O(*n* log *n*); the fields of each top-level item are read once.
  func sortItems(_ rows: inout [Row]) {
    var start = 0
    while start < rows.count {
      guard rows[start].kind == .item else {
        start += 1
        continue
      }
      var end = start
      while end < rows.count, rows[end].kind == .item { end += 1 }
      // The groups of this run of item rows: a top-level row and the deeper ones after it.
      var groups: [(key: (Int, String), rows: ArraySlice<Row>)] = []
      var groupStart = start
      let file = files[rows[start].file]
      let base = (start..<end).map { file.outline[rows[$0].outline].level }.min() ?? 0
      for index in start...end {
        let isNew =
          index == end || (index > groupStart && file.outline[rows[index].outline].level == base)
        guard isNew else { continue }
        let line = file.outline[rows[groupStart].outline].line
        let fields = file.document.itemFields(atLine: line)
        let due = fields?.due.map { $0.day.dayNumber * 1_440 + ($0.time?.minutes ?? 0) }
        let key = (
          sortOrder == .due ? due ?? Int.max : 0, fields?.name.lowercased() ?? ""
        )
        groups.append((key, rows[groupStart..<index]))
        groupStart = index
      }
      let sorted = groups.enumerated().sorted { a, b in
        if a.element.key.0 != b.element.key.0 { return a.element.key.0 < b.element.key.0 }
        if sortOrder == .name, a.element.key.1 != b.element.key.1 {
          return a.element.key.1 < b.element.key.1
        }
        return a.offset < b.offset
      }
      rows.replaceSubrange(start..<end, with: sorted.flatMap { Array($0.element.rows) })
      start = end
    }
  }

  /// Where the cursor is, in terms that survive a rebuild: the file, the item's ID or
  /// line, and the row's index.
  struct Anchor {
    var file: Int
    var id: String?
    var line: Int
    var index: Int
  }

  var currentAnchor: Anchor? {
    guard cursor < rows.count else { return nil }
    let row = rows[cursor]
    let file = files[row.file]
    let line = row.kind == .file ? -1 : file.outline[row.outline].line
    let id = row.kind == .item ? file.document.itemFields(atLine: line)?.id : nil
    return Anchor(file: row.file, id: id, line: line, index: cursor)
  }

  /// Puts the cursor on the anchor's item: by ID, else by line, else the same index.
  func restore(_ anchor: Anchor?) {
    guard let anchor, !rows.isEmpty else {
      cursor = min(cursor, max(0, rows.count - 1))
      return
    }
    let file = files[min(anchor.file, files.count - 1)]
    // Most changes leave the row where it was (a tick, a rename): one line to read.
    if anchor.index < rows.count, rows[anchor.index].file == anchor.file,
      rows[anchor.index].kind == .item
    {
      let line = file.outline[rows[anchor.index].outline].line
      if let id = anchor.id, file.document.itemFields(atLine: line)?.id == id {
        cursor = anchor.index
        return
      }
      if anchor.id == nil, line == anchor.line {
        cursor = anchor.index
        return
      }
    }
    if let id = anchor.id, let line = file.document.itemLines(withID: id).first,
      let index = rows.firstIndex(where: {
        $0.file == anchor.file && $0.kind == .item && file.outline[$0.outline].line == line
      })
    {
      cursor = index
    } else if let index = rows.firstIndex(where: {
      $0.file == anchor.file && $0.kind != .file && file.outline[$0.outline].line == anchor.line
    }) {
      cursor = index
    } else {
      cursor = min(anchor.index, rows.count - 1)
    }
  }
}
