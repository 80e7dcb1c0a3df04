internal import ChkPlatform

/// The state of one formatting run.
struct FormatContext {
  let document: ChecklistDocument
  let bytes: UnsafeBufferPointer<UInt8>
  let ending: [UInt8]

  let lines: [LineRecord]
  /// Whether the section being formatted starts with a heading that keeps its indent.
  private var keepsHeadingIndent = false

  init(document: ChecklistDocument, bytes: UnsafeBufferPointer<UInt8>, ending: [UInt8]) {
    self.document = document
    self.bytes = bytes
    self.ending = ending
    lines = document.lines
  }

  /// One section in canonical form (each line with the preferred ending), checked
  /// against the original and corrected until it means the same, appended to `output`.
  mutating func formatSection(_ plan: FormatSection, into output: inout OutputBuffer) {
    let section = plan.lines
    let isFirst = section.lowerBound == 0
    keepsHeadingIndent = plan.headingKeepsIndent
    // After a heading GitHub may read inside a list item, chk's reading (which starts a
    // new list there) may differ from GitHub's: the section is written as it is.
    if keepsHeadingIndent {
      original(section, into: &output)
      return
    }
    var levels = keptPrefixes(section)
    let start = output.count
    for _ in 0...ChecklistFormatter.maximumCorrections {
      output.truncate(to: start)
      let fault = render(section, isFirst: isFirst, levels: levels, into: &output)
      // Bytes the same as the original's mean the same: the common case, checked with
      // one comparison instead of a parse.
      if fault == nil, isUnchanged(section, output.bytes(from: start)) { return }
      let verdict =
        fault.map { SectionComparison.Verdict.items([$0]) }
        ?? SectionComparison.compare(
          document, section, with: output.array(from: start),
          nextHeading: section.upperBound < lines.count
            ? headingLine(lines[section.upperBound], keepsIndent: true) : nil, ending: ending,
          headingKeepsIndent: keepsHeadingIndent)
      switch verdict {
      case .same: return
      case .items(let suspects):
        if escalate(suspects, levels: &levels) { continue }
      case .unattributable: break
      }
      break
    }
    output.truncate(to: start)
    original(section, into: &output)
  }

  /// How far from canonical form each item starts (the formatter's check may move
  /// items further):
  /// - an item inside a plain list item keeps its prefix;
  /// - every item of a bullet list that has plain items too, or that is next to another
  ///   bullet list in the same container, keeps its bullet: a list's bullets change
  ///   only with the whole list, and never so that two lists merge (CommonMark starts
  ///   a new list where the bullet changes);
  /// - the items still open where the next section starts with a heading that keeps
  ///   its indent keep their prefixes: their columns decide whether GitHub reads that
  ///   heading inside them;
  /// - a box with nothing after it is text on GitHub (`[X]` stays `[X]`): kept whole.
  ///
  /// - Complexity: O(*n*) in the lines of the section.
  private func keptPrefixes(_ section: Range<Int>) -> LevelMap {
    var levels = LevelMap(section)
    struct List {
      var items: [Int] = []
      var isBulleted: Bool
      var keepsBullets = false
    }
    var lists: [List] = []
    // The list most recently started at each depth: a list item that starts no list
    // belongs to it.
    // (By depth, which is a byte: an array, not a dictionary; -1 for none.)
    var current = [Int](repeating: -1, count: 256)
    for index in section {
      let record = lines[index]
      guard record.renders(LineRecord.Rendering.listItem) else { continue }
      let depth = Int(record.depth)
      if record.renders(LineRecord.Rendering.startsList) || current[depth] < 0 {
        var list = List(isBulleted: isBulleted(record))
        if record.renders(LineRecord.Rendering.followsOtherList), list.isBulleted,
          case let previous = current[depth], previous >= 0, lists[previous].isBulleted
        {
          list.keepsBullets = true
          lists[previous].keepsBullets = true
        }
        current[depth] = lists.count
        lists.append(list)
      }
      let list = current[depth]
      guard list >= 0 else { continue }
      lists[list].items.append(index)
      if record.kind != .item { lists[list].keepsBullets = true }
      if record.kind == .item, record.isInsidePlainListItem {
        levels[index] = max(levels[index] ?? .canonical, .keepPrefix)
      }
    }
    for list in lists where list.keepsBullets && list.isBulleted {
      for index in list.items where lines[index].kind == .item {
        levels[index] = max(levels[index] ?? .canonical, .keepBullet)
      }
    }
    // The items still open where the next section starts with an indented heading:
    // their content columns decide whether GitHub reads that heading inside them.
    if section.upperBound < lines.count,
      ChecklistFormatter.keepsIndent(section.upperBound, lines, bytes, after: false),
      var root = section.reversed().first(where: { lines[$0].kind == .item })
    {
      while let parent = document.parent(ofLine: root) { root = parent }
      for index in root..<section.upperBound where lines[index].kind == .item {
        levels[index] = max(levels[index] ?? .canonical, .keepPrefix)
      }
    }
    // A box with nothing after it is text on GitHub (`[X]` stays `[X]`): kept whole.
    for index in section where isBareBox(lines[index]) { levels[index] = .keepLine }
    return levels
  }

  /// Whether a list item line's marker is a bullet (`-`, `*`, `+`), not a number.
  private func isBulleted(_ record: LineRecord) -> Bool {
    var index = Int(record.start)
    let end = Int(record.end)
    while index < end, ASCII.isSpaceOrTab(bytes[index]) || bytes[index] == ASCII.greaterThan {
      index += 1
    }
    return index < end && !ASCII.isDigit(bytes[index])
  }

  /// Whether an item line ends right after its box: GitHub renders it as text.
  private func isBareBox(_ record: LineRecord) -> Bool {
    record.kind == .item && Int(record.end) == Int(record.mark) + 3
  }

  /// Whether `rendered` is exactly the section's bytes up to the end of its last line
  /// that is not blank (the blank lines after it are written between sections).
  private func isUnchanged(_ section: Range<Int>, _ rendered: UnsafeBufferPointer<UInt8>) -> Bool {
    var last = section.upperBound
    while last > section.lowerBound, lines[last - 1].kind == .blank { last -= 1 }
    guard last > section.lowerBound else { return rendered.isEmpty }
    let start = Int(lines[section.lowerBound].start)
    let end = document.startOffset(ofLine: last)
    guard end - start == rendered.count else { return false }
    guard let newBase = rendered.baseAddress, let oldBase = bytes.baseAddress else { return true }
    return memcmp(newBase, oldBase + start, rendered.count) == 0
  }

  /// Raises the first suspect that can go one level further from canonical form; when
  /// none can, the nearest parent of one that can.
  private func escalate(_ suspects: [Int], levels: inout LevelMap) -> Bool {
    func raised(_ level: ChecklistFormatter.Level?) -> ChecklistFormatter.Level {
      (level ?? .canonical) < .keepPrefix ? .keepPrefix : .keepLine
    }
    for line in suspects where (levels[line] ?? .canonical) < .keepLine {
      levels[line] = raised(levels[line])
      return true
    }
    for suspect in suspects {
      var current = document.parent(ofLine: suspect)
      while let line = current {
        if (levels[line] ?? .canonical) < .keepLine {
          levels[line] = raised(levels[line])
          return true
        }
        current = document.parent(ofLine: line)
      }
    }
    return false
  }

  /// The section's lines as written, without trailing blank lines, each with the
  /// preferred line ending: the last resort.
  private func original(_ section: Range<Int>, into output: inout OutputBuffer) {
    var end = section.upperBound
    while end > section.lowerBound, lines[end - 1].kind == .blank { end -= 1 }
    for index in section.lowerBound..<end {
      output.append(line(lines[index]))
      output.append(ending)
    }
  }

  // MARK: - Rendering

  private struct OpenItem {
    var line: Int
    var last: Int
    var oldColumn: Int
    var newColumn: Int
    var shift: Int { newColumn - oldColumn }
  }

  /// The section in canonical form under the given levels; `fault` names an item
  /// whose lines cannot be moved exactly (tabs in their indent).
  private func render(
    _ section: Range<Int>, isFirst: Bool, levels: LevelMap,
    into output: inout OutputBuffer
  ) -> Int? {
    var open: [OpenItem] = []
    var pendingBlank = false
    var wroteLine = false
    var afterHeading = false
    for index in section {
      let record = lines[index]
      while let top = open.last, top.last < index { open.removeLast() }
      if record.kind == .blank {
        if wroteLine { pendingBlank = true }
        continue
      }
      // Leading blank lines stay only before prose at the start of the file.
      if !wroteLine, isFirst, index > section.lowerBound, record.kind != .item,
        record.kind != .heading,
        lines[section.lowerBound..<index].contains(where: { $0.kind == .blank })
      {
        pendingBlank = true
      }
      if pendingBlank || afterHeading {
        output.append(ending)
        pendingBlank = false
        afterHeading = false
      }
      switch record.kind {
      case .heading:
        output.append(headingLine(record, keepsIndent: keepsHeadingIndent))
        afterHeading = !keepsHeadingIndent
      case .item:
        let level = levels[index] ?? .canonical
        let owner = open.last
        let oldColumn = column(ofByte: Int(record.mark), in: record)
        var content: [UInt8]
        var newColumn: Int
        switch level {
        case .canonical, .keepBullet:
          let indent = owner?.newColumn ?? 0
          let bullet = canonicalBullet(record, keepsBullet: level == .keepBullet)
          if EditableLine.isCanonical(record, indent: indent, bullet: bullet, in: bytes) {
            output.append(line(record))
          } else {
            output.append(ASCII.space, repeating: indent)
            if let bullet {
              output.append(UnsafeBufferPointer(rebasing: bytes[bullet]))
            } else {
              output.append(ASCII.dash)
            }
            output.append(ASCII.space)
            EditableLine.appendCanonical(record, in: bytes, to: &output)
          }
          newColumn = indent + (bullet?.count ?? 1) + 1
          open.append(
            OpenItem(
              line: index, last: Int(record.last), oldColumn: oldColumn, newColumn: newColumn))
          output.append(ending)
          wroteLine = true
          continue
        case .keepPrefix, .keepLine:
          var line = EditableLine(record, in: bytes)
          let shift = owner?.shift ?? 0
          guard let prefix = shifted(line.prefix, by: shift) else { return index }
          line.prefix = prefix
          if level == .keepPrefix {
            content = line.composed
          } else {
            guard let whole = shifted(lineBytes(record), by: shift) else { return index }
            content = whole
          }
          newColumn = oldColumn + shift
        }
        output.append(content)
        open.append(
          OpenItem(line: index, last: Int(record.last), oldColumn: oldColumn, newColumn: newColumn))
      default:
        if let owner = open.last, owner.shift != 0 {
          let content = lineBytes(record)
          if leadingColumns(content) >= owner.oldColumn {
            guard let moved = shifted(content, by: owner.shift) else { return owner.line }
            output.append(moved)
          } else {
            output.append(content)
          }
        } else {
          output.append(line(record))
        }
      }
      output.append(ending)
      wroteLine = true
    }
    return nil
  }

  /// A line's content, in place.
  private func line(_ record: LineRecord) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[Int(record.start)..<Int(record.end)])
  }

  private func lineBytes(_ record: LineRecord) -> [UInt8] {
    Array(bytes[Int(record.start)..<Int(record.end)])
  }

  /// A heading in canonical form: no indent, one space after the `#`s, the name (with
  /// a trailing `#` run escaped so it does not read as closing `#`s), its tags.
  /// - Parameter keepsIndent: whether the heading keeps its indent (see
  ///   `ChecklistFormatter.keepsIndent`).
  private func headingLine(_ record: LineRecord, keepsIndent: Bool) -> [UInt8] {
    var line = EditableLine(record, in: bytes)
    if !keepsIndent {
      line.prefix = line.prefix.filter { $0 == ASCII.hash }
    }
    var runStart = line.name.count
    while runStart > 0, line.name[runStart - 1] == ASCII.hash { runStart -= 1 }
    if runStart < line.name.count,
      runStart == 0 || ASCII.isSpaceOrTab(line.name[runStart - 1])
    {
      line.name.insert(ASCII.backslash, at: runStart)
    }
    return line.composed
  }

  /// The canonical bullet: `nil` for `-`, or where the item's own number and delimiter
  /// are (or its own bullet, when it keeps it).
  private func canonicalBullet(_ record: LineRecord, keepsBullet: Bool) -> Range<Int>? {
    var index = Int(record.start)
    while ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    guard ASCII.isDigit(bytes[index]) else { return keepsBullet ? index..<(index + 1) : nil }
    let start = index
    while ASCII.isDigit(bytes[index]) { index += 1 }
    return start..<(index + 1)
  }

  /// The column (tabs to multiples of 4) of a byte of a line.
  private func column(ofByte offset: Int, in record: LineRecord) -> Int {
    var column = 0
    for index in Int(record.start)..<offset {
      column = bytes[index] == ASCII.tab ? (column / 4 + 1) * 4 : column + 1
    }
    return column
  }

  private func leadingColumns(_ line: [UInt8]) -> Int {
    var index = 0
    while index < line.count, ASCII.isSpaceOrTab(line[index]) { index += 1 }
    return ChecklistDocument.column(of: index, in: line)
  }

  /// The line with `shift` more (or fewer) leading spaces; `nil` when that cannot be
  /// done exactly because the indent holds a tab, or is too short.
  ///
  /// A tab after a list or block quote marker at the line's start also refuses: it
  /// advances to the next multiple of 4 columns, so the columns after it would change
  /// by a different amount than the shift.
  private func shifted(_ line: [UInt8], by shift: Int) -> [UInt8]? {
    guard shift != 0 else { return line }
    var spaces = 0
    while spaces < line.count, line[spaces] == ASCII.space { spaces += 1 }
    if spaces < line.count, line[spaces] == ASCII.tab { return nil }
    guard spaces + shift >= 0 else { return nil }
    var marker = spaces
    while marker < line.count, ASCII.isDigit(line[marker]) { marker += 1 }
    if marker < line.count, "-*+.)>".utf8.contains(line[marker]) {
      var gap = marker + 1
      while gap < line.count, ASCII.isSpaceOrTab(line[gap]) {
        if line[gap] == ASCII.tab { return nil }
        gap += 1
      }
    }
    return Array(repeating: ASCII.space, count: spaces + shift) + line[spaces...]
  }
}
