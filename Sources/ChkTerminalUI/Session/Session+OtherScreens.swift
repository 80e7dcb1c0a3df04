import ChecklistKit
import ChkWorkspace

/// Drawing the lists, due and help screens.
extension Session {
  // MARK: - Lists

  func renderLists(into frame: inout Frame, page: Int) {
    let entries = listEntries
    if entries.isEmpty {
      var row = Frame.Row()
      row.append("  No lists: a adds one.", TextStyle(isDim: true), limit: frame.columns)
      frame[0] = row
    }
    let columns = frame.columns
    drawRows(of: listsView, count: entries.count, into: &frame, page: page) { index, row in
      let entry = entries[index]
      drawList(
        files[entry.file], entry.index, into: &row, columns: columns, showsFile: files.count > 1)
    }
  }

  // MARK: - Due

  func renderDue(into frame: inout Frame, page: Int) {
    if dueRows.isEmpty {
      var row = Frame.Row()
      row.append(
        "  Nothing is due: no open item has a due day.", TextStyle(isDim: true),
        limit: frame.columns)
      frame[0] = row
    }
    let columns = frame.columns
    drawRows(of: dueView, count: dueRows.count, into: &frame, page: page) { index, row in
      let due = dueRows[index]
      if let entry = due.entry {
        let style =
          due.section == .overdue
          ? TextStyle(color: TextStyle.red)
          : due.section == .today ? TextStyle(color: TextStyle.yellow) : .plain
        // With any time on the screen, the day column makes room for one, as in `chk due`.
        let when = entry.due.description + (entry.due.time == nil && dueHasTimes ? "      " : "")
        row.append(when + "  ", style, limit: columns)
        // The day in words repeats the date: on a narrow screen it gives way to the name.
        let words = columns < 60 ? "" : RelativeDay.words(entry.due.day, today: today)
        // The name comes first: the file's path gives way (its end kept), then goes.
        let room = columns - row.width - DisplayText.width(words) - 1
        let nameRoom = min(DisplayText.width(entry.name), 24)
        var place = ""
        if files.count > 1 {
          let path = DisplayText.safe(files[entry.file].path.shown)
          let pathRoom = room - nameRoom - 3
          if pathRoom >= DisplayText.width(path) {
            place = "  " + path
          } else if pathRoom >= 8 {
            place = "  …" + DisplayText.suffix(path, width: pathRoom - 1)
          }
        }
        // The day in words ends at the right edge, whatever the file's name: the name,
        // then the file, before it.
        let right = DisplayText.width(words) + 1
        row.append(entry.name, .plain, limit: columns - right - DisplayText.width(place))
        row.append(place, TextStyle(isDim: true), limit: columns - right)
        row.pad(to: columns - right + 1, limit: columns)
        row.append(words, TextStyle(isDim: true), limit: columns)
      } else {
        row.append(due.section.title, TextStyle(isBold: true), limit: columns)
      }
    }
  }

  // MARK: - Help

  func renderHelp(into frame: inout Frame, page: Int) {
    // The title, then as many key lines from `helpTop` as fit; j and k scroll them.
    let shown = max(0, page - 1)
    let first = min(helpTop, max(0, Self.helpLines.count - shown))
    var title = "chk tui: keys"
    if shown < Self.helpLines.count {
      title +=
        "  \(first + 1)-\(min(Self.helpLines.count, first + shown)) of \(Self.helpLines.count), j k scroll"
    }
    let lines = [(title, "")] + Self.helpLines[first..<min(Self.helpLines.count, first + shown)]
    let width = Self.helpLines.map { DisplayText.width($0.keys) }.max() ?? 0
    // Narrow: each key on a line of its own, what it does wrapped under it, never cut.
    let isNarrow = frame.columns - width - 4 < 40
    var offset = 0
    for (index, line) in lines.enumerated() where offset < page {
      var row = Frame.Row()
      if index == 0 {
        row.append("  " + line.0, TextStyle(isBold: true), limit: frame.columns)
      } else if isNarrow {
        row.append("  " + line.0, TextStyle(color: TextStyle.cyan), limit: frame.columns)
        frame[offset] = row
        for part in DisplayText.wrapped(line.1, width: max(10, frame.columns - 6)) {
          offset += 1
          guard offset < page else { break }
          var wrapped = Frame.Row()
          wrapped.append("    " + part, .plain, limit: frame.columns)
          frame[offset] = wrapped
        }
        offset += 1
        continue
      } else {
        row.append("  " + line.0, TextStyle(color: TextStyle.cyan), limit: frame.columns)
        row.pad(to: width + 4, limit: frame.columns)
        row.append(line.1, .plain, limit: frame.columns)
      }
      frame[offset] = row
      offset += 1
    }
  }
}
