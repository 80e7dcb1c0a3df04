/// Where the parser is on a line, and how open blocks continue and close.
extension BlockParser {
  // MARK: - Position

  /// Finds the first non-blank at or after `offset`, and `indent`, the columns to it.
  ///
  /// Incremental, as cmark's `S_find_first_nonspace`: while `offset` has not passed the
  /// non-blank found last, that one still stands (columns are absolute, so a partly
  /// consumed tab changes `indent`, not the position), and the blanks are not scanned
  /// again for each open container. Scanning them anew made deep nesting written with
  /// tabs cost the cube of its depth.
  mutating func findNextNonspace() {
    guard nextNonspace <= offset else {
      indent = nextNonspaceColumn - column
      blank = nextNonspace == lineEnd
      return
    }
    var index = offset
    var columns = column
    while index < lineEnd {
      #if DEBUG
        blanksScanned += 1
      #endif
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

  mutating func advanceNextNonspace() {
    offset = nextNonspace
    column = nextNonspaceColumn
    partiallyConsumedTab = false
  }

  mutating func advanceOffset(_ count: Int, columns: Bool) {
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
  mutating func matchOpenBlocks() -> Bool {
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
        // As cmark (GitHub's renderer) does, indentation is checked first: a line of
        // blanks as wide as the item continues even an item that holds nothing yet,
        // where an emptier blank line ends it.
        if indent >= stack[matched].width {
          advanceOffset(stack[matched].width, columns: true)
          if !blank { stack[matched].hasContent = true }
        } else if blank {
          guard stack[matched].hasContent else { break scan }
          advanceNextNonspace()
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

  static func isClosingFence(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, character: UInt8,
    length: Int
  ) -> Bool {
    var index = start
    while index < end, bytes[index] == character { index += 1 }
    guard index - start >= length else { return false }
    while index < end, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    return index == end
  }

  // MARK: - Opening and closing blocks

  mutating func closeUnmatchedBlocks() {
    guard !closedUnmatched else { return }
    closeBlocks(downTo: matchedCount)
    closedUnmatched = true
  }

  /// Opens a block, first closing the open leaf, which cannot contain it.
  mutating func push(_ block: OpenBlock) {
    closeOpenLeaf()
    addChild(listType: block.listType)
    if block.kind == .paragraph { pendingRendering |= LineRecord.Rendering.startsParagraph }
    if block.kind == .blockQuote { pendingRendering |= LineRecord.Rendering.startsBlockQuote }
    if block.kind == .fencedCode || block.kind == .indentedCode || block.kind == .htmlBlock {
      pendingRendering |= LineRecord.Rendering.startsRawBlock
    }
    if block.kind != .listItem, block.kind != .paragraph { complexBlocks += 1 }
    if block.kind == .listItem || block.kind == .blockQuote { containerDepth += 1 }
    stack.append(block)
  }

  /// Records that a block becomes the last child of the innermost open container: a
  /// list item of `listType` joins the container's open list of that type, or starts
  /// a list; any other block (`listType` 0) ends the container's open list, as in
  /// CommonMark, where a list holds only list items.
  mutating func addChild(listType: UInt8) {
    let current = stack.isEmpty ? rootListType : stack[stack.count - 1].openListType
    if listType != 0 {
      pendingRendering |= LineRecord.Rendering.listItem
      if current != listType {
        pendingRendering |= LineRecord.Rendering.startsList
        if current != 0 { pendingRendering |= LineRecord.Rendering.followsOtherList }
      }
    }
    if stack.isEmpty {
      rootListType = listType
    } else {
      stack[stack.count - 1].openListType = listType
    }
  }

  /// Closes the innermost block if it is a leaf (a paragraph, code or HTML block): a
  /// new block is starting after it.
  mutating func closeOpenLeaf() {
    while let last = stack.last, last.kind != .listItem, last.kind != .blockQuote {
      closeBlocks(downTo: stack.count - 1)
    }
  }

  mutating func closeBlocks(downTo count: Int) {
    while stack.count > count {
      let block = stack.removeLast()
      if block.kind != .listItem, block.kind != .paragraph { complexBlocks -= 1 }
      if block.kind == .blockQuote { blockQuoteDepth -= 1 }
      if block.kind == .listItem || block.kind == .blockQuote { containerDepth -= 1 }
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
}
