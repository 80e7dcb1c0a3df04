internal import ChkPlatform

/// Gives each distinct key a small integer; remembers which keys are items or lists.
///
/// A value the three versions add to in turn (passed `inout`: a class's properties
/// would be checked for overlapping access on every line) and the merger then reads.
/// Keys live end to end in one arena and are found through an open-addressing table of
/// hashes, so interning a line allocates nothing once the arena has grown.
struct TokenInterner: ~Copyable {
  private var table: FirstOccurrenceTable
  private var arena: [UInt8] = []
  /// Where each token's key starts in the arena; it ends where the next one starts.
  private var starts: [Int] = [0]
  /// Whether each token is an item's or a heading's (merged by key) rather than text.
  private(set) var isKeyed: [Bool] = []

  /// An interner sized for about `expected` tokens (the table grows past them).
  init(expected: Int = 1 << 12) {
    table = FirstOccurrenceTable(expected: max(16, expected))
    starts.reserveCapacity(expected + 1)
    isKeyed.reserveCapacity(expected)
  }

  /// How many distinct tokens there are.
  var count: Int { isKeyed.count }

  #if DEBUG
    /// How many keys were looked up in the table (not found at the expected token).
    private(set) var tableLookups = 0
  #endif

  /// The key's token, a new one when the key is new.
  ///
  /// - Parameter expected: the token the caller expects (the one after the highest
  ///   this version has had: the versions of a file mostly hold the same lines in the
  ///   same order), compared first: the bytes of consecutive tokens lie side by side,
  ///   where the table's slots lie anywhere in memory.
  mutating func token(_ key: [UInt8], keyed: Bool, expected: Int = -1) -> Int {
    key.withUnsafeBufferPointer { key in
      if expected >= 0, expected < isKeyed.count, isKeyed[expected] == keyed {
        let start = starts[expected]
        if starts[expected + 1] - start == key.count,
          arena.withUnsafeBufferPointer({ arena in
            guard let stored = arena.baseAddress, let wanted = key.baseAddress else {
              return true
            }
            return memcmp(stored + start, wanted, key.count) == 0
          })
        {
          return expected
        }
      }
      #if DEBUG
        tableLookups += 1
      #endif
      let hash = FirstOccurrenceTable.hash(key, 0..<key.count)
      let next = Int32(isKeyed.count)
      let found = arena.withUnsafeBufferPointer { arena in
        table.firstIndex(hash: hash, storing: next) { stored in
          let start = starts[Int(stored)]
          let end = starts[Int(stored) + 1]
          guard end - start == key.count else { return false }
          guard let stored = arena.baseAddress, let wanted = key.baseAddress else { return true }
          return memcmp(stored + start, wanted, key.count) == 0
        }
      }
      if let found { return Int(found) }
      arena.append(contentsOf: key)
      starts.append(arena.count)
      isKeyed.append(keyed)
      return Int(next)
    }
  }
}

/// How a line becomes a token key: a kind byte and a separator, then the parts that
/// identify the line, each after a separator. The separator (0x01) is a control
/// character that real names practically never hold.
enum TokenKey {
  static let separator: UInt8 = 0x01
  /// An item line: `I`, then how it is identified.
  static let itemByte = UInt8(ascii: "I")
  /// A heading line: `H`, then how it is identified.
  static let headingByte = UInt8(ascii: "H")
  /// Identified by its `@id`: `i`, then the ID.
  static let byIDByte = UInt8(ascii: "i")
  /// Identified by its name: `n`, then (for an item) its list's key, then the name.
  static let byNameByte = UInt8(ascii: "n")
  /// Any other line: `T`, then its text.
  static let text: [UInt8] = [UInt8(ascii: "T"), separator]
}

/// One version's lines as tokens.
struct MergeVersion {
  let bytes: [UInt8]
  let document: ChecklistDocument?
  private(set) var tokens: [Int] = []
  /// Each line's record: the document's for a checklist (nothing is copied), one per
  /// line feed for other input.
  private let records: [LineRecord]
  private let isChecklist: Bool
  /// Each line's content and ending, by token position, for input that is not a
  /// checklist (whose lines have no records).
  private var contents: [Range<Int>] = []
  private var endings: [Range<Int>] = []
  /// The position of each keyed token of this version, by token (-1: none); tokens
  /// interned after this version are past its end.
  private var positions: [Int32] = []
  let hasByteOrderMark: Bool
  let preferredEnding: [UInt8]
  let hasFinalLineEnding: Bool

  /// Makes `array` hold at least `count` elements, the new ones `value`: at least
  /// doubled when it grows, so that the versions' tables, grown as tokens are found,
  /// are copied O(log n) times.
  private static func grow(_ array: inout [Int32], to count: Int, with value: Int32) {
    guard array.count < count else { return }
    array += repeatElement(value, count: max(count, array.count * 2) - array.count)
  }

  /// The lines of a parsed checklist, keyed by item and heading.
  init(document: ChecklistDocument, interner: inout TokenInterner) {
    self.document = document
    records = document.lines
    isChecklist = true
    bytes = document.bytes
    hasByteOrderMark = document.hasByteOrderMark
    preferredEnding = document.preferredLineEnding
    hasFinalLineEnding = document.hasFinalLineEnding
    // How often each key (before its count is added) came up in this version, by token.
    var seen: [Int32] = []
    var listKey: [UInt8] = []
    var key: [UInt8] = []
    // The token after the highest so far: where the next line's token most likely is.
    var expected = 0
    let lines = document.lines
    tokens.reserveCapacity(lines.count)
    bytes.withUnsafeBufferPointer { buffer in
      for index in lines.indices {
        let record = lines[index]
        key.removeAll(keepingCapacity: true)
        let keyed = record.kind == .item || record.kind == .heading
        var token: Int
        if keyed {
          let line = ParsedLine(record, buffer)
          // The key's bytes are appended one by one: the kind and how it is identified
          // take two bytes each.
          key.append(record.kind == .item ? TokenKey.itemByte : TokenKey.headingByte)
          key.append(TokenKey.separator)
          if let id = line.idRange {
            key.append(TokenKey.byIDByte)
            key.append(TokenKey.separator)
            key += buffer[id]
          } else {
            key.append(TokenKey.byNameByte)
            key.append(TokenKey.separator)
            if record.kind == .item {
              key += listKey
              key.append(TokenKey.separator)
            }
            key += buffer[line.nameRange]
          }
          token = interner.token(key, keyed: true, expected: expected)
          // The second item of the same name in a list is another item.
          if token >= seen.count { Self.grow(&seen, to: interner.count, with: 0) }
          seen[token] += 1
          if seen[token] > 1 {
            key.append(TokenKey.separator)
            key += String(seen[token]).utf8
            token = interner.token(key, keyed: true)
          }
          if record.kind == .heading { listKey = key }
          if token >= positions.count { Self.grow(&positions, to: interner.count, with: -1) }
          positions[token] = Int32(tokens.count)
        } else {
          key += TokenKey.text
          key += buffer[Int(record.start)..<Int(record.end)]
          token = interner.token(key, keyed: false, expected: expected)
        }
        expected = max(expected, token + 1)
        tokens.append(token)
      }
    }
  }

  /// Lines split at line feeds, all text: for input that is not a checklist.
  init(lines bytes: [UInt8], interner: inout TokenInterner) {
    self.bytes = bytes
    document = nil
    records = []
    isChecklist = false
    hasByteOrderMark = false
    preferredEnding = [ASCII.lineFeed]
    hasFinalLineEnding = bytes.isEmpty || bytes.last == ASCII.lineFeed
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: ASCII.lineFeed) ?? bytes.count
      let next = end < bytes.count ? end + 1 : end
      tokens.append(interner.token(TokenKey.text + bytes[start..<end], keyed: false))
      contents.append(start..<end)
      endings.append(end..<next)
      start = next
    }
  }

  func content(_ position: Int) -> ArraySlice<UInt8> {
    guard isChecklist else { return bytes[contents[position]] }
    return bytes[Int(records[position].start)..<Int(records[position].end)]
  }

  func ending(_ position: Int) -> ArraySlice<UInt8> {
    guard isChecklist else { return bytes[endings[position]] }
    let next = position + 1 < records.count ? Int(records[position + 1].start) : bytes.count
    return bytes[Int(records[position].end)..<next]
  }

  /// The bytes of a keyed token's line in this version.
  func line(of token: Int) -> ArraySlice<UInt8>? {
    position(of: token).map { content($0) }
  }

  /// Whether the line at `position` is a blank line outside code and HTML.
  func isBlank(_ position: Int) -> Bool {
    isChecklist && records[position].kind == .blank
  }

  /// Where a keyed token's line is in this version; `nil` when the version has none.
  func position(of token: Int) -> Int? {
    guard token < positions.count, positions[token] >= 0 else { return nil }
    return Int(positions[token])
  }

  /// A keyed token's line taken apart (only for the lines both sides changed).
  func fields(of token: Int) -> EditableLine? {
    guard let document, let position = position(of: token) else { return nil }
    return bytes.withUnsafeBufferPointer { EditableLine(document.lines[position], in: $0) }
  }

  /// The keyed token of the item that is the parent of the line at `position`.
  func parentToken(of position: Int) -> Int? {
    guard let document, let parent = document.parent(ofLine: position) else { return nil }
    return tokens[parent]
  }
}
