internal import ChkPlatform

/// Whether a formatted section means the same as the original, and renders the same on
/// GitHub: the same headings, items (state, name, tags, note, parent) and owned lines,
/// in the same order; the same list items (task or not) starting the same lists, the
/// same hard line breaks and nesting depth on every line; and a blank line between the
/// same lines, so that no list becomes loose or tight (fmt adds blank lines only around
/// headings outside list items, where no list can be).
enum SectionComparison {
  enum Verdict: Equatable {
    case same
    /// The original line indices of the items whose formatting may have changed the
    /// meaning, most likely first.
    case items([Int])
    /// A difference no item can be blamed for.
    case unattributable
  }

  /// One line that carries meaning (blank lines outside code carry none).
  private struct Entry {
    var index: Int
    var record: LineRecord
    /// The ordinal (among the section's items) of the item that owns the line, or -1.
    var owner: Int
    /// Whether a blank line comes between this line and the meaningful line before it.
    var blankBefore: Bool
  }

  /// Walks a range of lines, giving each meaningful line with its owner.
  private struct Walker {
    let lines: [LineRecord]
    var index: Int
    let end: Int
    var open: [(ordinal: Int, last: Int)] = []
    var items = 0
    /// The original line index of each item seen, by ordinal.
    var itemLines: [Int] = []

    init(_ lines: [LineRecord], _ range: Range<Int>) {
      self.lines = lines
      index = range.lowerBound
      end = range.upperBound
    }

    mutating func next() -> Entry? {
      var sawBlank = false
      while index < end {
        let current = index
        let record = lines[current]
        index += 1
        while let top = open.last, top.last < current { open.removeLast() }
        if record.kind == .blank {
          sawBlank = true
          continue
        }
        let entry = Entry(
          index: current, record: record, owner: open.last?.ordinal ?? -1, blankBefore: sawBlank)
        if record.kind == .item {
          open.append((items, Int(record.last)))
          itemLines.append(current)
          items += 1
        } else if record.kind == .heading {
          open.removeAll()
        }
        return entry
      }
      return nil
    }
  }

  /// Compares the formatted section with the original, and checks that the heading
  /// after the section (if any) still reads as a heading after it: a section must not
  /// leave a code block or HTML block open that swallows what follows.
  ///
  /// - Parameter nextHeading: the next section's heading as it will be written, if any.
  /// - Parameter headingKeepsIndent: whether the section's heading keeps its indent
  ///   (and gets no blank lines around it).
  static func compare(
    _ document: ChecklistDocument, _ section: Range<Int>, with formatted: [UInt8],
    nextHeading: [UInt8]?, ending: [UInt8], headingKeepsIndent: Bool
  ) -> Verdict {
    var text = formatted
    let hasNextHeading = nextHeading != nil
    if let nextHeading {
      if text.isEmpty || !(text.last == ASCII.lineFeed || text.last == ASCII.carriageReturn) {
        text += ending
      }
      text += nextHeading
    }
    // The formatter wrote these bytes from valid UTF-8: parsed back without checking.
    // The formatter writes LF endings into a document without CRs, and adds none.
    let parsed = ChecklistDocument(
      parsingTrusted: text,
      mayContainCarriageReturn: document.mayContainCarriageReturn || ending != [ASCII.lineFeed])
    var formattedLines = 0..<parsed.lines.count
    if hasNextHeading {
      guard parsed.lines.last?.kind == .heading else {
        let items = section.filter { document.lines[$0].kind == .item }
        return items.isEmpty ? .unattributable : .items(items.reversed())
      }
      formattedLines = 0..<(parsed.lines.count - 1)
    }
    return document.bytes.withUnsafeBufferPointer { old in
      parsed.bytes.withUnsafeBufferPointer { new in
        var left = Walker(document.lines, section)
        var right = Walker(parsed.lines, formattedLines)
        var lastItem: Int?
        // Blank lines around a heading (outside a list item) and at the section's start
        // may change.
        var gapMayChange = true
        while true {
          let a = left.next()
          let b = right.next()
          guard let a else {
            return b == nil ? .same : lastItem.map { .items([$0]) } ?? .unattributable
          }
          let isFreeHeading = a.record.kind == .heading && !headingKeepsIndent
          let sameGap = gapMayChange || isFreeHeading || a.blankBefore == b?.blankBefore
          gapMayChange = isFreeHeading
          guard let b, sameGap, same(a, old, b, new) else {
            // The item that now owns the line, the one that owned it, the line itself if
            // it is an item, and the item before it.
            var suspects: [Int] = []
            if let b, b.owner >= 0, b.owner < left.itemLines.count, b.owner != a.owner {
              suspects.append(left.itemLines[b.owner])
            }
            if a.record.kind == .item { suspects.append(a.index) }
            if a.owner >= 0 { suspects.append(left.itemLines[a.owner]) }
            if let lastItem { suspects.append(lastItem) }
            return suspects.isEmpty ? .unattributable : .items(suspects)
          }
          if a.record.kind == .item { lastItem = a.index }
        }
      }
    }
  }

  private static func same(
    _ a: Entry, _ old: UnsafeBufferPointer<UInt8>, _ b: Entry, _ new: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard a.record.kind == b.record.kind, a.owner == b.owner,
      a.record.rendering == b.record.rendering,
      a.record.depth == b.record.depth
    else { return false }
    // Most lines come out as they went in: the same bytes from the box on give the
    // same state, name, tags and note, whatever the indent before them.
    if a.record.kind == .item,
      equal(
        old, Int(a.record.mark)..<Int(a.record.end), new, Int(b.record.mark)..<Int(b.record.end))
    {
      return true
    }
    switch a.record.kind {
    case .heading:
      return ParsedLine(a.record, old).name
        == ParsedLine(b.record, new).name
        && sameTags(a.record, old, b.record, new)
    case .item:
      return a.record.isChecked == b.record.isChecked
        && equal(
          old, ParsedLine(a.record, old).nameRange, new,
          ParsedLine(b.record, new).nameRange)
        && sameTags(a.record, old, b.record, new)
        && sameNote(a.record, old, b.record, new)
    default:
      return equal(
        old, FieldScanner.trimmed(old, from: Int(a.record.start), to: Int(a.record.end)), new,
        FieldScanner.trimmed(new, from: Int(b.record.start), to: Int(b.record.end)))
    }
  }

  private static func sameTags(
    _ a: LineRecord, _ old: UnsafeBufferPointer<UInt8>, _ b: LineRecord,
    _ new: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let left = ParsedLine(a, old).tagSpans
    let right = ParsedLine(b, new).tagSpans
    guard left.count == right.count else { return false }
    return zip(left, right).allSatisfy { x, y in
      if equal(old, x.whole, new, y.whole) { return true }
      // A `@due` with `T` and its canonical space mean the same.
      guard let t = x.dueTimeSeparator(in: old), y.dueTimeSeparator(in: new) == nil,
        x.whole.count == y.whole.count,
        new[t - x.whole.lowerBound + y.whole.lowerBound] == ASCII.space
      else { return false }
      let split = t - x.whole.lowerBound
      return equal(
        old, x.whole.lowerBound..<t, new, y.whole.lowerBound..<(y.whole.lowerBound + split))
        && equal(
          old, (t + 1)..<x.whole.upperBound, new,
          (y.whole.lowerBound + split + 1)..<y.whole.upperBound)
    }
  }

  private static func sameNote(
    _ a: LineRecord, _ old: UnsafeBufferPointer<UInt8>, _ b: LineRecord,
    _ new: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    switch (ParsedLine(a, old).noteRange, ParsedLine(b, new).noteRange) {
    case (nil, nil): return true
    case (let x?, let y?): return equal(old, x, new, y)
    default: return false
    }
  }

  private static func equal(
    _ x: UnsafeBufferPointer<UInt8>, _ xRange: Range<Int>, _ y: UnsafeBufferPointer<UInt8>,
    _ yRange: Range<Int>
  ) -> Bool {
    guard xRange.count == yRange.count else { return false }
    guard let xBase = x.baseAddress, let yBase = y.baseAddress, !xRange.isEmpty else {
      return true
    }
    return memcmp(xBase + xRange.lowerBound, yBase + yRange.lowerBound, xRange.count) == 0
  }
}
