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
    /// Canonical indent and content, its own bullet character (the list keeps its
    /// bullets).
    case keepBullet
    /// Its own indent, bullet and gap (moved with its parent); canonical content.
    case keepPrefix
    /// Its whole line as written (moved with its parent).
    case keepLine

    static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Past this many corrections in one section, the section is written as it was.
  static let maximumCorrections = 64

  /// About how many bytes of the document one worker formats per round.
  let chunkSize: Int

  /// Creates a formatter.
  public init() {
    chunkSize = 1 << 20
  }

  /// A formatter with smaller rounds (tests use one section per worker).
  init(chunkSize: Int) {
    self.chunkSize = max(1, chunkSize)
  }

  /// The document in canonical form.
  ///
  /// - Complexity: O(*n*) in the size of the document when no correction is needed.
  public func format(_ document: ChecklistDocument) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(document.bytes.count + document.bytes.count / 16 + 16)
    format(document) { output += $0 }
    return output
  }

  /// Formats a document, handing the bytes to `write` a piece at a time (each piece
  /// valid only during the call).
  ///
  /// Sections are formatted in rounds: each of up to `processorCount` workers formats
  /// about a megabyte of consecutive sections, then their output is written in order,
  /// with the blank line before each heading decided as it is written. Memory stays
  /// at a few megabytes beyond the document (or one section, if larger).
  public func format(_ document: ChecklistDocument, write: (UnsafeBufferPointer<UInt8>) -> Void) {
    _ = format(document, continuing: { true }, write: write)
  }

  /// The document in canonical form, or `nil` when `continuing` (asked before each
  /// round of about two megabytes) says to stop: a language server's request that was
  /// cancelled meanwhile.
  public func format(_ document: ChecklistDocument, continuing: () -> Bool) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(document.bytes.count + document.bytes.count / 16 + 16)
    return format(document, continuing: continuing) { output += $0 } ? output : nil
  }

  /// Formats in rounds, asking `continuing` before each; whether it went to the end.
  private func format(
    _ document: ChecklistDocument, continuing: () -> Bool,
    write: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    document.bytes.withUnsafeBufferPointer { buffer in
      let ending = document.preferredLineEnding
      let lines = document.lines
      let workers = (0..<min(2, Parallel.processorCount)).map { _ in
        SectionWorker(
          FormatContext(document: document, bytes: buffer, ending: ending), chunkSize: chunkSize)
      }
      if document.hasByteOrderMark { DocumentParser.byteOrderMark.withUnsafeBufferPointer(write) }
      var wroteLines = false
      var endedWithBlank = false
      var previousKeptIndent = false
      var next = 0
      while next < lines.count {
        guard continuing() else { return false }
        for worker in workers {
          worker.sections.removeAll(keepingCapacity: true)
          var size = 0
          while next < lines.count, size < chunkSize {
            var end = next + 1
            while end < lines.count, lines[end].kind != .heading { end += 1 }
            let keepsIndent = Self.keepsIndent(next, lines, buffer, after: previousKeptIndent)
            worker.sections.append(
              FormatSection(lines: next..<end, headingKeepsIndent: keepsIndent))
            previousKeptIndent = keepsIndent
            size += document.startOffset(ofLine: end) - Int(lines[next].start)
            next = end
          }
        }
        let busy = workers.filter { !$0.sections.isEmpty }
        if busy.count > 1 {
          _ = Parallel.map(busy.count) { busy[$0].run() }
        } else {
          busy.first?.run()
        }
        for worker in busy {
          for (section, bytes) in zip(worker.sections, worker.outputRanges) where !bytes.isEmpty {
            // One blank line before a heading, unless the section before ends in one
            // that belongs to a code block. A heading that keeps its indent (GitHub may
            // read it inside a list item) keeps the blank line before it only if it had
            // one: a new one could make the item's list loose.
            let start = section.lines.lowerBound
            if wroteLines, !endedWithBlank, lines[start].kind == .heading,
              !section.headingKeepsIndent || lines[start - 1].kind == .blank
            {
              ending.withUnsafeBufferPointer(write)
            }
            let written = worker.output.bytes(from: bytes.lowerBound)
            write(UnsafeBufferPointer(rebasing: written[..<bytes.count]))
            endedWithBlank = worker.output.endsWithTwice(ending, in: bytes)
            wroteLines = true
          }
        }
      }
      return true
    }
  }

  /// Whether the heading on `line` keeps its indent: an indented heading after a line
  /// inside a list item, or after such a heading's section. GitHub reads a heading
  /// indented to an open item's content inside that item (and the lines after it
  /// with it), where chk's reading starts a new list; moving the heading, or adding
  /// blank lines around it, could change what GitHub shows.
  static func keepsIndent(
    _ line: Int, _ lines: [LineRecord], _ bytes: UnsafeBufferPointer<UInt8>, after previous: Bool
  ) -> Bool {
    let record = lines[line]
    guard record.kind == .heading, ASCII.isSpaceOrTab(bytes[Int(record.start)]) else {
      return false
    }
    if previous { return true }
    var before = line - 1
    while before >= 0, lines[before].kind == .blank { before -= 1 }
    return before >= 0 && lines[before].depth > 0
  }
}

/// A heading section to format, and whether its heading keeps its indent.
struct FormatSection {
  var lines: Range<Int>
  var headingKeepsIndent: Bool
}
