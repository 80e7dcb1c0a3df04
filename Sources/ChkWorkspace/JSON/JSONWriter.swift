import ChecklistKit

/// Builds JSON text into bytes: just enough for chk's outputs, always valid.
///
/// Small pieces (keys, commas, numbers, short strings) go first into 512 bytes held in
/// the writer itself, which costs a copy and no more; they move to the array in one
/// append when it fills or when the bytes are asked for. An append to an array checks
/// that it is the only owner and has room every time, which cost more than the bytes of
/// a key (`chk list --json` writes a dozen keys per item of a million).
package struct JSONWriter {
  private var storage: [UInt8] = []
  private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
  private var pending: (Block, Block, Block, Block, Block, Block, Block, Block) = (
    JSONWriter.zeros, JSONWriter.zeros, JSONWriter.zeros, JSONWriter.zeros, JSONWriter.zeros,
    JSONWriter.zeros, JSONWriter.zeros, JSONWriter.zeros
  )
  private var pendingCount = 0
  private static let pendingCapacity = 512
  private static let zeros: Block = (0, 0, 0, 0, 0, 0, 0, 0)
  /// Whether the next value at the current level follows another (a comma first), and
  /// the same for each enclosing level: the innermost kept apart, since every value
  /// reads and sets it.
  private var needsComma = false
  private var enclosing: [Bool] = []

  package init() {}

  /// A writer that writes into `storage` (emptied, its capacity kept).
  package init(reusing storage: [UInt8]) {
    self.storage = storage
    self.storage.removeAll(keepingCapacity: true)
  }

  /// The bytes written so far.
  package var bytes: [UInt8] {
    mutating get {
      spill()
      return storage
    }
  }

  /// How many bytes were written (and not yet flushed).
  package var count: Int { storage.count + pendingCount }

  /// Hands over the bytes written, leaving the writer's buffer empty.
  package mutating func takeBytes() -> [UInt8] {
    spill()
    var taken: [UInt8] = []
    swap(&taken, &storage)
    return taken
  }

  /// Hands the bytes written so far to `body` and forgets them (the writer's state, what
  /// is open and where a comma goes, stays): for output written as it is made.
  package mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    spill()
    storage.withUnsafeBufferPointer(body)
    storage.removeAll(keepingCapacity: true)
  }

  /// Moves the pending bytes to the array.
  private mutating func spill() {
    guard pendingCount > 0 else { return }
    let count = pendingCount
    withUnsafeBytes(of: &pending) { storage.append(contentsOf: $0[..<count]) }
    pendingCount = 0
  }

  /// Writes bytes: to the pending bytes when they fit.
  @inline(__always)
  private mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress, !source.isEmpty else { return }
    if pendingCount + source.count > Self.pendingCapacity {
      spill()
      if source.count > Self.pendingCapacity {
        storage.append(contentsOf: source)
        return
      }
    }
    let at = pendingCount
    withUnsafeMutableBytes(of: &pending) { pending in
      pending.baseAddress?.advanced(by: at).copyMemory(from: base, byteCount: source.count)
    }
    pendingCount += source.count
  }

  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    if pendingCount == Self.pendingCapacity { spill() }
    let at = pendingCount
    withUnsafeMutableBytes(of: &pending) { $0[at] = byte }
    pendingCount += 1
  }

  @inline(__always)
  private mutating func put(_ text: StaticString) {
    put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Writes bytes that are already a JSON value.
  package mutating func raw(_ value: [UInt8]) {
    separator()
    spill()
    storage += value
  }

  package mutating func beginObject() {
    separator()
    put(UInt8(ascii: "{"))
    enclosing.append(needsComma)
    needsComma = false
  }

  package mutating func endObject() {
    needsComma = enclosing.popLast() ?? false
    put(UInt8(ascii: "}"))
  }

  package mutating func beginArray() {
    separator()
    put(UInt8(ascii: "["))
    enclosing.append(needsComma)
    needsComma = false
  }

  package mutating func endArray() {
    needsComma = enclosing.popLast() ?? false
    put(UInt8(ascii: "]"))
  }

  /// Writes `"name":`; the value follows.
  package mutating func key(_ name: String) {
    separator()
    appendString(name)
    put(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A key written as the literal `"name":` (no escape needed, none made), for writers
  /// of a million objects: no string is made or counted.
  package mutating func key(literal: StaticString) {
    separator()
    put(literal)
    needsComma = false
  }

  package mutating func string(_ value: String?) {
    separator()
    if let value { appendString(value) } else { put("null") }
  }

  package mutating func number(_ value: Int?) {
    separator()
    guard let value else {
      put("null")
      return
    }
    if value < 0 { put(UInt8(ascii: "-")) }
    // Int.min has no positive: its magnitude is written as an unsigned number.
    DecimalDigits.withDigits(value.magnitude) { put($0) }
  }

  /// A string given as UTF-8 bytes (`null` for `nil`).
  package mutating func string(bytes value: UnsafeBufferPointer<UInt8>?) {
    separator()
    guard let value else {
      put("null")
      return
    }
    appendEscaped(value)
  }

  /// A string whose bytes a closure appends (escaped as they come in one piece):
  /// `description`s that write their own digits.
  package mutating func string(appending body: (inout [UInt8]) -> Void) {
    separator()
    put(UInt8(ascii: "\""))
    spill()
    body(&storage)
    put(UInt8(ascii: "\""))
  }

  package mutating func bool(_ value: Bool) {
    separator()
    put(value ? "true" : "false")
  }

  /// `"name": value` for a string, number or boolean.
  package mutating func field(_ name: String, _ value: String?) {
    key(name)
    string(value)
  }

  package mutating func field(_ name: String, _ value: Int?) {
    key(name)
    number(value)
  }

  package mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  package mutating func field(literal name: StaticString, bytes value: UnsafeBufferPointer<UInt8>?)
  {
    key(literal: name)
    string(bytes: value)
  }

  private mutating func separator() {
    if needsComma { put(UInt8(ascii: ",")) }
    needsComma = true
  }

  private mutating func appendString(_ value: String) {
    var text = value
    text.withUTF8 { appendEscaped($0) }
  }

  /// `"value"`, escaped as JSON wants: most strings need no escape and are copied in
  /// one piece.
  private mutating func appendEscaped(_ value: UnsafeBufferPointer<UInt8>) {
    put(UInt8(ascii: "\""))
    guard Self.needsEscape(value) else {
      put(value)
      put(UInt8(ascii: "\""))
      return
    }
    for byte in value {
      switch byte {
      case UInt8(ascii: "\""): put(#"\""#)
      case UInt8(ascii: "\\"): put(#"\\"#)
      case UInt8(ascii: "\n"): put(#"\n"#)
      case UInt8(ascii: "\r"): put(#"\r"#)
      case UInt8(ascii: "\t"): put(#"\t"#)
      case 0..<0x20, 0x7F:
        let hex: StaticString = "0123456789abcdef"
        put(#"\u00"#)
        put(hex.utf8Start[Int(byte >> 4)])
        put(hex.utf8Start[Int(byte & 0xF)])
      default: put(byte)
      }
    }
    put(UInt8(ascii: "\""))
  }

  /// Whether any byte needs an escape (a control character, `"`, a backslash or DEL): eight
  /// bytes at a time, each test true for a word when one of its bytes passes it (a
  /// million names are looked at).
  static func needsEscape(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = value.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ word: UInt64) -> Bool {
      (word &- ones) & ~word & highs != 0
    }
    var index = 0
    while index + 8 <= value.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x22))
        || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0x7F))
      {
        return true
      }
      index += 8
    }
    while index < value.count {
      let byte = value[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
      index += 1
    }
    return false
  }
}
