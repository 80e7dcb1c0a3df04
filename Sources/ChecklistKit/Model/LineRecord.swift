/// What the parser decided a line is.
///
/// `text`, `blank` and `verbatim` are the format's `other` lines, split by how the
/// formatter may treat them: `verbatim` lines (code, HTML blocks, front matter) are
/// never changed, `blank` lines outside them may be collapsed, `text` is prose and
/// other Markdown.
package enum LineKind: UInt8, Sendable, Hashable {
  case text = 0
  case blank = 1
  case verbatim = 2
  case heading = 3
  case item = 4
}

/// The parser's compact record of one line: byte offsets into the document's buffer.
///
/// One record per line, 32 bytes with padding, so a document costs its bytes plus
/// 32 bytes a line. Names, tags and notes are produced from these ranges on access.
///
/// - `start` is the first byte of the line (after the BOM on the first line) and `end`
///   is the end of its content; the line ending, if any, runs from `end` to the next
///   line's `start`.
/// - For an item, `mark` is the offset of `[`; for a heading, the offset where the
///   title text starts.
/// - `tagsStart..<tagsEnd` spans the trailing tags (empty when there are none, placed
///   where the name ends).
/// - `note` is the offset of the note's `#`, or `noNote`.
/// - For an item, `last` is the index of the last line the item owns (its sub-items and
///   continuation lines); it equals the item's own index when it owns nothing else.
package struct LineRecord: Sendable, Hashable, BitwiseCopyable {
  package static let noNote = UInt32.max

  package var start: UInt32
  package var end: UInt32
  package var mark: UInt32 = 0
  package var tagsStart: UInt32 = 0
  package var tagsEnd: UInt32 = 0
  package var note: UInt32 = LineRecord.noNote
  package var last: UInt32 = 0
  package var flags: UInt8 = 0

  package init(start: UInt32, end: UInt32) {
    self.start = start
    self.end = end
  }

  package var kind: LineKind {
    get { LineKind(rawValue: flags & 0b111) ?? .text }
    set { flags = (flags & ~0b111) | newValue.rawValue }
  }

  /// Whether the item's box is `[x]` or `[X]`.
  package var isChecked: Bool {
    get { flags & 0b1000 != 0 }
    set { flags = newValue ? flags | 0b1000 : flags & ~0b1000 }
  }

  /// Whether an item sits inside a plain (non-task) list item, whose indentation
  /// the formatter must not touch.
  package var isInsidePlainListItem: Bool {
    get { flags & 0b1_0000 != 0 }
    set { flags = newValue ? flags | 0b1_0000 : flags & ~0b1_0000 }
  }

  package var hasNote: Bool { note != LineRecord.noNote }
  package var hasTags: Bool { tagsStart < tagsEnd }
}
