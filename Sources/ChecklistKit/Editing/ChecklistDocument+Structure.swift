/// Adding, deleting and moving items with their sub-items.
///
/// Every structural edit is checked after it is made: the new or moved line must parse
/// as an item with the intended parent, and every other line must keep its kind and
/// its parent. When it would not, the document is left as it was and the edit throws
/// `EditError.unsupportedPosition`.
extension ChecklistDocument {
  /// Adds an unchecked item.
  ///
  /// A new item copies the indent and bullet of the sibling it is placed next to (an
  /// ordered bullet gets the next number); a first sub-item is indented to its parent's
  /// content column with `- `.
  ///
  /// - Parameters:
  ///   - name: the name, taken literally (escaped as needed).
  ///   - position: where the item goes.
  ///   - note: an optional note.
  ///   - dueDate: an optional `@due` day.
  ///   - due: an optional `@due` day and time (instead of `dueDate`).
  ///   - reminder: an optional `@remind`.
  /// - Returns: the new item's ID.
  /// - Throws: `EditError.emptyName`, `.lineBreak`, `.itemNotFound`, `.listNotFound`,
  ///   `.ambiguousID` or `.unsupportedPosition`.
  @discardableResult
  public mutating func addItem(
    named name: String, at position: ItemPosition, note: String? = nil,
    dueDate: CalendarDay? = nil, due: DueMoment? = nil, reminder: Reminder? = nil,
    recurrence: Recurrence? = nil
  ) throws(EditError) -> String {
    let due = due ?? dueDate.map { DueMoment(day: $0) }
    let escapedName = try Escaping.itemName(name)
    let escapedNote = try note.map { text throws(EditError) in try Escaping.note(text) }
    let placement = try placement(for: position)
    let id = idGenerator.makeID(avoiding: existingIDs())
    var line = EditableLine(itemPrefix: placement.prefix, name: escapedName)
    if let due { line.setTag(.due, escapedValue: Array(due.description.utf8)) }
    if let recurrence { line.setTag(.every, escapedValue: Array(recurrence.description.utf8)) }
    if let reminder { line.setTag(.remind, escapedValue: Array(reminder.description.utf8)) }
    line.setTag(.id, escapedValue: Array(id.utf8))
    line.note = escapedNote
    let first = try insert([NewLine(line.composed)], at: placement)
    renumber(around: first, as: numbering(around: first, excluding: first))
    return id
  }

  /// Deletes an item with its sub-items and the lines it owns.
  ///
  /// When the item sat between two blank lines, one of them goes too. When removing
  /// the lines would join the text around them into something else, a blank line is
  /// left in their place.
  ///
  /// - Throws: `EditError.itemNotFound`, `.ambiguousID` or `.unsupportedPosition`.
  public mutating func deleteItem(_ item: ItemReference) throws(EditError) {
    let index = try lineIndex(of: item)
    let (numbering, neighbour) = runBeforeRemoving(index)
    let removal = try deleteLines(index..<(Int(lines[index].last) + 1))
    if let neighbour = neighbour.flatMap({ removal.mapped($0) }) {
      renumber(around: neighbour, as: numbering)
    }
  }

  /// The numbering of the ordered list around the item at `index`, and another of its
  /// items (the one before, else after it) to find the list by once the item is gone.
  func runBeforeRemoving(_ index: Int) -> (Numbering?, Int?) {
    let run = orderedRun(around: index)
    let numbering = Numbering(run.compactMap { orderedNumber(ofLine: $0)?.number })
    return (numbering, run.last { $0 < index } ?? run.first { $0 > index })
  }

  /// Moves an item with its sub-items. The moved item takes the indent and bullet of
  /// its new siblings, and its sub-items and continuation lines are re-indented by
  /// the same number of columns (leading tabs become spaces).
  ///
  /// - Returns: whether the file changed (false for an item already where it was asked
  ///   to go).
  /// - Throws: `EditError.moveIntoOwnSubtree`, `.itemNotFound`, `.listNotFound`,
  ///   `.ambiguousID` or `.unsupportedPosition`.
  @discardableResult
  public mutating func moveItem(_ item: ItemReference, to position: ItemPosition)
    throws(EditError) -> Bool
  {
    let original = self
    let index = try lineIndex(of: item)
    let subtree = index..<(Int(lines[index].last) + 1)
    var target = try resolve(position)
    if let anchor = target.anchor, subtree.contains(anchor) {
      let name = bytes.withUnsafeBufferPointer {
        ParsedLine(lines[index], $0).name
      }
      throw .moveIntoOwnSubtree(name)
    }
    let oldColumn = contentColumn(ofLine: index)
    let moved = subtree.map { line in
      let ending = ending(ofLine: line)
      return NewLine(content(ofLine: line), ending: ending.isEmpty ? nil : ending)
    }
    let oldStructure = structure(of: subtree)
    let (sourceNumbering, neighbour) = runBeforeRemoving(index)
    do throws(EditError) {
      let removal = try deleteLines(subtree)
      try target.adjust { old throws(EditError) in
        if old < removal.replaced.lowerBound { return old }
        if old >= removal.replaced.upperBound {
          return old - removal.replaced.count + removal.count
        }
        guard old == removal.replaced.lowerBound, removal.count > 0 else {
          throw .unsupportedPosition(line: old + 1)
        }
        return old
      }
      let placement = try placement(for: target)
      let (newLines, shift) = placed(moved, from: oldColumn, with: placement.prefix)
      let countBeforeInsert = lines.count
      let first = try insert(newLines, at: placement)
      guard structure(of: first..<(first + moved.count)) == oldStructure else {
        throw EditError.unsupportedPosition(line: first + 1)
      }
      // Both ordered lists (the one left and the one joined) keep their numbering.
      var source = neighbour.flatMap { removal.mapped($0) }
      if let old = source, old >= placement.line { source = old + lines.count - countBeforeInsert }
      let joined = orderedRun(around: first)
      if let source, joined.contains(source) {
        renumber(around: first, as: sourceNumbering)
      } else {
        renumber(around: first, as: numbering(around: first, excluding: first))
        if let source { renumber(around: source, as: sourceNumbering) }
      }
      // Back where it was, written the same: only then can the bytes be unchanged,
      // and only then are they compared (so a run of moves stays linear).
      if first == index, shift == 0, lines.count == original.lines.count,
        newLines[0].content == moved[0].content
      {
        return bytes != original.bytes
      }
      return true
    } catch {
      self = original
      throw error
    }
  }

  /// Lines of an item with its sub-items, to go where `prefix` (a placement's indent
  /// and bullet) puts the item: its own line takes the prefix, the lines under it move
  /// by as many columns as its checkbox did (leading tabs become spaces).
  func placed(_ moved: [NewLine], from oldColumn: Int, with prefix: [UInt8])
    -> (lines: [NewLine], shift: Int)
  {
    var newLines = moved
    newLines[0].content = prefix + moved[0].content[prefixLength(moved[0].content)...]
    let shift = Self.column(of: prefix.count, in: newLines[0].content) - oldColumn
    if shift != 0 {
      for offset in 1..<newLines.count {
        newLines[offset].content = Self.reindented(
          newLines[offset].content, by: shift, atLeast: oldColumn)
      }
    }
    return (newLines, shift)
  }

  // MARK: - Inserting and deleting with checks

  /// Inserts lines at a placement and checks that the first one is an item with the
  /// intended parent and that no other line changed its meaning, for chk or on GitHub.
  ///
  /// When the placement as given would change another line (text after it would
  /// become a lazy continuation of the new item, or the item would join a plain list),
  /// a blank line after the item, then another bullet (for an item that must start
  /// its own list), are tried.
  ///
  /// - Returns: the line index of the first inserted item line.
  @discardableResult
  mutating func insert(_ newLines: [NewLine], at placement: Placement) throws(EditError)
    -> Int
  {
    let before = self
    var bullets: [UInt8?] = [nil]
    if placement.startsList { bullets += [UInt8(ascii: "*"), UInt8(ascii: "+")] }
    for bullet in bullets {
      for blankAfter in placement.blankAfter ? [true] : [false, true] {
        var all = newLines
        if let bullet, let index = all[0].content.firstIndex(of: ASCII.dash) {
          all[0].content[index] = bullet
        }
        if placement.blankBefore { all.insert(NewLine([]), at: 0) }
        if blankAfter { all.append(NewLine([])) }
        let insertion = try replaceLines(
          placement.line..<placement.line, with: all, checksGaps: true)
        let first = placement.line + (placement.blankBefore ? 1 : 0)
        var expectedParent = placement.parent
        if let parent = expectedParent, parent >= placement.line {
          expectedParent = parent + all.count
        }
        if lines[first].kind == .item, parent(ofLine: first) == expectedParent,
          !placement.startsList || lines[first].renders(LineRecord.Rendering.startsList),
          insertion.keepsOtherLines
        {
          return first
        }
        self = before
      }
    }
    throw .unsupportedPosition(line: placement.line + 1)
  }

  /// Deletes whole lines, then checks that no other line changed its meaning; if one
  /// did, leaves a blank line in their place instead.
  ///
  /// - Returns: the lines replaced and how many lines replaced them.
  @discardableResult
  mutating func deleteLines(_ range: Range<Int>) throws(EditError) -> Splice {
    let before = self
    var range = range
    let blankAbove = range.lowerBound == 0 || lines[range.lowerBound - 1].kind == .blank
    if blankAbove, range.upperBound < lines.count, lines[range.upperBound].kind == .blank {
      range = range.lowerBound..<(range.upperBound + 1)
    }
    let removal = try replaceLines(range, with: [])
    if removal.keepsOtherLines { return removal }
    self = before
    let blank = try replaceLines(range, with: [NewLine([])])
    if blank.keepsOtherLines { return blank }
    self = before
    throw .unsupportedPosition(line: range.lowerBound + 1)
  }

  /// Each line's kind, how it renders (its rendering bits, other than the first line's
  /// list start, and its depth relative to the first line) and, for items, the offset
  /// of its parent, for the lines in `range`: what must not change when a subtree
  /// moves. Blank lines count by kind only.
  func structure(of range: Range<Int>) -> [Int] {
    var values: [Int] = []
    appendStructure(of: range, to: &values)
    return values
  }

  /// Appends `structure(of:)`'s values (an edit that moves many subtrees keeps them
  /// end to end in one array).
  func appendStructure(of range: Range<Int>, to values: inout [Int]) {
    let baseDepth = Int(lines[range.lowerBound].depth)
    let listStart = LineRecord.Rendering.startsList | LineRecord.Rendering.followsOtherList
    for index in range {
      let record = lines[index]
      let kind = Int(record.kind.rawValue)
      guard record.kind != .blank else {
        values.append(kind)
        continue
      }
      guard index != range.lowerBound else {
        values.append(kind | Int(record.rendering & ~listStart) << 3)
        continue
      }
      var value = kind | Int(record.rendering) << 3 | (Int(record.depth) - baseDepth + 256) << 11
      if record.kind == .item {
        value |= ((parent(ofLine: index) ?? -1) - range.lowerBound + 1) << 20
      }
      values.append(value)
    }
  }
}
