/// CommonMark's block structure, reduced to what decides a checklist line's kind.
///
/// The parser follows the reference algorithm (commonmark.js `incorporateLine`): each
/// line first continues the open blocks it can, then may start new blocks, and what is
/// left is paragraph text, possibly a lazy continuation. It tracks block quotes, list
/// items (task or not), paragraphs, fenced and indented code and HTML blocks, which is
/// what decides whether a line is a task item, whose child it is, and which lines an
/// item owns. Inline content is never parsed.
///
/// The format's own rules on top of CommonMark: an ATX heading outside block quotes
/// starts a new list and closes every open block; a task item is a list item whose
/// first line is `[ ]`, `[x]` or `[X]` after a gap of 1-4 columns; task items inside
/// block quotes, or opened on a line after another list marker, are ordinary text.
struct BlockParser: ~Copyable {
  enum BlockKind: UInt8 {
    case blockQuote, listItem, paragraph, fencedCode, indentedCode, htmlBlock
  }

  struct OpenBlock {
    var kind: BlockKind
    var fenceCharacter: UInt8 = 0
    var htmlKind: UInt8 = 0
    /// List item: false while an item that started with a blank line holds nothing.
    var hasContent = true
    /// List item: the columns a line must be indented by to continue it.
    private var storedWidth: Int32 = 0
    /// Task item: its line's index; -1 for every other block.
    private var storedItemLine: Int32 = -1
    /// Task item: the last non-blank line it owns so far.
    private var storedLastLine: Int32 = -1
    private var storedFenceLength: Int32 = 0
    private var storedFenceOffset: Int32 = 0

    init(_ kind: BlockKind) { self.kind = kind }

    var width: Int {
      get { Int(storedWidth) }
      set { storedWidth = Int32(truncatingIfNeeded: newValue) }
    }
    var itemLine: Int {
      get { Int(storedItemLine) }
      set { storedItemLine = Int32(truncatingIfNeeded: newValue) }
    }
    var lastLine: Int {
      get { Int(storedLastLine) }
      set { storedLastLine = Int32(truncatingIfNeeded: newValue) }
    }
    var fenceLength: Int {
      get { Int(storedFenceLength) }
      set { storedFenceLength = Int32(truncatingIfNeeded: newValue) }
    }
    var fenceOffset: Int {
      get { Int(storedFenceOffset) }
      set { storedFenceOffset = Int32(truncatingIfNeeded: newValue) }
    }
  }

  private enum StartResult {
    case none
    case container
    /// The line starts a leaf block and is of this kind.
    case leaf(LineKind)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var records: RecordBuffer
  private var stack = UnsafeBuffer<OpenBlock>(capacity: 16)
  private var blockQuoteDepth = 0
  /// Open blocks other than list items and paragraphs: while there are none, a plain
  /// bullet task line can take the fast path.
  private var complexBlocks = 0

  private var lineIndex = 0
  private var lineStart = 0
  private var lineEnd = 0
  private var offset = 0
  private var column = 0
  private var partiallyConsumedTab = false
  private var nextNonspace = 0
  private var nextNonspaceColumn = 0
  private var indent = 0
  private var blank = false

  private var matchedCount = 0
  private var closedUnmatched = false
  private var startsOnLine = 0
  private var pendingRecord: LineRecord?
  private var lineIsBlank = false
  /// Where a thematic break scan of this line failed (see `isThematicBreak`).
  private var thematicBreakKillPosition = 0

  /// The index, in the whole document, of the first line this parser sees.
  private let firstLineIndex: Int

  /// Whether simple task lines take the fast path (tests compare both paths).
  private let allowsFastPath: Bool

  /// - Parameters:
  ///   - firstLineIndex: the document index of the first line to be parsed; the
  ///     records' `last` fields are document indices.
  ///   - records: where the records go, the first line's at index 0.
  init(
    bytes: UnsafeBufferPointer<UInt8>, firstLineIndex: Int, records: consuming RecordBuffer,
    allowsFastPath: Bool = true
  ) {
    self.bytes = bytes
    self.firstLineIndex = firstLineIndex
    self.allowsFastPath = allowsFastPath
    self.records = records
  }

  /// Closes every open block and hands over the records.
  consuming func takeRecords() -> RecordBuffer {
    closeBlocks(downTo: 0)
    return records
  }

  /// Whether a heading at column 0 would be read as a heading now: true unless a
  /// fenced code or HTML block is open at the top level (which would swallow it).
  var readsNextColumnZeroHeading: Bool {
    guard let first = stack.first else { return true }
    return first.kind != .fencedCode && first.kind != .htmlBlock
  }

  /// Whether the line just parsed was a heading (after which no block is open).
  var lastLineWasHeading: Bool { records.last?.kind == .heading }

  /// Parses one line and appends its record.
  ///
  /// - Parameters:
  ///   - start: the offset of the line's first byte.
  ///   - end: the offset where its content ends (before the line ending).
  mutating func parseLine(start: Int, end: Int) {
    lineIndex = firstLineIndex + records.count
    if complexBlocks == 0, allowsFastPath, parseSimpleItemLine(start: start, end: end) { return }
    lineStart = start
    lineEnd = end
    offset = start
    column = 0
    partiallyConsumedTab = false
    closedUnmatched = false
    startsOnLine = 0
    pendingRecord = nil
    var firstNonBlank = start
    while firstNonBlank < end, ASCII.isSpaceOrTab(bytes[firstNonBlank]) { firstNonBlank += 1 }
    lineIsBlank = firstNonBlank == end

    if matchOpenBlocks() {
      finishLine(kind: .verbatim)
      return
    }
    let allClosed = matchedCount == stack.count
    var containerIsParagraph = allClosed && stack.last?.kind == .paragraph
    var matchedLeaf = false
    if matchedCount > 0 {
      switch stack[matchedCount - 1].kind {
      case .fencedCode, .indentedCode, .htmlBlock: matchedLeaf = true
      default: break
      }
    }
    var leafKind: LineKind?
    starts: while !matchedLeaf {
      findNextNonspace()
      if blank { break }
      switch tryBlockStart(containerIsParagraph: containerIsParagraph) {
      case .none:
        break starts
      case .container:
        containerIsParagraph = false
        startsOnLine += 1
        if pendingRecord != nil { break starts }
      case .leaf(let kind):
        leafKind = kind
        break starts
      }
    }

    if !closedUnmatched, !allClosed, !blank, stack.last?.kind == .paragraph {
      finishLine(kind: .text)
      return
    }
    closeUnmatchedBlocks()
    if let kind = leafKind {
      finishLine(kind: kind)
      return
    }
    if let last = stack.last {
      switch last.kind {
      case .fencedCode, .indentedCode, .htmlBlock:
        finishVerbatimLine()
        return
      case .paragraph:
        finishLine(kind: .text)
        return
      default:
        break
      }
    }
    if pendingRecord != nil {
      push(OpenBlock(.paragraph))
      finishLine(kind: .item)
      return
    }
    findNextNonspace()
    if blank {
      finishLine(kind: lineIsBlank ? .blank : .text)
    } else {
      push(OpenBlock(.paragraph))
      finishLine(kind: .text)
    }
  }

  /// Appends a record for a line that is not parsed as Markdown (front matter).
  mutating func appendVerbatim(start: Int, end: Int) {
    var record = LineRecord(start: UInt32(truncatingIfNeeded: start), end: UInt32(end))
    record.kind = .verbatim
    records.append(record)
  }

  // MARK: - Lines

  private mutating func finishLine(kind: LineKind) {
    if let record = pendingRecord {
      records.append(record)
      pendingRecord = nil
    } else {
      var record = LineRecord(
        start: UInt32(truncatingIfNeeded: lineStart), end: UInt32(truncatingIfNeeded: lineEnd))
      record.kind = kind
      records.append(record)
    }
    if kind != .heading, !lineIsBlank {
      giveLineToDeepestItem()
      if let last = stack.last, last.kind == .indentedCode {
        stack[stack.count - 1].lastLine = lineIndex
      }
    }
  }

  /// A line added to code or an HTML block, which may end an HTML block.
  private mutating func finishVerbatimLine() {
    if let last = stack.last, last.kind == .htmlBlock, last.htmlKind <= 5,
      HTMLBlock.endsBlock(kind: last.htmlKind, bytes, from: offset, to: lineEnd)
    {
      closeBlocks(downTo: stack.count - 1)
    }
    finishLine(kind: .verbatim)
  }

  private func isBlank(_ record: LineRecord) -> Bool {
    var index = Int(record.start)
    while index < Int(record.end), ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    return index == Int(record.end)
  }

  /// Gives a non-blank line to the deepest open task item.
  private mutating func giveLineToDeepestItem() {
    var index = stack.count - 1
    while index >= 0 {
      if stack[index].itemLine >= 0 {
        stack[index].lastLine = lineIndex
        return
      }
      index -= 1
    }
  }

  // MARK: - Position

  private mutating func findNextNonspace() {
    var index = offset
    var columns = column
    while index < lineEnd {
      let byte = bytes[index]
      if byte == ASCII.space {
        columns += 1
      } else if byte == ASCII.tab {
        columns += 4 - (columns & 3)
      } else {
        break
      }
      index += 1
    }
    blank = index == lineEnd
    nextNonspace = index
    nextNonspaceColumn = columns
    indent = columns - column
  }

  private mutating func advanceNextNonspace() {
    offset = nextNonspace
    column = nextNonspaceColumn
    partiallyConsumedTab = false
  }

  private mutating func advanceOffset(_ count: Int, columns: Bool) {
    var count = count
    while count > 0, offset < lineEnd {
      if bytes[offset] == ASCII.tab {
        let toTab = 4 - (column & 3)
        if columns {
          partiallyConsumedTab = toTab > count
          let advance = min(toTab, count)
          column += advance
          if !partiallyConsumedTab { offset += 1 }
          count -= advance
        } else {
          partiallyConsumedTab = false
          column += toTab
          offset += 1
          count -= 1
        }
      } else {
        partiallyConsumedTab = false
        offset += 1
        column += 1
        count -= 1
      }
    }
  }

  // MARK: - Continuation

  /// Matches the line against the open blocks, setting `matchedCount`.
  ///
  /// - Returns: true when the line closed a fenced code block and is fully consumed.
  private mutating func matchOpenBlocks() -> Bool {
    var matched = 0
    scan: while matched < stack.count {
      findNextNonspace()
      switch stack[matched].kind {
      case .blockQuote:
        guard indent <= 3, !blank, bytes[nextNonspace] == ASCII.greaterThan else { break scan }
        advanceNextNonspace()
        advanceOffset(1, columns: false)
        if offset < lineEnd, ASCII.isSpaceOrTab(bytes[offset]) { advanceOffset(1, columns: true) }
      case .listItem:
        if blank {
          guard stack[matched].hasContent else { break scan }
          advanceNextNonspace()
        } else if indent >= stack[matched].width {
          advanceOffset(stack[matched].width, columns: true)
          stack[matched].hasContent = true
        } else {
          break scan
        }
      case .paragraph:
        if blank { break scan }
      case .fencedCode:
        if indent <= 3, !blank,
          Self.isClosingFence(
            bytes, from: nextNonspace, to: lineEnd, character: stack[matched].fenceCharacter,
            length: stack[matched].fenceLength)
        {
          matchedCount = matched + 1
          closeBlocks(downTo: matched)
          return true
        }
        var skip = stack[matched].fenceOffset
        while skip > 0, offset < lineEnd, ASCII.isSpaceOrTab(bytes[offset]) {
          advanceOffset(1, columns: true)
          skip -= 1
        }
      case .indentedCode:
        if indent >= 4 {
          advanceOffset(4, columns: true)
        } else if blank {
          advanceNextNonspace()
        } else {
          break scan
        }
      case .htmlBlock:
        if blank, stack[matched].htmlKind >= 6 { break scan }
      }
      matched += 1
    }
    matchedCount = matched
    return false
  }

  private static func isClosingFence(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, character: UInt8,
    length: Int
  ) -> Bool {
    var index = start
    while index < end, bytes[index] == character { index += 1 }
    guard index - start >= length else { return false }
    while index < end, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    return index == end
  }

  // MARK: - Block starts

  private mutating func closeUnmatchedBlocks() {
    guard !closedUnmatched else { return }
    closeBlocks(downTo: matchedCount)
    closedUnmatched = true
  }

  /// Opens a block, first closing the open leaf, which cannot contain it.
  private mutating func push(_ block: OpenBlock) {
    closeOpenLeaf()
    if block.kind != .listItem, block.kind != .paragraph { complexBlocks += 1 }
    stack.append(block)
  }

  /// The fast path for the most common line: spaces, a `-`, `*` or `+` bullet, one
  /// space and a checkbox, while only list items and paragraphs are open. It does what
  /// the general path does for such a line (CommonMark container matching by width,
  /// then a list item that may interrupt a paragraph), without the general machinery.
  ///
  /// - Returns: false when the line is not of that shape; nothing has changed then.
  @inline(__always)
  private mutating func parseSimpleItemLine(start: Int, end: Int) -> Bool {
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
    let record = itemRecord(box: bullet &+ 2)
    var block = OpenBlock(.listItem)
    block.width = remaining &+ 2
    block.itemLine = lineIndex
    block.lastLine = lineIndex
    stack.append(block)
    stack.append(OpenBlock(.paragraph))
    records.append(record)
    return true
  }

  /// Closes the innermost block if it is a leaf (a paragraph, code or HTML block): a
  /// new block is starting after it.
  private mutating func closeOpenLeaf() {
    while let last = stack.last, last.kind != .listItem, last.kind != .blockQuote {
      closeBlocks(downTo: stack.count - 1)
    }
  }

  private mutating func closeBlocks(downTo count: Int) {
    while stack.count > count {
      let block = stack.removeLast()
      if block.kind != .listItem, block.kind != .paragraph { complexBlocks -= 1 }
      if block.kind == .blockQuote { blockQuoteDepth -= 1 }
      if block.kind == .indentedCode {
        // Blank lines after the last code line are not part of the code block.
        var index = max(block.lastLine + 1 - firstLineIndex, 0)
        while index < records.count {
          if records[index].kind == .verbatim,
            records[index].start == records[index].end
              || isBlank(records[index])
          {
            records[index].kind = .blank
          }
          index += 1
        }
      }
      guard block.itemLine >= 0 else { continue }
      records[block.itemLine - firstLineIndex].last = UInt32(truncatingIfNeeded: block.lastLine)
      var index = stack.count - 1
      while index >= 0 {
        if stack[index].itemLine >= 0 {
          stack[index].lastLine = max(stack[index].lastLine, block.lastLine)
          break
        }
        index -= 1
      }
    }
  }

  private mutating func tryBlockStart(containerIsParagraph: Bool) -> StartResult {
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

  private mutating func startBlockQuote() -> StartResult {
    closeUnmatchedBlocks()
    advanceNextNonspace()
    advanceOffset(1, columns: false)
    if offset < lineEnd, ASCII.isSpaceOrTab(bytes[offset]) { advanceOffset(1, columns: true) }
    push(OpenBlock(.blockQuote))
    blockQuoteDepth += 1
    return .container
  }

  private mutating func startATXHeading() -> StartResult {
    var index = nextNonspace
    while index < lineEnd, bytes[index] == ASCII.hash { index += 1 }
    guard index - nextNonspace <= 6, index == lineEnd || ASCII.isSpaceOrTab(bytes[index]) else {
      return .none
    }
    closeUnmatchedBlocks()
    if blockQuoteDepth > 0 || startsOnLine > 0 {
      closeOpenLeaf()
      return .leaf(.text)
    }
    closeBlocks(downTo: 0)
    var record = LineRecord(
      start: UInt32(truncatingIfNeeded: lineStart), end: UInt32(truncatingIfNeeded: lineEnd))
    record.kind = .heading
    FieldScanner.splitHeading(bytes, afterMarker: index, end: lineEnd, into: &record)
    pendingRecord = record
    return .leaf(.heading)
  }

  private mutating func startFence() -> StartResult {
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

  private mutating func startHTMLBlock(containerIsParagraph: Bool) -> StartResult {
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

  private mutating func startSetextUnderline(containerIsParagraph: Bool) -> StartResult {
    guard containerIsParagraph else { return .none }
    let character = bytes[nextNonspace]
    var index = nextNonspace
    while index < lineEnd, bytes[index] == character { index += 1 }
    while index < lineEnd, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    guard index == lineEnd else { return .none }
    closeUnmatchedBlocks()
    closeBlocks(downTo: stack.count - 1)
    return .leaf(.text)
  }

  /// Whether the line from `nextNonspace` is a thematic break.
  ///
  /// A scan that fails remembers where (as cmark does): the bytes before that point
  /// are the break character or blanks, so a later scan on the same line that starts
  /// before it fails there too and is skipped. Without this, a line of a hundred
  /// thousand nested `- ` markers took quadratic time.
  private mutating func isThematicBreak() -> Bool {
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

  private mutating func consumeThematicBreak() -> StartResult {
    closeUnmatchedBlocks()
    closeOpenLeaf()
    return .leaf(.text)
  }

  private mutating func startListItem(containerIsParagraph: Bool) -> StartResult {
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
        pendingRecord = itemRecord(box: offset)
        block.itemLine = lineIndex
        block.lastLine = lineIndex
      }
    }
    push(block)
    return .container
  }

  /// Whether `[ ]`, `[x]` or `[X]` starts at `index`, followed by a space, a tab or
  /// the end of the line.
  private static func isCheckbox(
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

  private mutating func itemRecord(box: Int) -> LineRecord {
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
