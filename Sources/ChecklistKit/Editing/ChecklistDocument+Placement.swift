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
  /// Whether the item must start a list of its own: the list it goes into has no task
  /// items yet, and it must not join (and loosen) a plain list before it. Its bullet
  /// may then be `*` or `+` instead of `-`.
  var startsList = false
}

/// Where added and moved items go: positions resolved to lines, the prefix a new line
/// copies from its siblings, and the columns that decide nesting.
extension ChecklistDocument {
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
            && ParsedLine(lines[index], buffer).name == name
        }
      }
      guard let found else { throw .listNotFound(list) }
      return found
    case .id(let id):
      let found = bytes.withUnsafeBufferPointer { buffer in
        lines.indices.first { index in
          lines[index].kind == .heading
            && ParsedLine(lines[index], buffer).tag(.id)?.value.map {
              buffer.decodedTagValue($0)
            } == id
        }
      }
      guard let found else { throw .listNotFound(list) }
      return found
    }
  }

  func placement(for position: ItemPosition) throws(EditError) -> Placement {
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
  func listPlacement(heading: Int?, index: Int) -> Placement {
    let span = listSpan(heading: heading)
    let topLevel = topLevelItems(in: span)
    if index < topLevel.count {
      return Placement(
        line: topLevel[index], prefix: siblingPrefix(topLevel[index], offset: 0), parent: nil)
    }
    if let last = topLevel.last {
      return Placement(
        line: lineAfterContent(of: last), prefix: siblingPrefix(last, offset: 1), parent: nil)
    }
    var line = span.upperBound
    while line > span.lowerBound, lines[line - 1].kind == .blank { line -= 1 }
    var placement = Placement(line: line, prefix: Array("- ".utf8), parent: nil)
    placement.startsList = true
    if line < span.upperBound {
      // A blank line already follows the list's last line: the item goes after it.
      placement.line = line + 1
    } else {
      placement.blankBefore = line > 0 && lines[line - 1].kind != .blank
    }
    placement.blankAfter = placement.line < lines.count && lines[placement.line].kind == .heading
    return placement
  }

  /// The line after an item's last content line that shows: the line after all it
  /// owns, unless it ends with a blank line and link reference definitions
  /// (`[label]: url`), which show nothing; GitHub would read that blank line between
  /// the item and a new sibling, making the list loose, so the new item goes before
  /// the blank line (and the definitions become its own, which changes nothing shown).
  func lineAfterContent(of item: Int) -> Int {
    let end = Int(lines[item].last) + 1
    var line = end
    var sawDefinition = false
    while line > item + 1, lines[line - 1].kind == .text, isReferenceDefinition(line - 1) {
      sawDefinition = true
      line -= 1
    }
    guard sawDefinition, lines[line - 1].kind == .blank else { return end }
    while line > item + 1, lines[line - 1].kind == .blank { line -= 1 }
    return line
  }

  /// Whether a line reads as a link reference definition: `[label]:` then a
  /// destination, after at most 3 columns of indent within its container.
  func isReferenceDefinition(_ index: Int) -> Bool {
    let record = lines[index]
    return bytes.withUnsafeBufferPointer { buffer in
      var cursor = Int(record.start)
      let end = Int(record.end)
      while cursor < end, ASCII.isSpaceOrTab(buffer[cursor]) { cursor += 1 }
      guard cursor < end, buffer[cursor] == ASCII.openBracket,
        let close = ByteSearch.first(ASCII.closeBracket, in: buffer, from: cursor, to: end),
        close > cursor + 1, close + 1 < end, buffer[close + 1] == UInt8(ascii: ":")
      else { return false }
      var destination = close + 2
      while destination < end, ASCII.isSpaceOrTab(buffer[destination]) { destination += 1 }
      return destination < end
    }
  }

  /// The lines of a list. The unnamed list runs to the first heading (all of the file
  /// when there is none).
  func listSpan(heading: Int?) -> Range<Int> {
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
  func siblingPrefix(_ sibling: Int, offset: Int) -> [UInt8] {
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
  static func column(of offset: Int, in line: some Collection<UInt8>) -> Int {
    var column = 0
    for byte in line.prefix(offset) {
      column = byte == ASCII.tab ? (column / 4 + 1) * 4 : column + 1
    }
    return column
  }

  /// The length of an item line's indent, bullet and gap.
  func prefixLength(_ line: [UInt8]) -> Int {
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
}
