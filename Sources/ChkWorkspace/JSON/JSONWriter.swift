import ChecklistKit

/// Builds JSON text into bytes: just enough for chk's outputs, always valid.
package struct JSONWriter {
  package private(set) var bytes: [UInt8] = []
  /// Whether the next value at the current level follows another (a comma first), and
  /// the same for each enclosing level: the innermost kept apart, since every value
  /// reads and sets it.
  private var needsComma = false
  private var enclosing: [Bool] = []

  package init() {}

  /// A writer that writes into `storage` (emptied, its capacity kept).
  package init(reusing storage: [UInt8]) {
    bytes = storage
    bytes.removeAll(keepingCapacity: true)
  }

  /// Hands over the bytes written, leaving the writer's buffer empty.
  package mutating func takeBytes() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &bytes)
    return taken
  }

  /// Hands the bytes written so far to `body` and forgets them (the writer's state, what
  /// is open and where a comma goes, stays): for output written as it is made.
  package mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer(body)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Writes bytes that are already a JSON value.
  package mutating func raw(_ value: [UInt8]) {
    separator()
    bytes += value
  }

  package mutating func beginObject() {
    separator()
    bytes.append(UInt8(ascii: "{"))
    enclosing.append(needsComma)
    needsComma = false
  }

  package mutating func endObject() {
    needsComma = enclosing.popLast() ?? false
    bytes.append(UInt8(ascii: "}"))
  }

  package mutating func beginArray() {
    separator()
    bytes.append(UInt8(ascii: "["))
    enclosing.append(needsComma)
    needsComma = false
  }

  package mutating func endArray() {
    needsComma = enclosing.popLast() ?? false
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes `"name":`; the value follows.
  package mutating func key(_ name: String) {
    separator()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A key written as the literal `"name":` (no escape needed, none made), for writers
  /// of a million objects: no string is made or counted.
  package mutating func key(literal: StaticString) {
    separator()
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    needsComma = false
  }

  package mutating func string(_ value: String?) {
    separator()
    if let value { appendString(value) } else { bytes += "null".utf8 }
  }

  package mutating func number(_ value: Int?) {
    separator()
    guard let value else {
      bytes += "null".utf8
      return
    }
    if value < 0 {
      bytes += String(value).utf8
    } else {
      DecimalDigits.append(value, to: &bytes)
    }
  }

  /// A string given as UTF-8 bytes (`null` for `nil`).
  package mutating func string(bytes value: UnsafeBufferPointer<UInt8>?) {
    separator()
    guard let value else {
      bytes += "null".utf8
      return
    }
    appendEscaped(value)
  }

  /// A string whose bytes a closure appends (escaped as they come in one piece):
  /// `description`s that write their own digits.
  package mutating func string(appending body: (inout [UInt8]) -> Void) {
    separator()
    bytes.append(UInt8(ascii: "\""))
    body(&bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  package mutating func bool(_ value: Bool) {
    separator()
    bytes += (value ? "true" : "false").utf8
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
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
  }

  private mutating func appendString(_ value: String) {
    var text = value
    text.withUTF8 { appendEscaped($0) }
  }

  /// `"value"`, escaped as JSON wants: most strings need no escape and are copied in
  /// one piece.
  private mutating func appendEscaped(_ value: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    guard value.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
      bytes.append(contentsOf: value)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in value {
      switch byte {
      case UInt8(ascii: "\""): bytes += #"\""#.utf8
      case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
      case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
      case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
      case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        bytes += #"\u00"#.utf8
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
