/// Byte values the scanners compare against, named for readability.
enum ASCII {
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let hash = UInt8(ascii: "#")
  static let at = UInt8(ascii: "@")
  static let backslash = UInt8(ascii: "\\")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let dash = UInt8(ascii: "-")
  static let underscore = UInt8(ascii: "_")
  static let backtick = UInt8(ascii: "`")
  static let tilde = UInt8(ascii: "~")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")

  @inline(__always)
  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  @inline(__always)
  static func isLowercaseLetter(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26
  }

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
  }

  /// Whether the byte may appear in a tag key after its first letter: `a-z`, `0-9`,
  /// `-` or `_`, looked up in a 128-bit set.
  @inline(__always)
  static func isTagKeyByte(_ byte: UInt8) -> Bool {
    // Bits 45 ("-") and 48-57 ("0"-"9") of the low word; 31 ("_") and 33-58 ("a"-"z")
    // of the high word.
    let low: UInt64 = 0x03FF_2000_0000_0000
    let high: UInt64 = 0x07FF_FFFE_8000_0000
    let word = byte < 64 ? low : high
    return byte < 128 && (word >> UInt64(byte & 63)) & 1 != 0
  }

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    isLetter(byte) ? byte | 0x20 : byte
  }
}
