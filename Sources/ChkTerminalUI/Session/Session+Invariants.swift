import ChecklistKit
import ChkWorkspace

/// What holds after every key and every look at the disk, whatever came before: the
/// fuzz target (`chk-fuzz` with `CHK_FUZZ_TARGET=tui`) and the tests check it.
extension Session {
  /// The first broken invariant, described; `nil` when all hold.
  ///
  /// - Every open file's document is what a fresh parse of the file on disk gives,
  ///   byte for byte, unless the file changed since the session last looked
  ///   (`checkFiles` has not run yet) or no longer parses.
  /// - Each file's outline and per-list counts are the ones built from its document
  ///   again (edits update them in place).
  /// - The cursors are on a row (or at 0 when there is none), every row names a real
  ///   outline row, and the rows are in file order.
  /// - A frame of any size has exactly that many rows, each exactly as wide.
  package func invariantViolation(columns: Int, rows count: Int) -> String? {
    for file in files {
      let name = file.path.shown
      if !file.changedOnDisk, let disk = try? ChecklistFile.read(file.path.absolute),
        (try? ChecklistDocument(parsing: disk)) != nil,
        !disk.hasSameBytes(as: file.document.serialized())
      {
        return "\(name): the screen's document is not the file on disk"
      }
      let outline = file.document.outline
      guard outline == file.outline else { return "\(name): the outline is stale" }
      var counts: [Int: [Int]] = [:]
      for row in outline {
        if row.kind == .list {
          counts[row.list] = [0, 0]
        } else {
          counts[row.list, default: [0, 0]][1] += 1
          if !row.isChecked { counts[row.list, default: [0, 0]][0] += 1 }
        }
      }
      guard counts == file.counts.mapValues({ [$0.open, $0.total] }) else {
        return "\(name): a list's count of open items is stale"
      }
    }
    guard rows.isEmpty ? cursor == 0 : cursor < rows.count else {
      return "the cursor (\(cursor)) is past the rows (\(rows.count))"
    }
    var previous: (file: Int, line: Int)?
    for row in rows {
      guard row.file < files.count, row.kind == .file || row.outline < files[row.file].outline.count
      else { return "a row names no outline row" }
      let line = row.kind == .file ? -1 : files[row.file].outline[row.outline].line
      if let previous, (row.file, line) <= previous { return "the rows are out of order" }
      previous = (row.file, line)
    }
    let frame = render(columns: columns, rows: count)
    // The other screens' cursors count only while their screen shows.
    let lists = listEntries.count
    guard screen != .lists || (lists == 0 ? listsCursor == 0 : listsCursor < lists) else {
      return "the lists screen's cursor (\(listsCursor)) is past its \(lists) lists"
    }
    guard screen != .due || (dueRows.isEmpty ? dueCursor == 0 : dueCursor < dueRows.count)
    else {
      return "the due screen's cursor (\(dueCursor)) is past its \(dueRows.count) rows"
    }
    guard frame.rows.count == count else {
      return "a frame of \(count) rows has \(frame.rows.count)"
    }
    for (index, row) in frame.rows.enumerated() where row.cells(columns).count != columns {
      return "row \(index) of a \(columns)-column frame is \(row.cells(columns).count) wide"
    }
    return nil
  }
}

#if DEBUG
  extension Session {
    /// Counts the open documents' work in `log` (see `WorkLog`).
    package func attach(_ log: WorkLog) {
      for index in files.indices { files[index].attach(log) }
    }
  }
#endif
