import ChecklistKit

/// `file://` URIs (RFC 8089) as paths and back: percent-encoded bytes decoded, the bytes
/// a path may hold unescaped kept.
package enum FileURI {
  /// The absolute path of a `file:` URI on this host; `nil` for other schemes, and for
  /// a path longer than any file's (`SystemPath.maximumLength`), which names no file.
  package static func path(of uri: String) -> String? {
    var rest = Substring(uri)
    guard rest.lowercased().hasPrefix("file://") else { return nil }
    rest = rest.dropFirst(7)
    // `file://localhost/path` and `file:///path`.
    if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
    guard rest.hasPrefix("/") else { return nil }
    var bytes: [UInt8] = []
    var utf8 = Array(rest.utf8)[...]
    while let byte = utf8.first {
      utf8 = utf8.dropFirst()
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let high = hexValue(utf8[utf8.startIndex]),
        let low = hexValue(utf8[utf8.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      } else {
        bytes.append(byte)
      }
    }
    guard bytes.count <= SystemPath.maximumLength,
      let path = String(validating: bytes, as: UTF8.self), !path.contains("\0")
    else {
      return nil
    }
    return path
  }

  /// A `file://` URI for an absolute path, escaping what RFC 3986 does not allow in a
  /// path segment.
  package static func uri(of path: String) -> String {
    var result = "file://"
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%"
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
      }
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
