/// Archiving: moving checked items out of the way.
extension ChecklistDocument {
  /// Moves every checked top-most item (with its sub-items) to the end of the list
  /// named `archive`, which is added at the end of the file when it does not exist.
  /// A checked item inside another checked item moves with it; items already in the
  /// archive list stay.
  ///
  /// - Parameters:
  ///   - source: archive only from this list; `nil` for every list.
  ///   - archive: the archive list's name.
  /// - Returns: how many items were moved (not counting sub-items).
  /// - Throws: `EditError.listNotFound` for `source`, `.emptyName`, `.lineBreak` or
  ///   `.unsupportedPosition`; the document is then unchanged.
  @discardableResult
  public mutating func archiveCheckedItems(from source: ListReference?, to archive: String)
    throws(EditError) -> Int
  {
    try archiveCheckedItems(from: source, to: archive, oneByOne: false)
  }

  /// The same, optionally one item at a time (the path the tests compare with).
  @discardableResult
  mutating func archiveCheckedItems(from source: ListReference?, to archive: String, oneByOne: Bool)
    throws(EditError) -> Int
  {
    let wanted = try source.map { list throws(EditError) in try headingLine(of: list) }
    let archiveHeading = lines.indices.first { index in
      lines[index].kind == .heading
        && bytes.withUnsafeBufferPointer { ParsedLine(lines[index], $0).name } == archive
    }
    var roots: [Int] = []
    var heading: Int?
    var coveredUntil = -1
    for (index, record) in lines.enumerated() {
      if record.kind == .heading {
        heading = index
        continue
      }
      guard record.kind == .item, index > coveredUntil, record.isChecked else { continue }
      if heading != nil, heading == archiveHeading { continue }
      if let wanted, heading != wanted { continue }
      roots.append(index)
      coveredUntil = Int(record.last)
    }
    guard !roots.isEmpty else { return 0 }
    let original = self
    do throws(EditError) {
      if archiveHeading == nil { try addList(named: archive) }
      // An item of an ordered list goes by `moveItem`, which keeps that list numbered.
      let isOrdered = roots.contains { orderedNumber(ofLine: $0) != nil }
      let movedAll = oneByOne || isOrdered ? false : try moveAll(roots, toEndOf: archive)
      if !movedAll {
        // The file's shape defeated the one-pass move: item by item, each move checked.
        self = original
        var ids: [String] = []
        for line in roots { ids.append(try assignID(to: .line(line + 1))) }
        if archiveHeading == nil { try addList(named: archive) }
        for id in ids { try moveItem(.id(id), to: .end(of: .name(archive))) }
      }
    } catch {
      self = original
      throw error
    }
    return roots.count
  }

  /// Moves the subtrees of `roots` (top-most items, in file order, none inside the
  /// archive list) to the end of the list `archive` in one pass over the file: every
  /// root gets an ID if it has none and the archive's sibling prefix, its sub-items and
  /// continuation lines are re-indented with it, and one blank line goes with an item
  /// that sat between two. The result is parsed once and checked: each stretch of the
  /// other lines reads as before (a list may change its first item, nothing else), and
  /// each moved subtree reads as it did.
  ///
  /// - Returns: false (the document unchanged) when the check fails, so the caller can
  ///   move the items one at a time instead.
  /// - Complexity: O(*n*) in the size of the file.
  private mutating func moveAll(_ roots: [Int], toEndOf archive: String) throws(EditError) -> Bool {
    let placement = try placement(for: .end(of: .name(archive)))
    // Whether the archive list already has items the moved ones join.
    var archiveHasItems = false
    var line = placement.line - 1
    while line >= 0, lines[line].kind != .heading {
      if lines[line].kind == .item { archiveHasItems = true }
      line -= 1
    }
    var existing = existingIDs()
    let newEnding = preferredLineEnding
    // The moved subtrees, each re-prefixed and re-indented as `moveItem` does: its
    // first line composed anew (into `heads`, end to end), the others copied (shifted
    // when the indent changes); their structures end to end in `movedStructures`.
    var moved: [(head: Range<Int>, lines: Range<Int>, shift: Int, oldColumn: Int)] = []
    var heads: [UInt8] = []
    var movedStructures: [Int] = []
    var removed: [Range<Int>] = []
    moved.reserveCapacity(roots.count)
    removed.reserveCapacity(roots.count)
    var runStart = 0
    for root in roots {
      let subtree = root..<(Int(lines[root].last) + 1)
      var first = bytes.withUnsafeBufferPointer { EditableLine(lines[root], in: $0) }
      if !first.hasTag(.id) {
        let id = idGenerator.makeID(avoiding: existing)
        existing.insert(id)
        first.setTag(.id, escapedValue: Array(id.utf8))
      }
      let composed = first.composed
      let oldColumn = contentColumn(ofLine: root)
      let headStart = heads.count
      heads += placement.prefix
      heads += composed[prefixLength(composed)...]
      let shift = Self.column(of: placement.prefix.count, in: heads[headStart...]) - oldColumn
      moved.append((headStart..<heads.count, subtree, shift, oldColumn))
      appendStructure(of: subtree, to: &movedStructures)
      // An item between two blank lines takes one of them with it (the line above is
      // the last one kept before it, as after the earlier items left).
      if removed.last?.upperBound != root { runStart = root }
      let blankAbove = runStart == 0 || lines[runStart - 1].kind == .blank
      var range = subtree
      if blankAbove, range.upperBound < lines.count, lines[range.upperBound].kind == .blank,
        range.upperBound != placement.line
      {
        range = range.lowerBound..<(range.upperBound + 1)
      }
      removed.append(range)
    }
    // One pass: the kept lines, with the moved ones at the placement.
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + moved.count * 16 + 64)
    output += bytes[..<startOffset(ofLine: 0)]
    var keptSegments: [(old: Range<Int>, new: Int)] = []
    var insertedAt = -1
    var next = 0
    var newLine = 0
    func insertMoved() {
      if placement.blankBefore {
        output += newEnding
        newLine += 1
      }
      insertedAt = newLine
      // Each line keeps its own line ending, as a single move does.
      func appendEnding(_ line: Int) {
        let end = Int(lines[line].end)
        let next = startOffset(ofLine: line + 1)
        if next > end { output += bytes[end..<next] } else { output += newEnding }
      }
      for subtree in moved {
        output += heads[subtree.head]
        appendEnding(subtree.lines.lowerBound)
        for line in subtree.lines.dropFirst() {
          if subtree.shift == 0 {
            output += bytes[Int(lines[line].start)..<Int(lines[line].end)]
          } else {
            output += Self.reindented(
              content(ofLine: line), by: subtree.shift, atLeast: subtree.oldColumn)
          }
          appendEnding(line)
        }
        newLine += subtree.lines.count
      }
      if placement.blankAfter {
        output += newEnding
        newLine += 1
      }
    }
    // Kept lines go over as they are, a stretch at a time (a last line without an
    // ending gets one: lines may follow it).
    func copy(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      keptSegments.append((range, newLine))
      output += bytes[startOffset(ofLine: range.lowerBound)..<startOffset(ofLine: range.upperBound)]
      if range.upperBound == lines.count, !hasFinalLineEnding { output += newEnding }
      newLine += range.count
    }
    for range in removed {
      if placement.line >= next, placement.line <= range.lowerBound {
        copy(next..<placement.line)
        insertMoved()
        next = placement.line
      }
      copy(next..<range.lowerBound)
      next = range.upperBound
    }
    if insertedAt < 0 {
      copy(next..<max(next, placement.line))
      insertMoved()
      next = max(next, placement.line)
    }
    copy(next..<lines.count)
    // A file without a final line ending keeps none: the last line's ending goes (LF,
    // CRLF or a lone CR).
    if !hasFinalLineEnding {
      if output.last == ASCII.lineFeed { output.removeLast() }
      if output.last == ASCII.carriageReturn { output.removeLast() }
    }
    guard output.count <= Self.maximumByteCount else { throw .tooLarge }
    logWork("splices")
    logWork("bytesMoved", output.count)
    let before = self
    let parsed = output.withUnsafeBufferPointer { DocumentParser.parseValid($0) }
    replaceStorage(
      bytes: output, lines: parsed.records, addsCarriageReturn: parsed.hasCarriageReturn)
    // The check: every kept line reads as it did (a list may change its first item,
    // where an item before it left), and every moved subtree as it did.
    var newIndex = [Int](repeating: -1, count: before.lines.count)
    for segment in keptSegments {
      for offset in segment.old.indices {
        newIndex[offset] = segment.new + offset - segment.old.lowerBound
      }
    }
    let oldParents = before.itemParents()
    let newParents = itemParents()
    let listStart = LineRecord.Rendering.startsList | LineRecord.Rendering.followsOtherList
    // Where a run of removed items began a list, the first item after it that continued
    // that list takes over its start (the list stays one list); nothing else may start
    // or stop a list.
    // In a run of removed items, the first one at each depth (since a shallower one)
    // is the one whose list the next kept item at that depth may have continued.
    // (A flag per line and one per depth, in arrays: a dictionary was half the time of
    // archiving half a million items.)
    var handover = [UInt8](repeating: 0, count: before.lines.count)
    var firstAtDepth = [UInt8?](repeating: nil, count: 256)
    var deepestSet = -1
    for (number, range) in removed.enumerated() {
      let root = before.lines[range.lowerBound]
      let keptDepth =
        number == 0 || removed[number - 1].upperBound != range.lowerBound
        ? -1 : Int(root.depth)
      while deepestSet > keptDepth {
        firstAtDepth[deepestSet] = nil
        deepestSet -= 1
      }
      if firstAtDepth[Int(root.depth)] == nil {
        firstAtDepth[Int(root.depth)] = root.rendering & listStart
        deepestSet = max(deepestSet, Int(root.depth))
      }
      let isRunEnd =
        number == removed.count - 1 || removed[number + 1].lowerBound != range.upperBound
      guard isRunEnd else { continue }
      var next = range.upperBound
      while next < before.lines.count, before.lines[next].kind == .blank { next += 1 }
      guard next < before.lines.count, newIndex[next] >= 0 else { continue }
      let following = before.lines[next]
      if following.kind == .item, following.rendering & listStart == 0,
        let bits = firstAtDepth[Int(following.depth)], bits != 0
      {
        handover[next] = bits
      }
    }
    for segment in keptSegments {
      for old in segment.old {
        let new = newIndex[old]
        let a = before.lines[old]
        let b = lines[new]
        let expectedStart = handover[old] != 0 ? handover[old] : a.rendering & listStart
        let sameParent =
          a.kind != .item
          || (oldParents[old] < 0
            ? newParents[new] < 0
            : newIndex[Int(oldParents[old])] == Int(newParents[new]))
        guard a.kind == b.kind,
          a.kind == .blank
            || (a.rendering & ~listStart == b.rendering & ~listStart
              && b.rendering & listStart == expectedStart && a.depth == b.depth),
          sameParent
        else {
          self = before
          return false
        }
      }
    }
    // The moved items: one list with the archive's items (or a new one), each subtree as
    // it was.
    var start = insertedAt
    var structure: [Int] = []
    for (number, subtree) in moved.enumerated() {
      let count = subtree.lines.count
      let startsList = start < lines.count && lines[start].renders(LineRecord.Rendering.startsList)
      guard start + count <= lines.count, lines[start].kind == .item, newParents[start] < 0,
        startsList == (number == 0 && !archiveHasItems)
      else {
        self = before
        return false
      }
      structure.removeAll(keepingCapacity: true)
      appendStructure(of: start..<(start + count), to: &structure)
      let old = movedStructures[(start - insertedAt)..<(start - insertedAt + count)]
      guard structure.elementsEqual(old) else {
        self = before
        return false
      }
      start += count
    }
    return true
  }
}

extension ChecklistDocument {
  /// Each line's parent item (its line index), or -1: for every line in one pass.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  func itemParents() -> [Int32] {
    var parents = [Int32](repeating: -1, count: lines.count)
    var open: [Int] = []
    for index in lines.indices {
      let record = lines[index]
      if record.kind == .heading {
        open.removeAll(keepingCapacity: true)
        continue
      }
      while let top = open.last, Int(lines[top].last) < index { open.removeLast() }
      if record.kind == .item {
        if let top = open.last { parents[index] = Int32(top) }
        open.append(index)
      }
    }
    return parents
  }
}
