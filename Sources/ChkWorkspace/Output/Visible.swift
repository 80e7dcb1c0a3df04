/// Control characters shown visibly, as `cat -v`, less and git do, so that a hostile
/// checklist or file name cannot retitle, clear or rewrite a terminal: C0 controls and
/// DEL in caret notation (`^[` for ESC, `^G` for BEL, `^M` for CR, `^?` for DEL), the
/// C1 controls, the bidirectional marks, overrides and isolates (which reorder what a
/// terminal shows: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and the line
/// and paragraph separators (U+2028, U+2029, which some terminals and viewers break a
/// line at) as `<U+009B>`, `<U+202E>`, and the raw bytes of a file name that is
/// not UTF-8 as `\xFF`.
package enum Visible {
  /// How much of the line structure a stream keeps.
  package enum Mode: Sendable {
    /// Standard output on a terminal: tabs, line feeds and the CR of a CRLF stay.
    case lines
    /// One-line diagnostics: only tabs stay; line feeds and CRs are shown too.
    case oneLine
  }

  /// Whether `bytes` hold anything to show visibly (the fast path: usually not).
  package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, _ mode: Mode) -> Bool {
    for byte in bytes {
      if byte < 0x20 {
        if byte == 0x09 || (mode == .lines && (byte == 0x0A || byte == 0x0D)) { continue }
        return true
      }
      if byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xF4 {
        return true
      }
    }
    return false
  }

  /// `bytes` with control characters shown visibly.
  package static func escape(
    _ bytes: UnsafeBufferPointer<UInt8>, _ mode: Mode, into output: inout [UInt8]
  ) {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F {
        let keeps =
          byte == 0x09
          || (mode == .lines
            && (byte == 0x0A || (byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A)))
        if keeps {
          output.append(byte)
        } else {
          output.append(UInt8(ascii: "^"))
          output.append(byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40)
        }
        index += 1
        continue
      }
      // C1 controls: U+0080-U+009F, C2 80 - C2 9F.
      if byte == 0xC2, index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F {
        output += codePoint(UInt32(bytes[index + 1]))
        index += 2
        continue
      }
      // U+061C, the Arabic letter mark: D8 9C.
      if byte == 0xD8, index + 1 < count, bytes[index + 1] == 0x9C {
        output += codePoint(0x061C)
        index += 2
        continue
      }
      // U+200E, U+200F, U+2028-U+202E, U+2066-U+2069: E2 80 8E/8F/A8-AE, E2 81 A6-A9.
      if byte == 0xE2, index + 2 < count {
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        let isBidi =
          (second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)))
          || (second == 0x81 && (0xA6...0xA9).contains(third))
        if isBidi {
          let scalar = 0x2000 + (UInt32(second & 0x3F) << 6) + UInt32(third & 0x3F)
          output += codePoint(scalar)
          index += 3
          continue
        }
      }
      // A raw byte of a path that is not UTF-8 (`SystemPath`): U+10FF80-U+10FFFF, F4 8F
      // BE 80 - F4 8F BF BF, shown as `\xFF`.
      if byte == 0xF4, index + 3 < count, bytes[index + 1] == 0x8F,
        bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
      {
        let raw = ((bytes[index + 2] & 0x01) << 6) | (bytes[index + 3] & 0x3F) | 0x80
        output += Array(("\\x" + String(raw, radix: 16, uppercase: true)).utf8)
        index += 4
        continue
      }
      output.append(byte)
      index += 1
    }
  }

  /// `<U+XXXX>`.
  private static func codePoint(_ value: UInt32) -> [UInt8] {
    let hex = String(value, radix: 16, uppercase: true)
    return Array(("<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">").utf8)
  }

  /// Makes the text of one field visible for an output, before styles are added (the
  /// line then goes out with `lineExact`): escaped when the output shows control
  /// characters, as it is otherwise.
  package struct Printer {
    let mode: Visible.Mode?

    package init(_ output: ByteOutput) { mode = output.visible }

    package func callAsFunction(_ text: String) -> String {
      mode == nil ? text : Visible.text(text, .oneLine)
    }
  }

  /// `text` with control characters shown visibly.
  package static func text(_ text: String, _ mode: Mode = .oneLine) -> String {
    var copy = text
    return copy.withUTF8 { buffer in
      guard needsEscaping(buffer, mode) else { return text }
      var output: [UInt8] = []
      escape(buffer, mode, into: &output)
      return String(decoding: output, as: UTF8.self)
    }
  }
}
