/// One screenful: a row of styled text per terminal line, and where the cursor is shown
/// (only while a prompt takes text).
package struct Frame: Sendable, Equatable {
  package let columns: Int
  package private(set) var rows: [Row]
  /// The cursor's cell (0-based column, row) when it is to be shown.
  package var cursor: Cursor?

  /// A cell of the window.
  package struct Cursor: Sendable, Hashable {
    package var column: Int
    package var row: Int
  }

  package init(columns: Int, rows count: Int) {
    self.columns = columns
    rows = Array(repeating: Row(), count: count)
  }

  package subscript(row: Int) -> Row {
    get { rows[row] }
    set { rows[row] = newValue }
  }

  /// The text of each row, without styles (what a terminal shows).
  package var text: [String] { rows.map { $0.segments.map(\.text).joined() } }

  /// One line: segments of styled text, at most `columns` cells in all.
  package struct Row: Sendable, Hashable {
    package struct Segment: Sendable, Hashable {
      package var text: String
      package var style: TextStyle
    }

    package private(set) var segments: [Segment] = []
    package private(set) var width = 0

    package init() {}

    /// Appends text already made safe, cut to what fits in `limit` cells.
    package mutating func append(_ text: String, _ style: TextStyle = .plain, limit: Int) {
      guard width < limit, !text.isEmpty else { return }
      let (cut, cells) = DisplayText.truncated(text, to: limit - width)
      guard !cut.isEmpty else { return }
      segments.append(Segment(text: cut, style: style))
      width += cells
    }

    /// Pads with spaces to `column`.
    package mutating func pad(to column: Int, limit: Int) {
      let target = min(column, limit)
      if target > width { append(String(repeating: " ", count: target - width), limit: limit) }
    }

    /// The row as `columns` cells: each character in the cell it starts in (a wide one
    /// leaves the cells it covers after that empty), blanks after the text.
    func cells(_ columns: Int) -> [Cell] {
      var cells: [Cell] = []
      cells.reserveCapacity(columns)
      for segment in segments {
        for character in segment.text {
          let width = DisplayText.width(String(character))
          guard cells.count + max(width, 1) <= columns else { break }
          if width == 0, let last = cells.indices.last {
            // A mark that joins the character before it (when it came apart).
            cells[last].text.append(character)
            continue
          }
          cells.append(Cell(text: String(character), style: segment.style))
          // A cluster of several wide code points (a flag is two regional indicators,
          // two cells each, as wcwidth counts them) covers as many cells.
          for _ in 1..<max(width, 1) { cells.append(Cell(text: "", style: segment.style)) }
        }
      }
      while cells.count < columns { cells.append(Cell(text: " ", style: .plain)) }
      return cells
    }
  }

  /// What one cell shows: a character (empty in the second cell of a wide one).
  struct Cell: Sendable, Hashable {
    var text: String
    var style: TextStyle
  }
}

/// Draws frames, sending only the cells that changed since the last one: a cursor move
/// in a long list rewrites two row marks and a number on the status line.
package struct FrameRenderer: Sendable {
  private var last: (columns: Int, cells: [[Frame.Cell]], cursor: Frame.Cursor?)?
  package var usesColor: Bool

  package init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// Forgets what was drawn: the next frame is drawn whole (after a resize, or when the
  /// terminal was given back and taken again).
  package mutating func invalidate() {
    last = nil
  }

  /// The bytes that turn the last frame into `frame`.
  package mutating func render(_ frame: Frame) -> [UInt8] {
    var output: [UInt8] = []
    let cells = frame.rows.map { $0.cells(frame.columns) }
    let previous = last.flatMap {
      $0.columns == frame.columns && $0.cells.count == cells.count ? $0.cells : nil
    }
    if previous == nil { output += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8) }
    var current = TextStyle.plain
    for (index, row) in cells.enumerated() {
      var first = 0
      var end = row.count
      if let previous {
        let old = previous[index]
        guard let start = row.indices.first(where: { row[$0] != old[$0] }) else { continue }
        first = start
        end = (row.indices.last { row[$0] != old[$0] } ?? start) + 1
      }
      // Never start in the second half of a wide character.
      while first > 0, row[first].text.isEmpty { first -= 1 }
      output += Array("\u{1B}[\(index + 1);\(first + 1)H".utf8)
      for column in first..<end where !row[column].text.isEmpty {
        let cell = row[column]
        if cell.style != current {
          output += Array("\u{1B}[0m".utf8) + cell.style.sequence(colors: usesColor)
          current = cell.style
        }
        output += Array(cell.text.utf8)
      }
    }
    if current != .plain { output += Array("\u{1B}[0m".utf8) }
    if let cursor = frame.cursor {
      // Only when something was drawn or the cursor moved: an open prompt with nothing
      // new writes nothing (the loop draws four times a second).
      if !output.isEmpty || last?.cursor != cursor {
        output += Array("\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h".utf8)
      }
    } else if last?.cursor != nil || previous == nil {
      output += Array("\u{1B}[?25l".utf8)
    }
    last = (frame.columns, cells, frame.cursor)
    return output
  }
}
