/// How many terminal columns text takes: wide East Asian characters and emoji take
/// two, combining marks none.
package enum TextWidth {
  package static func of(_ text: String) -> Int {
    // Printable ASCII, the common case, is one column a byte.
    var copy = text
    if let count = copy.withUTF8({ bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
    }) {
      return count
    }
    return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// The width of UTF-8 bytes, as of their text.
  package static func of(_ bytes: ArraySlice<UInt8>) -> Int {
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return bytes.count }
    return of(String(decoding: bytes, as: UTF8.self))
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 ? 0 : 1 }
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
