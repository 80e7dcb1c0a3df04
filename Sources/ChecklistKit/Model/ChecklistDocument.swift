/// A checklist file: its exact bytes, and the lists and items they hold.
///
/// The document keeps the file's bytes and one compact record per line; the lists,
/// items, names and tags are produced from them when asked for. Serializing an unedited
/// document gives back exactly the bytes it was parsed from, and an edit rewrites only
/// the lines it touches.
///
/// ```swift
/// var document = try ChecklistDocument(parsing: Array(text.utf8))
/// try document.check(.id("k3f9"), on: CalendarDay(year: 2024, month: 1, day: 2))
/// let bytes = document.serialized()
/// ```
public struct ChecklistDocument: Sendable {
  /// The largest file the document can hold: offsets are stored in 32 bits.
  public static let maximumByteCount = Int(UInt32.max) - 1

  package private(set) var bytes: [UInt8]
  package private(set) var lines: [LineRecord]
  /// False when the bytes are known to hold no carriage return, so that every line
  /// ending is LF; true when they may hold one.
  private(set) var mayContainCarriageReturn: Bool

  /// Where generated IDs come from: the system's cryptographic source unless seeded.
  public var idGenerator: IDGenerator = .system

  /// The changes made to the bytes since the history was started, or `nil` (the
  /// default) for none kept. The edit path starts one on a document that holds the
  /// only reference to its file's bytes: edits then change that buffer in place, and the
  /// history gives back the bytes as they were.
  package var history: ByteHistory?

  #if DEBUG
    /// What the tests count of this document's work (see `WorkLog`).
    package var workLog: WorkLog?

    /// Counts work when a log is attached.
    @inline(__always)
    func logWork(_ key: String, _ count: Int = 1) { workLog?.add(key, count) }
  #else
    @inline(__always)
    func logWork(_ key: String, _ count: Int = 1) {}
  #endif

  /// Parses a file's bytes.
  ///
  /// Parsing never fails on valid UTF-8: whatever the format does not understand is an
  /// `other` line, kept as it is.
  ///
  /// - Parameter bytes: the file's contents.
  /// - Throws: `ParseError.invalidUTF8` naming the first bad byte, or
  ///   `ParseError.tooLarge` for input of 4 GiB or more.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(parsing bytes: [UInt8]) throws(ParseError) {
    try self.init(parsing: bytes, onOneThread: false)
  }

  /// Parses bytes as `init(parsing:)` does; `onOneThread` keeps a large file on the
  /// calling thread (for a caller that has other work for the other processor).
  package init(parsing bytes: [UInt8], onOneThread: Bool) throws(ParseError) {
    guard bytes.count <= Self.maximumByteCount else {
      throw .tooLarge(byteCount: bytes.count)
    }
    let parsed = bytes.withUnsafeBufferPointer {
      DocumentParser.parse(
        $0, parallelThreshold: onOneThread ? .max : DocumentParser.parallelThreshold)
    }
    let result = try parsed.get()
    self.bytes = bytes
    self.lines = result.records
    mayContainCarriageReturn = result.hasCarriageReturn
  }

  /// Parses bytes chk wrote itself from a parsed document (valid UTF-8, under 4 GiB)
  /// without checking them again; `mayContainCarriageReturn` false skips the search
  /// for one.
  init(parsingTrusted bytes: [UInt8], mayContainCarriageReturn mayContainCR: Bool) {
    let parsed = bytes.withUnsafeBufferPointer {
      DocumentParser.parseTrusted($0, mayContainCarriageReturn: mayContainCR)
    }
    self.bytes = bytes
    lines = parsed.records
    mayContainCarriageReturn = parsed.hasCarriageReturn
  }

  /// A document of no bytes: a placeholder while an edit holds the real one.
  package static var empty: ChecklistDocument {
    ChecklistDocument(parsingTrusted: [], mayContainCarriageReturn: false)
  }

  /// Parses a string; it is always valid UTF-8, so this fails only for text of 4 GiB
  /// or more.
  ///
  /// - Parameter text: the file's contents.
  /// - Throws: `ParseError.tooLarge`.
  public init(parsing text: String) throws(ParseError) {
    try self.init(parsing: Array(text.utf8))
  }

  /// The document's bytes: exactly the parsed input when nothing was edited.
  ///
  /// - Complexity: O(1); the bytes are shared until either copy changes.
  public func serialized() -> [UInt8] {
    bytes
  }

  /// The number of lines, counting a last line without a line ending.
  public var lineCount: Int { lines.count }

  /// Whether the file starts with a UTF-8 byte-order mark.
  public var hasByteOrderMark: Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// Replaces the whole state; used by edits, which keep bytes and records in step.
  /// Moves the records out (leaving none), so an edit can update them in place and
  /// hand them back with `replaceStorage`.
  mutating func takeLines() -> [LineRecord] {
    var taken: [LineRecord] = []
    swap(&taken, &lines)
    return taken
  }

  /// Moves the bytes out (leaving none), so that an edit changes them in place when the
  /// document held the only reference, and hands them back with `replaceStorage`.
  mutating func takeBytes() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &bytes)
    return taken
  }

  /// - Parameters:
  ///   - addsCarriageReturn: whether the change may have brought in a carriage return.
  ///   - step: how the new bytes came from the old, for the history; `nil` when they
  ///     were built anew (the history keeps the old buffer whole).
  mutating func replaceStorage(
    bytes: [UInt8], lines: [LineRecord], addsCarriageReturn: Bool, step: ByteHistory.Step? = nil
  ) {
    if history != nil { history?.append(step ?? .replaced(self.bytes)) }
    self.bytes = bytes
    self.lines = lines
    mayContainCarriageReturn = mayContainCarriageReturn || addsCarriageReturn
  }
}

extension ChecklistDocument: Equatable, Hashable {
  /// Two documents are equal when their bytes are: the records follow from them.
  public static func == (lhs: ChecklistDocument, rhs: ChecklistDocument) -> Bool {
    lhs.bytes == rhs.bytes
  }

  /// Hashes the bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes)
  }
}
