/// Builds JSON text into bytes: just enough for chk's outputs, always valid.
package struct JSONWriter {
  package private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = [false]

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
    needsComma.append(false)
  }

  package mutating func endObject() {
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  package mutating func beginArray() {
    separator()
    bytes.append(UInt8(ascii: "["))
    needsComma.append(false)
  }

  package mutating func endArray() {
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes `"name":`; the value follows.
  package mutating func key(_ name: String) {
    separator()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma[needsComma.count - 1] = false
  }

  package mutating func string(_ value: String?) {
    separator()
    if let value { appendString(value) } else { bytes += "null".utf8 }
  }

  package mutating func number(_ value: Int?) {
    separator()
    bytes += (value.map(String.init) ?? "null").utf8
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

  private mutating func separator() {
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings need no escape: copied in one piece.
    var text = value
    let copied = text.withUTF8 { buffer -> Bool in
      guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F })
      else { return false }
      bytes.append(contentsOf: buffer)
      return true
    }
    if copied {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
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
