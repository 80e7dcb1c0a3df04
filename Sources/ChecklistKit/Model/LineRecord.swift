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
  /// What GitHub's renderer makes of the line beyond its kind (`Rendering` bits).
  package var rendering: UInt8 = 0
  /// How many containers (list items and block quotes) hold the line's content, at
  /// most 255.
  package var depth: UInt8 = 0

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

  /// The `rendering` bits: facts about how cmark-gfm renders a line that its kind does
  /// not say, set by the parser and compared by the formatter and the edits to prove
  /// that they do not change what GitHub shows.
  package enum Rendering {
    /// The line starts a list item, a task item or not.
    package static let listItem: UInt8 = 1
    /// The list item starts a new list (its list's first item).
    package static let startsList: UInt8 = 2
    /// The new list starts right after another list in the same container (a list of
    /// another bullet or delimiter), so a change of bullet could merge them.
    package static let followsOtherList: UInt8 = 4
    /// The line ends with a hard line break: two or more spaces, or a backslash,
    /// before a line that continues the same paragraph.
    package static let hardBreak: UInt8 = 8
    /// A paragraph starts on the line (it does not continue the one before).
    package static let startsParagraph: UInt8 = 16
    /// A block quote starts on the line (it does not continue the one before).
    package static let startsBlockQuote: UInt8 = 32
    /// The line underlines the paragraph above it, which is then a (setext) heading.
    package static let setextUnderline: UInt8 = 64
    /// A code block or HTML block starts on the line.
    package static let startsRawBlock: UInt8 = 128
  }

  /// Whether a `Rendering` bit is set.
  @inline(__always)
  package func renders(_ bit: UInt8) -> Bool { rendering & bit != 0 }
  package var hasTags: Bool { tagsStart < tagsEnd }
}
