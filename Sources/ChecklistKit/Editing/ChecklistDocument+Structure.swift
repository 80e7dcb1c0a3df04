/// Where a new or moved item line goes, worked out against the current lines.
struct Placement {
  /// The line index the item is inserted before.
  var line: Int
  /// The indent, bullet and gap the item line starts with.
  var prefix: [UInt8]
  /// The line index of the task item that must be the new item's parent, or `nil`.
  var parent: Int?
  /// Whether a blank line goes before the item (after a heading or prose).
  var blankBefore = false
  /// Whether a blank line goes after the item (before a heading).
  var blankAfter = false
}

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
  /// - Returns: the new item's ID.
  /// - Throws: `EditError.emptyName`, `.lineBreak`, `.itemNotFound`, `.listNotFound`,
  ///   `.ambiguousID` or `.unsupportedPosition`.
  @discardableResult
  public mutating func addItem(
    named name: String, at position: ItemPosition, note: String? = nil,
    dueDate: Checklist.Day? = nil
  ) throws(EditError) -> String {
    let escapedName = try Escaping.itemName(name)
    let escapedNote = try note.map { text throws(EditError) in try Escaping.note(text) }
    let placement = try placement(for: position)
    let id = idGenerator.makeID(avoiding: existingIDs())
    var line = EditableLine(itemPrefix: placement.prefix, name: escapedName)
    if let dueDate { line.setTag("due", escapedValue: Array(dueDate.description.utf8)) }
    line.setTag("id", escapedValue: Array(id.utf8))
    line.note = escapedNote
    try insert([NewLine(line.composed)], at: placement)
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
    try deleteLines(index..<(Int(lines[index].last) + 1))
  }

  /// Moves an item with its sub-items. The moved item takes the indent and bullet of
  /// its new siblings, and its sub-items and continuation lines are re-indented by
  /// the same number of columns (leading tabs become spaces).
  ///
  /// - Throws: `EditError.moveIntoOwnSubtree`, `.itemNotFound`, `.listNotFound`,
  ///   `.ambiguousID` or `.unsupportedPosition`.
  public mutating func moveItem(_ item: ItemReference, to position: ItemPosition)
    throws(EditError)
  {
    let original = self
    let index = try lineIndex(of: item)
    let subtree = index..<(Int(lines[index].last) + 1)
    var target = try resolve(position)
    if let anchor = target.anchor, subtree.contains(anchor) {
      let name = bytes.withUnsafeBufferPointer {
        Self.decodedName($0, Self.nameRange(lines[index], in: $0))
      }
      throw .moveIntoOwnSubtree(name)
    }
    let oldColumn = contentColumn(ofLine: index)
    let moved = subtree.map { line in
      let ending = ending(ofLine: line)
      return NewLine(content(ofLine: line), ending: ending.isEmpty ? nil : ending)
    }
    let oldStructure = structure(of: subtree)
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
      var newLines = moved
      newLines[0].content = placement.prefix + moved[0].content[prefixLength(moved[0].content)...]
      let shift = Self.column(of: placement.prefix.count, in: newLines[0].content) - oldColumn
      if shift != 0 {
        for offset in 1..<newLines.count {
          newLines[offset].content = Self.reindented(
            newLines[offset].content, by: shift, atLeast: oldColumn)
        }
      }
      let first = try insert(newLines, at: placement)
      guard structure(of: first..<(first + moved.count)) == oldStructure else {
        throw EditError.unsupportedPosition(line: first + 1)
      }
    } catch {
      self = original
      throw error
    }
  }

  // MARK: - Positions

  /// A position with references resolved to line indices.
  enum ResolvedPosition {
    case listEnd(heading: Int?)
    case listStart(heading: Int?)
    case listIndex(Int, heading: Int?)
    case after(Int)
    case before(Int)
    case under(Int)

    /// The item line the position is relative to, if any.
    var anchor: Int? {
      switch self {
      case .after(let line), .before(let line), .under(let line): return line
      default: return nil
      }
    }

    /// Updates line indices after lines were replaced.
    mutating func adjust(_ moved: (Int) throws(EditError) -> Int) throws(EditError) {
      func movedHeading(_ heading: Int?) throws(EditError) -> Int? {
        guard let heading else { return nil }
        return try moved(heading)
      }
      switch self {
      case .listEnd(let heading): self = .listEnd(heading: try movedHeading(heading))
      case .listStart(let heading): self = .listStart(heading: try movedHeading(heading))
      case .listIndex(let index, let heading):
        self = .listIndex(index, heading: try movedHeading(heading))
      case .after(let line): self = .after(try moved(line))
      case .before(let line): self = .before(try moved(line))
      case .under(let line): self = .under(try moved(line))
      }
    }
  }

  func resolve(_ position: ItemPosition) throws(EditError) -> ResolvedPosition {
    switch position {
    case .end(let list): return .listEnd(heading: try headingLine(of: list))
    case .start(let list): return .listStart(heading: try headingLine(of: list))
    case .index(let index, let list): return .listIndex(index, heading: try headingLine(of: list))
    case .after(let item): return .after(try lineIndex(of: item))
    case .before(let item): return .before(try lineIndex(of: item))
    case .under(let item): return .under(try lineIndex(of: item))
    }
  }

  /// The heading line of a list; `nil` for the unnamed list.
  func headingLine(of list: ListReference) throws(EditError) -> Int? {
    switch list {
    case .unnamed:
      return nil
    case .line(let line):
      guard lines.indices.contains(line - 1), lines[line - 1].kind == .heading else {
        throw .listNotFound(list)
      }
      return line - 1
    case .name(let name):
      let found = bytes.withUnsafeBufferPointer { buffer in
        lines.indices.first { index in
          lines[index].kind == .heading
            && Self.decodedName(buffer, Self.nameRange(lines[index], in: buffer)) == name
        }
      }
      guard let found else { throw .listNotFound(list) }
      return found
    case .id(let id):
      let found = bytes.withUnsafeBufferPointer { buffer in
        lines.indices.first { index in
          lines[index].kind == .heading
            && Self.tagSpan("id", lines[index], in: buffer)?.value.map {
              Self.decodedValue(buffer, $0)
            } == id
        }
      }
      guard let found else { throw .listNotFound(list) }
      return found
    }
  }

  private func placement(for position: ItemPosition) throws(EditError) -> Placement {
    try placement(for: resolve(position))
  }

  func placement(for position: ResolvedPosition) throws(EditError) -> Placement {
    if let anchor = position.anchor, !lines.indices.contains(anchor) || lines[anchor].kind != .item
    {
      throw .unsupportedPosition(line: anchor + 1)
    }
    switch position {
    case .after(let sibling):
      return Placement(
        line: Int(lines[sibling].last) + 1, prefix: siblingPrefix(sibling, offset: 1),
        parent: parent(ofLine: sibling))
    case .before(let sibling):
      return Placement(
        line: sibling, prefix: siblingPrefix(sibling, offset: 0), parent: parent(ofLine: sibling))
    case .under(let parent):
      let children = childItems(of: parent)
      let prefix: [UInt8]
      if let last = children.last {
        prefix = siblingPrefix(last, offset: 1)
      } else {
        prefix =
          Array(repeating: ASCII.space, count: contentColumn(ofLine: parent))
          + Array("- ".utf8)
      }
      return Placement(line: Int(lines[parent].last) + 1, prefix: prefix, parent: parent)
    case .listStart(let heading):
      return listPlacement(heading: heading, index: 0)
    case .listIndex(let index, let heading):
      return listPlacement(heading: heading, index: index)
    case .listEnd(let heading):
      return listPlacement(heading: heading, index: Int.max)
    }
  }

  /// Before the list's top-level item at `index`, or after its last one; in a list
  /// without items, after its last non-blank line.
  private func listPlacement(heading: Int?, index: Int) -> Placement {
    let span = listSpan(heading: heading)
    let topLevel = topLevelItems(in: span)
    if index < topLevel.count {
      return Placement(
        line: topLevel[index], prefix: siblingPrefix(topLevel[index], offset: 0), parent: nil)
    }
    if let last = topLevel.last {
      return Placement(
        line: Int(lines[last].last) + 1, prefix: siblingPrefix(last, offset: 1), parent: nil)
    }
    var line = span.upperBound
    while line > span.lowerBound, lines[line - 1].kind == .blank { line -= 1 }
    var placement = Placement(line: line, prefix: Array("- ".utf8), parent: nil)
    if line < span.upperBound {
      // A blank line already follows the list's last line: the item goes after it.
      placement.line = line + 1
    } else {
      placement.blankBefore = line > 0 && lines[line - 1].kind != .blank
    }
    placement.blankAfter = placement.line < lines.count && lines[placement.line].kind == .heading
    return placement
  }

  /// The lines of a list. The unnamed list runs to the first heading (all of the file
  /// when there is none).
  private func listSpan(heading: Int?) -> Range<Int> {
    let start = heading.map { $0 + 1 } ?? 0
    var end = start
    while end < lines.count, lines[end].kind != .heading { end += 1 }
    return (heading ?? 0)..<end
  }

  /// The items of `span` that have no parent item.
  func topLevelItems(in span: Range<Int>) -> [Int] {
    var result: [Int] = []
    var coveredUntil = -1
    for index in span where lines[index].kind == .item && index > coveredUntil {
      result.append(index)
      coveredUntil = Int(lines[index].last)
    }
    return result
  }

  /// The direct sub-items of an item.
  func childItems(of parent: Int) -> [Int] {
    let inner = (parent + 1)..<(Int(lines[parent].last) + 1)
    return topLevelItems(in: inner)
  }

  /// The item that owns an item line, or `nil` for a top-level item.
  func parent(ofLine index: Int) -> Int? {
    var candidate = index - 1
    while candidate >= 0, lines[candidate].kind != .heading {
      if lines[candidate].kind == .item, Int(lines[candidate].last) >= index { return candidate }
      candidate -= 1
    }
    return nil
  }

  // MARK: - Prefixes and columns

  /// A sibling's indent, bullet and gap; an ordered bullet's number is raised by
  /// `offset`.
  private func siblingPrefix(_ sibling: Int, offset: Int) -> [UInt8] {
    let start = Int(lines[sibling].start)
    var prefix = Array(bytes[start..<Int(lines[sibling].mark)])
    guard offset != 0,
      let digitsStart = prefix.firstIndex(where: { !ASCII.isSpaceOrTab($0) }),
      ASCII.isDigit(prefix[digitsStart])
    else { return prefix }
    var digitsEnd = digitsStart
    var number = 0
    while digitsEnd < prefix.count, ASCII.isDigit(prefix[digitsEnd]) {
      number = number * 10 + Int(prefix[digitsEnd] - UInt8(ascii: "0"))
      digitsEnd += 1
    }
    let next = Array(String(min(number + offset, 999_999_999)).utf8)
    prefix.replaceSubrange(digitsStart..<digitsEnd, with: next)
    return prefix
  }

  /// The column (tabs to multiples of 4) of an item's checkbox: where its sub-items'
  /// bullets go.
  func contentColumn(ofLine index: Int) -> Int {
    let start = Int(lines[index].start)
    return Self.column(of: Int(lines[index].mark) - start, in: content(ofLine: index))
  }

  /// The column at byte `offset` of a line, with tabs advancing to multiples of 4.
  static func column(of offset: Int, in line: [UInt8]) -> Int {
    var column = 0
    for byte in line[..<min(offset, line.count)] {
      column = byte == ASCII.tab ? (column / 4 + 1) * 4 : column + 1
    }
    return column
  }

  /// The length of an item line's indent, bullet and gap.
  private func prefixLength(_ line: [UInt8]) -> Int {
    line.firstIndex(of: ASCII.openBracket) ?? 0
  }

  /// A line with `shift` columns more (or fewer) of leading blanks, written as spaces;
  /// lines indented less than `atLeast` (lazy continuations) and blank lines are kept.
  static func reindented(_ line: [UInt8], by shift: Int, atLeast minimum: Int) -> [UInt8] {
    var index = 0
    while index < line.count, ASCII.isSpaceOrTab(line[index]) { index += 1 }
    guard index < line.count else { return line }
    let indent = column(of: index, in: line)
    guard indent >= minimum else { return line }
    return Array(repeating: ASCII.space, count: max(0, indent + shift)) + line[index...]
  }

  // MARK: - Inserting and deleting with checks

  /// Inserts lines at a placement and checks that the first one is an item with the
  /// intended parent and that no other line changed its meaning.
  ///
  /// - Returns: the line index of the first inserted item line.
  @discardableResult
  private mutating func insert(_ newLines: [NewLine], at placement: Placement) throws(EditError)
    -> Int
  {
    let before = self
    var all = newLines
    if placement.blankBefore { all.insert(NewLine([]), at: 0) }
    if placement.blankAfter { all.append(NewLine([])) }
    let insertion = try replaceLines(placement.line..<placement.line, with: all)
    let first = placement.line + (placement.blankBefore ? 1 : 0)
    var expectedParent = placement.parent
    if let parent = expectedParent, parent >= placement.line { expectedParent = parent + all.count }
    guard lines[first].kind == .item, parent(ofLine: first) == expectedParent,
      before.keepsMeaning(in: self, replacing: insertion.replaced, with: insertion.count)
    else {
      self = before
      throw .unsupportedPosition(line: placement.line + 1)
    }
    return first
  }

  /// Deletes whole lines, then checks that no other line changed its meaning; if one
  /// did, leaves a blank line in their place instead.
  ///
  /// - Returns: the lines replaced and how many lines replaced them.
  @discardableResult
  private mutating func deleteLines(_ range: Range<Int>) throws(EditError)
    -> (replaced: Range<Int>, count: Int)
  {
    let before = self
    var range = range
    let blankAbove = range.lowerBound == 0 || lines[range.lowerBound - 1].kind == .blank
    if blankAbove, range.upperBound < lines.count, lines[range.upperBound].kind == .blank {
      range = range.lowerBound..<(range.upperBound + 1)
    }
    let removal = try replaceLines(range, with: [])
    if before.keepsMeaning(in: self, replacing: removal.replaced, with: removal.count) {
      return removal
    }
    self = before
    let blank = try replaceLines(range, with: [NewLine([])])
    if before.keepsMeaning(in: self, replacing: blank.replaced, with: blank.count) { return blank }
    self = before
    throw .unsupportedPosition(line: range.lowerBound + 1)
  }

  /// Each line's kind and, for items, the offset of its parent, for the lines in
  /// `range`: what must not change when a subtree moves.
  private func structure(of range: Range<Int>) -> [Int] {
    range.map { index in
      let kind = Int(lines[index].kind.rawValue)
      guard lines[index].kind == .item, index != range.lowerBound else { return kind }
      return kind + 8 * ((parent(ofLine: index) ?? -1) - range.lowerBound + 1)
    }
  }

  /// Whether `other` is this document with the lines in `replaced` swapped for
  /// `newCount` other lines and nothing else changed in kind or item parent.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  private func keepsMeaning(
    in other: ChecklistDocument, replacing replaced: Range<Int>, with newCount: Int
  ) -> Bool {
    guard other.lines.count == lines.count - replaced.count + newCount else { return false }
    func mapped(_ old: Int) -> Int {
      old < replaced.lowerBound ? old : old - replaced.count + newCount
    }
    let oldParents = itemParents()
    let newParents = other.itemParents()
    for index in lines.indices where !replaced.contains(index) {
      let newIndex = mapped(index)
      guard other.lines[newIndex].kind == lines[index].kind else { return false }
      guard lines[index].kind == .item else { continue }
      let oldParent = Int(oldParents[index])
      if oldParent >= 0, replaced.contains(oldParent) { return false }
      let expected = oldParent < 0 ? -1 : Int32(mapped(oldParent))
      guard newParents[newIndex] == expected else { return false }
    }
    return true
  }

  /// For each line, the index of the item that is its parent (-1 for none).
  ///
  /// - Complexity: O(*n*).
  private func itemParents() -> [Int32] {
    var parents = [Int32](repeating: -1, count: lines.count)
    var open: [Int] = []
    for index in lines.indices {
      let record = lines[index]
      if record.kind == .heading {
        open.removeAll(keepingCapacity: true)
        continue
      }
      guard record.kind == .item else { continue }
      while let top = open.last, Int(lines[top].last) < index { open.removeLast() }
      if let top = open.last { parents[index] = Int32(top) }
      open.append(index)
    }
    return parents
  }
}
