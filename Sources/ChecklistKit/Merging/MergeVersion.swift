/// Gives each distinct key a small integer; remembers which keys are items or lists.
struct TokenInterner {
  private var ids: [[UInt8]: Int] = [:]
  /// Whether each token is an item's or a heading's (merged by key) rather than text.
  private(set) var isKeyed: [Bool] = []

  mutating func token(_ key: [UInt8], keyed: Bool) -> Int {
    if let id = ids[key] { return id }
    let id = isKeyed.count
    ids[key] = id
    isKeyed.append(keyed)
    return id
  }
}

/// How a line becomes a token key: a kind byte and a separator, then the parts that
/// identify the line, each after a separator. The separator (0x01) is a control
/// character that real names practically never hold.
enum TokenKey {
  static let separator: UInt8 = 0x01
  /// An item line: `I`, then how it is identified.
  static let item: [UInt8] = [UInt8(ascii: "I"), separator]
  /// A heading line: `H`, then how it is identified.
  static let heading: [UInt8] = [UInt8(ascii: "H"), separator]
  /// Identified by its `@id`: `i`, then the ID.
  static let byID: [UInt8] = [UInt8(ascii: "i"), separator]
  /// Identified by its name: `n`, then (for an item) its list's key, then the name.
  static let byName: [UInt8] = [UInt8(ascii: "n"), separator]
  /// Any other line: `T`, then its text.
  static let text: [UInt8] = [UInt8(ascii: "T"), separator]
}

/// One version's lines as tokens.
struct MergeVersion {
  let bytes: [UInt8]
  let document: ChecklistDocument?
  private(set) var tokens: [Int] = []
  /// Each line's content and ending, by token position.
  private(set) var contents: [Range<Int>] = []
  private(set) var endings: [Range<Int>] = []
  /// Whether each line is a blank line outside code and HTML.
  private(set) var isBlank: [Bool] = []
  /// The position of each keyed token.
  private(set) var positions: [Int: Int] = [:]
  let hasByteOrderMark: Bool
  let preferredEnding: [UInt8]
  let hasFinalLineEnding: Bool

  /// The lines of a parsed checklist, keyed by item and heading.
  init(document: ChecklistDocument, interner: inout TokenInterner) {
    self.document = document
    bytes = document.bytes
    hasByteOrderMark = document.hasByteOrderMark
    preferredEnding = document.preferredLineEnding
    hasFinalLineEnding = document.hasFinalLineEnding
    var seen: [[UInt8]: Int] = [:]
    var listKey: [UInt8] = []
    let lines = document.lines
    bytes.withUnsafeBufferPointer { buffer in
      for index in lines.indices {
        let record = lines[index]
        var key: [UInt8]
        let keyed = record.kind == .item || record.kind == .heading
        if keyed {
          let line = ParsedLine(record, buffer)
          key = record.kind == .item ? TokenKey.item : TokenKey.heading
          if let id = line.idRange {
            key += TokenKey.byID + buffer[id]
          } else {
            key += TokenKey.byName
            if record.kind == .item { key += listKey + [TokenKey.separator] }
            key += buffer[line.nameRange]
          }
          // The second item of the same name in a list is another item.
          let count = (seen[key] ?? 0) + 1
          seen[key] = count
          if count > 1 { key += [TokenKey.separator] + Array(String(count).utf8) }
          if record.kind == .heading { listKey = key }
        } else {
          key = TokenKey.text + buffer[Int(record.start)..<Int(record.end)]
        }
        let token = interner.token(key, keyed: keyed)
        if keyed { positions[token] = tokens.count }
        tokens.append(token)
        contents.append(Int(record.start)..<Int(record.end))
        endings.append(Int(record.end)..<document.startOffset(ofLine: index + 1))
        isBlank.append(record.kind == .blank)
      }
    }
  }

  /// Lines split at line feeds, all text: for input that is not a checklist.
  init(lines bytes: [UInt8], interner: inout TokenInterner) {
    self.bytes = bytes
    document = nil
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
      isBlank.append(false)
      start = next
    }
  }

  func content(_ position: Int) -> ArraySlice<UInt8> { bytes[contents[position]] }
  func ending(_ position: Int) -> ArraySlice<UInt8> { bytes[endings[position]] }

  /// The bytes of a keyed token's line in this version.
  func line(of token: Int) -> [UInt8]? {
    positions[token].map { Array(content($0)) }
  }

  /// A keyed token's line taken apart (only for the lines both sides changed).
  func fields(of token: Int) -> EditableLine? {
    guard let document, let position = positions[token] else { return nil }
    return bytes.withUnsafeBufferPointer { EditableLine(document.lines[position], in: $0) }
  }

  /// The keyed token of the item that is the parent of the line at `position`.
  func parentToken(of position: Int) -> Int? {
    guard let document, let parent = document.parent(ofLine: position) else { return nil }
    return tokens[parent]
  }
}
