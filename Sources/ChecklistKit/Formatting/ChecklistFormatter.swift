/// Writes a document in canonical form without changing what it means.
///
/// Canonical form (FORMAT.md): item lines use `-` bullets (ordered items keep their
/// numbers), one space after the bullet, `[ ]` or `[x]`, one space before the name, two
/// before each tag and before the note, and children indented to their parent's
/// checkbox column with everything they own; headings have one space after the `#`s,
/// no closing `#`s and tags after two spaces, with one blank line before and after.
/// Outside code, HTML and front matter, runs of blank lines become one (and blank lines
/// become empty), blank lines at the end go, and the file ends with exactly one line
/// ending; every line ending becomes the file's most common one. Other lines keep
/// their bytes, moved only with the item that owns them.
///
/// The document is formatted one heading section at a time (a heading leaves nothing
/// open, so each section reads the same on its own), and each section is parsed back
/// and compared with the original: the same headings, items, states, names, tags,
/// notes, nesting and owned lines. Where a section does not compare equal, the item at
/// fault keeps its indent and bullet, then its whole line, then its parent does too;
/// as a last resort the section is written as it was.
public struct ChecklistFormatter: Sendable {
  /// How far an item is allowed from canonical form.
  enum Level: UInt8, Comparable {
    /// Canonical indent, bullet and content.
    case canonical
    /// Its own indent, bullet and gap (moved with its parent); canonical content.
    case keepPrefix
    /// Its whole line as written (moved with its parent).
    case keepLine

    static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Past this many corrections in one section, the section is written as it was.
  static let maximumCorrections = 64

  /// Creates a formatter.
  public init() {}

  /// The document in canonical form.
  ///
  /// - Complexity: O(*n*) in the size of the document when no correction is needed.
  public func format(_ document: ChecklistDocument) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(document.bytes.count + document.bytes.count / 16 + 16)
    format(document) { output += $0 }
    return output
  }

  /// Formats a document section by section, handing each section's bytes to `write`:
  /// memory stays at one section beyond the document.
  public func format(_ document: ChecklistDocument, write: ([UInt8]) -> Void) {
    document.bytes.withUnsafeBufferPointer { buffer in
      var context = FormatContext(
        document: document, bytes: buffer, ending: document.preferredLineEnding)
      if document.hasByteOrderMark { write(DocumentParser.byteOrderMark) }
      let sections = Self.sections(of: document.lines)
      var wroteLines = false
      var endedWithBlank = false
      for (index, section) in sections.enumerated() {
        var bytes = context.formatSection(section, isFirst: index == 0)
        if bytes.isEmpty { continue }
        // One blank line before a heading, unless the section before ends in one that
        // belongs to a code block.
        if wroteLines, !endedWithBlank, document.lines[section.lowerBound].kind == .heading {
          bytes = context.ending + bytes
        }
        endedWithBlank =
          bytes.count >= 2 * context.ending.count
          && bytes.suffix(2 * context.ending.count).elementsEqual(context.ending + context.ending)
        write(bytes)
        wroteLines = true
      }
    }
  }

  /// The sections: the lines before the first heading, then each heading with the
  /// lines up to the next one.
  static func sections(of lines: [LineRecord]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    for index in lines.indices where lines[index].kind == .heading && index > start {
      result.append(start..<index)
      start = index
    }
    if start < lines.count { result.append(start..<lines.count) }
    return result
  }
}

/// The state of one formatting run.
private struct FormatContext {
  let document: ChecklistDocument
  let bytes: UnsafeBufferPointer<UInt8>
  let ending: [UInt8]

  init(document: ChecklistDocument, bytes: UnsafeBufferPointer<UInt8>, ending: [UInt8]) {
    self.document = document
    self.bytes = bytes
    self.ending = ending
  }

  var lines: [LineRecord] { document.lines }

  /// One section in canonical form (each line with the preferred ending), checked
  /// against the original and corrected until it means the same.
  mutating func formatSection(_ section: Range<Int>, isFirst: Bool) -> [UInt8] {
    var levels: [Int: ChecklistFormatter.Level] = [:]
    for index in section where lines[index].kind == .item && lines[index].isInsidePlainListItem {
      levels[index] = .keepPrefix
    }
    for _ in 0...ChecklistFormatter.maximumCorrections {
      let rendered = render(section, isFirst: isFirst, levels: levels)
      let verdict =
        rendered.fault.map { SectionComparison.Verdict.items([$0]) }
        ?? SectionComparison.compare(
          document, section, with: rendered.bytes,
          nextHeading: section.upperBound < lines.count
            ? headingLine(lines[section.upperBound]) : nil, ending: ending)
      switch verdict {
      case .same: return rendered.bytes
      case .items(let suspects):
        guard escalate(suspects, levels: &levels) else { return original(section) }
      case .unattributable: return original(section)
      }
    }
    return original(section)
  }

  /// Raises the first suspect that can go one level further from canonical form; when
  /// none can, the nearest parent of one that can.
  private func escalate(_ suspects: [Int], levels: inout [Int: ChecklistFormatter.Level]) -> Bool {
    for line in suspects where (levels[line] ?? .canonical) < .keepLine {
      levels[line] = (levels[line] ?? .canonical) == .canonical ? .keepPrefix : .keepLine
      return true
    }
    for suspect in suspects {
      var current = document.parent(ofLine: suspect)
      while let line = current {
        if (levels[line] ?? .canonical) < .keepLine {
          levels[line] = (levels[line] ?? .canonical) == .canonical ? .keepPrefix : .keepLine
          return true
        }
        current = document.parent(ofLine: line)
      }
    }
    return false
  }

  /// The section's lines as written, without trailing blank lines, each with the
  /// preferred line ending: the last resort.
  private func original(_ section: Range<Int>) -> [UInt8] {
    var end = section.upperBound
    while end > section.lowerBound, lines[end - 1].kind == .blank { end -= 1 }
    var output: [UInt8] = []
    for index in section.lowerBound..<end {
      output += lineBytes(lines[index])
      output += ending
    }
    return output
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
    _ section: Range<Int>, isFirst: Bool, levels: [Int: ChecklistFormatter.Level]
  ) -> (bytes: [UInt8], fault: Int?) {
    var output: [UInt8] = []
    output.reserveCapacity(
      Int(lines[section.upperBound - 1].end) - Int(lines[section.lowerBound].start) + 64)
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
        output += ending
        pendingBlank = false
        afterHeading = false
      }
      switch record.kind {
      case .heading:
        output += headingLine(record)
        afterHeading = true
      case .item:
        let level = levels[index] ?? .canonical
        let owner = open.last
        let oldColumn = column(ofByte: Int(record.mark), in: record)
        var content: [UInt8]
        var newColumn: Int
        switch level {
        case .canonical:
          let indent = owner?.newColumn ?? 0
          let bullet = canonicalBullet(record)
          var line = EditableLine(record, in: bytes)
          line.prefix = Array(repeating: ASCII.space, count: indent) + bullet + [ASCII.space]
          content = line.composed
          newColumn = indent + bullet.count + 1
        case .keepPrefix, .keepLine:
          var line = EditableLine(record, in: bytes)
          let shift = owner?.shift ?? 0
          guard let prefix = shifted(line.prefix, by: shift) else { return (output, index) }
          line.prefix = prefix
          if level == .keepPrefix {
            content = line.composed
          } else {
            guard let whole = shifted(lineBytes(record), by: shift) else { return (output, index) }
            content = whole
          }
          newColumn = oldColumn + shift
        }
        output += content
        open.append(
          OpenItem(line: index, last: Int(record.last), oldColumn: oldColumn, newColumn: newColumn))
      default:
        var content = lineBytes(record)
        if let owner = open.last, owner.shift != 0,
          leadingColumns(content) >= owner.oldColumn
        {
          guard let moved = shifted(content, by: owner.shift) else { return (output, owner.line) }
          content = moved
        }
        output += content
      }
      output += ending
      wroteLine = true
    }
    return (output, nil)
  }

  private func lineBytes(_ record: LineRecord) -> [UInt8] {
    Array(bytes[Int(record.start)..<Int(record.end)])
  }

  /// A heading in canonical form: no indent, one space after the `#`s, the name (with
  /// a trailing `#` run escaped so it does not read as closing `#`s), its tags.
  private func headingLine(_ record: LineRecord) -> [UInt8] {
    var line = EditableLine(record, in: bytes)
    line.prefix = line.prefix.filter { $0 == ASCII.hash }
    var runStart = line.name.count
    while runStart > 0, line.name[runStart - 1] == ASCII.hash { runStart -= 1 }
    if runStart < line.name.count,
      runStart == 0 || ASCII.isSpaceOrTab(line.name[runStart - 1])
    {
      line.name.insert(ASCII.backslash, at: runStart)
    }
    return line.composed
  }

  /// `-`, or the item's own number and delimiter.
  private func canonicalBullet(_ record: LineRecord) -> [UInt8] {
    var index = Int(record.start)
    while ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    guard ASCII.isDigit(bytes[index]) else { return [ASCII.dash] }
    let start = index
    while ASCII.isDigit(bytes[index]) { index += 1 }
    return Array(bytes[start...index])
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
  private func shifted(_ line: [UInt8], by shift: Int) -> [UInt8]? {
    guard shift != 0 else { return line }
    var spaces = 0
    while spaces < line.count, line[spaces] == ASCII.space { spaces += 1 }
    if spaces < line.count, line[spaces] == ASCII.tab { return nil }
    guard spaces + shift >= 0 else { return nil }
    return Array(repeating: ASCII.space, count: spaces + shift) + line[spaces...]
  }
}
