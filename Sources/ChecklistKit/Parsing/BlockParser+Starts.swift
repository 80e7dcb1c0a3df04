/// Which block a line starts.
extension BlockParser {
  /// The fast path for the most common line: spaces, a `-`, `*` or `+` bullet, one
  /// space and a checkbox, while only list items and paragraphs are open. It does what
  /// the general path does for such a line (CommonMark container matching by width,
  /// then a list item that may interrupt a paragraph), without the general machinery.
  ///
  /// - Returns: false when the line is not of that shape; nothing has changed then.
  @inline(__always)
  mutating func parseSimpleItemLine(start: Int, end: Int) -> Bool {
    var bullet = start
    while bullet < end, bytes[bullet] == ASCII.space { bullet &+= 1 }
    guard bullet &+ 5 <= end else { return false }
    let marker = bytes[bullet]
    guard marker == ASCII.dash || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+"),
      bytes[bullet &+ 1] == ASCII.space, Self.isCheckbox(bytes, at: bullet &+ 2, end: end)
    else { return false }
    var remaining = bullet &- start
    var matched = 0
    while matched < stack.count, stack[matched].kind == .listItem, remaining >= stack[matched].width
    {
      remaining &-= stack[matched].width
      stack[matched].hasContent = true
      matched &+= 1
    }
    guard remaining <= 3 else { return false }
    lineStart = start
    lineEnd = end
    closeBlocks(downTo: matched)
    var record = itemRecord(box: bullet &+ 2)
    var block = OpenBlock(.listItem)
    block.width = remaining &+ 2
    block.itemLine = lineIndex
    block.lastLine = lineIndex
    block.listType = marker
    pendingRendering = 0
    addChild(listType: marker)
    containerDepth &+= 1
    // The item's first paragraph (its first child, so no list is open in it), unless
    // the box is all there is: then the item is empty, as on GitHub.
    let isBoxOnly = Self.isBoxOnly(record, bytes)
    block.hasContent = !isBoxOnly
    stack.append(block)
    if !isBoxOnly {
      stack.append(OpenBlock(.paragraph))
      pendingRendering |= LineRecord.Rendering.startsParagraph
    }
    record.rendering = pendingRendering
    record.depth = UInt8(truncatingIfNeeded: min(containerDepth, 255))
    records.append(record)
    return true
  }

  mutating func tryBlockStart(containerIsParagraph: Bool) -> StartResult {
    let tipIsParagraph = stack.last?.kind == .paragraph
    if indent >= 4 {
      guard !tipIsParagraph else { return .none }
      closeUnmatchedBlocks()
      push(OpenBlock(.indentedCode))
      return .leaf(.verbatim)
    }
    switch bytes[nextNonspace] {
    case ASCII.greaterThan:
      return startBlockQuote()
    case ASCII.hash:
      return startATXHeading()
    case ASCII.backtick, ASCII.tilde:
      return startFence()
    case ASCII.lessThan:
      return startHTMLBlock(containerIsParagraph: containerIsParagraph)
    case UInt8(ascii: "="):
      return startSetextUnderline(containerIsParagraph: containerIsParagraph)
    case ASCII.dash:
      if case .leaf(let kind) = startSetextUnderline(containerIsParagraph: containerIsParagraph) {
        return .leaf(kind)
      }
      if isThematicBreak() {
        return consumeThematicBreak()
      }
      return startListItem(containerIsParagraph: containerIsParagraph)
    case UInt8(ascii: "*"):
      if isThematicBreak() {
        return consumeThematicBreak()
      }
      return startListItem(containerIsParagraph: containerIsParagraph)
    case ASCII.underscore:
      return isThematicBreak()
        ? consumeThematicBreak() : .none
    case UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return startListItem(containerIsParagraph: containerIsParagraph)
    default:
      return .none
    }
  }

  mutating func startBlockQuote() -> StartResult {
    closeUnmatchedBlocks()
    advanceNextNonspace()
    advanceOffset(1, columns: false)
    if offset < lineEnd, ASCII.isSpaceOrTab(bytes[offset]) { advanceOffset(1, columns: true) }
    push(OpenBlock(.blockQuote))
    blockQuoteDepth += 1
    return .container
  }

  mutating func startATXHeading() -> StartResult {
    var index = nextNonspace
    while index < lineEnd, bytes[index] == ASCII.hash { index += 1 }
    guard index - nextNonspace <= 6, index == lineEnd || ASCII.isSpaceOrTab(bytes[index]) else {
      return .none
    }
    closeUnmatchedBlocks()
    if blockQuoteDepth > 0 || startsOnLine > 0 {
      closeOpenLeaf()
      addChild(listType: 0)
      return .leaf(.text)
    }
    closeBlocks(downTo: 0)
    rootListType = 0
    var record = LineRecord(
      start: UInt32(truncatingIfNeeded: lineStart), end: UInt32(truncatingIfNeeded: lineEnd))
    record.kind = .heading
    FieldScanner.splitHeading(bytes, afterMarker: index, end: lineEnd, into: &record)
    pendingRecord = record
    return .leaf(.heading)
  }

  mutating func startFence() -> StartResult {
    let character = bytes[nextNonspace]
    var index = nextNonspace
    while index < lineEnd, bytes[index] == character { index += 1 }
    let length = index - nextNonspace
    guard length >= 3 else { return .none }
    if character == ASCII.backtick {
      while index < lineEnd {
        if bytes[index] == ASCII.backtick { return .none }
        index += 1
      }
    }
    closeUnmatchedBlocks()
    var block = OpenBlock(.fencedCode)
    block.fenceCharacter = character
    block.fenceLength = length
    block.fenceOffset = indent
    push(block)
    return .leaf(.verbatim)
  }

  mutating func startHTMLBlock(containerIsParagraph: Bool) -> StartResult {
    guard
      let kind = HTMLBlock.startKind(
        bytes, at: nextNonspace, end: lineEnd, canBeKind7: !containerIsParagraph)
    else { return .none }
    closeUnmatchedBlocks()
    var block = OpenBlock(.htmlBlock)
    block.htmlKind = kind
    push(block)
    if kind <= 5, HTMLBlock.endsBlock(kind: kind, bytes, from: offset, to: lineEnd) {
      closeBlocks(downTo: stack.count - 1)
    }
    return .leaf(.verbatim)
  }

  mutating func startSetextUnderline(containerIsParagraph: Bool) -> StartResult {
    guard containerIsParagraph else { return .none }
    let character = bytes[nextNonspace]
    var index = nextNonspace
    while index < lineEnd, bytes[index] == character { index += 1 }
    while index < lineEnd, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    guard index == lineEnd else { return .none }
    closeUnmatchedBlocks()
    closeBlocks(downTo: stack.count - 1)
    pendingRendering |= LineRecord.Rendering.setextUnderline
    return .leaf(.text)
  }

  /// Whether the line from `nextNonspace` is a thematic break.
  ///
  /// A scan that fails remembers where (as cmark does): the bytes before that point
  /// are the break character or blanks, so a later scan on the same line that starts
  /// before it fails there too and is skipped. Without this, a line of a hundred
  /// thousand nested `- ` markers took quadratic time.
  mutating func isThematicBreak() -> Bool {
    guard nextNonspace >= thematicBreakKillPosition else { return false }
    let character = bytes[nextNonspace]
    var count = 0
    var index = nextNonspace
    while index < lineEnd {
      let byte = bytes[index]
      if byte == character {
        count += 1
      } else if !ASCII.isSpaceOrTab(byte) {
        thematicBreakKillPosition = index
        return false
      }
      index += 1
    }
    if count >= 3 { return true }
    thematicBreakKillPosition = lineEnd
    return false
  }

  mutating func consumeThematicBreak() -> StartResult {
    closeUnmatchedBlocks()
    closeOpenLeaf()
    addChild(listType: 0)
    return .leaf(.text)
  }

  mutating func startListItem(containerIsParagraph: Bool) -> StartResult {
    let markerStart = nextNonspace
    var markerEnd = markerStart
    let first = bytes[markerStart]
    if ASCII.isDigit(first) {
      var value = 0
      while markerEnd < lineEnd, ASCII.isDigit(bytes[markerEnd]), markerEnd - markerStart < 9 {
        value = value * 10 + Int(bytes[markerEnd] &- UInt8(ascii: "0"))
        markerEnd += 1
      }
      guard markerEnd < lineEnd,
        bytes[markerEnd] == UInt8(ascii: ".") || bytes[markerEnd] == ASCII.closeParen
      else { return .none }
      if containerIsParagraph, value != 1 { return .none }
      markerEnd += 1
    } else {
      markerEnd += 1
    }
    guard markerEnd == lineEnd || ASCII.isSpaceOrTab(bytes[markerEnd]) else { return .none }
    if containerIsParagraph {
      var index = markerEnd
      while index < lineEnd, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
      if index == lineEnd { return .none }
    }

    closeUnmatchedBlocks()
    let markerOffset = indent
    advanceNextNonspace()
    advanceOffset(markerEnd - markerStart, columns: true)
    let spacesStartColumn = column
    let spacesStartOffset = offset
    repeat {
      advanceOffset(1, columns: true)
    } while column - spacesStartColumn < 5 && offset < lineEnd
      && ASCII.isSpaceOrTab(bytes[offset])
    let blankItem = offset == lineEnd
    let spacesAfterMarker = column - spacesStartColumn
    var block = OpenBlock(.listItem)
    // A list's type: its bullet, or its ordered delimiter.
    block.listType = bytes[markerEnd - 1]
    if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
      block.width = markerOffset + (markerEnd - markerStart) + 1
      column = spacesStartColumn
      offset = spacesStartOffset
      partiallyConsumedTab = false
      if offset < lineEnd, ASCII.isSpaceOrTab(bytes[offset]) { advanceOffset(1, columns: true) }
      block.hasContent = !blankItem
    } else {
      block.width = markerOffset + (markerEnd - markerStart) + spacesAfterMarker
      if startsOnLine == 0, blockQuoteDepth == 0, Self.isCheckbox(bytes, at: offset, end: lineEnd) {
        let record = itemRecord(box: offset)
        pendingRecord = record
        block.itemLine = lineIndex
        block.lastLine = lineIndex
        block.hasContent = !Self.isBoxOnly(record, bytes)
      }
    }
    push(block)
    return .container
  }

  /// Whether `[ ]`, `[x]` or `[X]` starts at `index`, followed by a space, a tab or
  /// the end of the line.
  static func isCheckbox(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end lineEnd: Int
  )
    -> Bool
  {
    guard index + 3 <= lineEnd, bytes[index] == ASCII.openBracket,
      bytes[index + 2] == ASCII.closeBracket
    else { return false }
    let state = bytes[index + 1]
    guard state == ASCII.space || state == UInt8(ascii: "x") || state == UInt8(ascii: "X") else {
      return false
    }
    return index + 3 == lineEnd || ASCII.isSpaceOrTab(bytes[index + 3])
  }

  mutating func itemRecord(box: Int) -> LineRecord {
    var record = LineRecord(
      start: UInt32(truncatingIfNeeded: lineStart), end: UInt32(truncatingIfNeeded: lineEnd))
    record.kind = .item
    record.mark = UInt32(truncatingIfNeeded: box)
    record.isChecked = bytes[box + 1] != ASCII.space
    record.last = UInt32(truncatingIfNeeded: lineIndex)
    var index = stack.count - 1
    while index >= 0 {
      if stack[index].kind == .listItem, stack[index].itemLine < 0 {
        record.isInsidePlainListItem = true
        break
      }
      index -= 1
    }
    FieldScanner.splitItem(bytes, afterBox: box + 3, end: lineEnd, into: &record)
    return record
  }
}
