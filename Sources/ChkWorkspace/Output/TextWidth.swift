/// How many terminal columns text takes: wide East Asian characters and emoji take
/// two, combining marks none.
package enum TextWidth {
  package static func of(_ text: String) -> Int {
    var copy = text
    return copy.withUTF8 { of(utf8: $0) } ?? text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// The width of UTF-8 bytes, as of their text (each ill-formed sequence one U+FFFD).
  package static func of(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { of(utf8: $0) } ?? of(String(decoding: bytes, as: UTF8.self))
  }

  /// The width of well-formed UTF-8, read as bytes (no string made: a list's name column
  /// measures every name); `nil` for ill-formed bytes.
  ///
  /// ASCII is one column a byte (a control character none), and so is every scalar
  /// below U+0300 (Latin letters with their accents, written as one scalar); the rest
  /// are decoded and looked up.
  private static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var total = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        total += lead < 0x20 ? 0 : 1
        index += 1
        continue
      }
      let length: Int
      var value: UInt32
      switch lead {
      case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
      default: return nil
      }
      guard index + length <= count else { return nil }
      for offset in 1..<length {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return nil }
        value = value << 6 | UInt32(byte & 0x3F)
      }
      // Overlong forms, surrogates and values past U+10FFFF are ill-formed.
      guard length != 3 || (value >= 0x800 && !(0xD800...0xDFFF).contains(value)),
        length != 4 || (value >= 0x10000 && value <= 0x10FFFF),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      total += value < 0x300 ? 1 : width(of: scalar)
      index += length
    }
    return total
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 ? 0 : 1 }
    // CJK ideographs and Hangul syllables, wide and never marks: no property looked up.
    if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    // Emoji drawn as emoji by default (✅ ⭐ 🛒, each regional indicator of a flag)
    // take two cells, as wcwidth counts them; symbols drawn as text (🛏 ✈) one.
    if scalar.properties.isEmojiPresentation { return 2 }
    if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
      || (0x2329...0x232A).contains(value) || (0x2630...0x2637).contains(value)
      || (0x268A...0x268F).contains(value) || (0x1F200...0x1F265).contains(value)
    {
      return 2
    }
    return 1
  }
}
