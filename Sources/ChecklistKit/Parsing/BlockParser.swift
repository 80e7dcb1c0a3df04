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
    /// List item: its list's type (the bullet, or the ordered delimiter).
    var listType: UInt8 = 0
    /// Container (list item or block quote): the type of the list that is its last
    /// child and still open (0 for none), which a new list item of that type joins.
    var openListType: UInt8 = 0
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

  enum StartResult {
    case none
    case container
    /// The line starts a leaf block and is of this kind.
    case leaf(LineKind)
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var records: RecordBuffer
  var stack = UnsafeBuffer<OpenBlock>(capacity: 16)
  var blockQuoteDepth = 0
  /// The document's own `openListType` (the root container's).
  var rootListType: UInt8 = 0
  /// The list items and block quotes open.
  var containerDepth = 0
  /// `LineRecord.Rendering` bits for the line being parsed, set as blocks open.
  var pendingRendering: UInt8 = 0
  /// Open blocks other than list items and paragraphs: while there are none, a plain
  /// bullet task line can take the fast path.
  var complexBlocks = 0

  var lineIndex = 0
  var lineStart = 0
  var lineEnd = 0
  var offset = 0
  var column = 0
  var partiallyConsumedTab = false
  var nextNonspace = 0
  var nextNonspaceColumn = 0
  #if DEBUG
    /// Blank bytes `findNextNonspace` looked at: work the tests count.
    var blanksScanned = 0
  #endif
  var indent = 0
  var blank = false

  var matchedCount = 0
  var closedUnmatched = false
  var startsOnLine = 0
  var pendingRecord: LineRecord?
  var lineIsBlank = false
  /// Where a thematic break scan of this line failed (see `isThematicBreak`).
  var thematicBreakKillPosition = 0

  /// The index, in the whole document, of the first line this parser sees.
  let firstLineIndex: Int

  /// Whether simple task lines take the fast path (tests compare both paths).
  let allowsFastPath: Bool

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
    nextNonspace = -1
    partiallyConsumedTab = false
    closedUnmatched = false
    startsOnLine = 0
    pendingRecord = nil
    pendingRendering = 0
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
      // A lazy continuation line.
      finishLine(kind: .text, continuesParagraph: true)
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
        finishLine(kind: .text, continuesParagraph: true)
        return
      default:
        break
      }
    }
    if let record = pendingRecord {
      // A box followed only by blanks is the whole task marker on GitHub: the item
      // holds no paragraph yet (as an empty list item), so a blank line ends it.
      if !Self.isBoxOnly(record, bytes) { push(OpenBlock(.paragraph)) }
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

  /// - Parameter continuesParagraph: whether the line continues the paragraph of the
  ///   line before it (so that line may end with a hard break).
  mutating func finishLine(kind: LineKind, continuesParagraph: Bool = false) {
    var record: LineRecord
    if let pending = pendingRecord {
      record = pending
      pendingRecord = nil
    } else {
      record = LineRecord(
        start: UInt32(truncatingIfNeeded: lineStart), end: UInt32(truncatingIfNeeded: lineEnd))
      record.kind = kind
    }
    record.rendering |= pendingRendering
    record.depth = UInt8(truncatingIfNeeded: min(containerDepth, 255))
    records.append(record)
    if continuesParagraph, lineIndex > firstLineIndex {
      markHardBreak(onRecord: lineIndex - 1 - firstLineIndex)
    }
    if kind != .heading, !lineIsBlank {
      giveLineToDeepestItem()
      if let last = stack.last, last.kind == .indentedCode {
        stack[stack.count - 1].lastLine = lineIndex
      }
    }
  }

  /// A line added to code or an HTML block, which may end an HTML block.
  mutating func finishVerbatimLine() {
    if let last = stack.last, last.kind == .htmlBlock, last.htmlKind <= 5,
      HTMLBlock.endsBlock(kind: last.htmlKind, bytes, from: offset, to: lineEnd)
    {
      closeBlocks(downTo: stack.count - 1)
    }
    finishLine(kind: .verbatim)
  }

  /// Marks a line that ends with a hard break (the next line continues its paragraph).
  /// An item's fields are split again without a breaking backslash, which is not part
  /// of its name, tags or note.
  mutating func markHardBreak(onRecord index: Int) {
    var record = records[index]
    let start = record.kind == .item ? Int(record.mark) + 3 : Int(record.start)
    // After an empty box the blanks belong to the task marker: no break.
    guard let breakStart = FieldScanner.hardBreak(bytes, from: start, to: Int(record.end)),
      breakStart > start
    else { return }
    record.rendering |= LineRecord.Rendering.hardBreak
    if record.kind == .item, bytes[Int(record.end) - 1] == ASCII.backslash {
      FieldScanner.splitItem(bytes, afterBox: start, end: breakStart, into: &record)
    }
    records[index] = record
  }

  /// Whether an item line holds only its box and at least one blank after it.
  @inline(__always)
  static func isBoxOnly(_ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let afterBox = Int(record.mark) + 3
    let end = Int(record.end)
    guard end > afterBox else { return false }
    for index in afterBox..<end where !ASCII.isSpaceOrTab(bytes[index]) { return false }
    return true
  }

  func isBlank(_ record: LineRecord) -> Bool {
    var index = Int(record.start)
    while index < Int(record.end), ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    return index == Int(record.end)
  }

  /// Gives a non-blank line to the deepest open task item.
  mutating func giveLineToDeepestItem() {
    var index = stack.count - 1
    while index >= 0 {
      if stack[index].itemLine >= 0 {
        stack[index].lastLine = lineIndex
        return
      }
      index -= 1
    }
  }
}
