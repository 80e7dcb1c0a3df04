/// File names are bytes; Swift strings are Unicode. A path that is not valid UTF-8
/// (from `argv`, `readdir`, `readlink` or git) still has to reach `open` byte for byte,
/// so chk keeps such paths in a `String` losslessly: each byte of an invalid sequence
/// becomes one scalar of U+10FF80...U+10FFFF (the last 128 code points of a private-use
/// plane), and so does each byte of a valid character in that range, which keeps the
/// mapping one-to-one. Every system call that takes a path goes through `with(_:_:)`,
/// which gives the bytes back; messages show such bytes as `\xFF` (`display(_:)`).
package enum SystemPath {
  /// The longest path chk looks up, in bytes (Linux's `PATH_MAX`): longer text cannot
  /// name a file, so it is not searched for one.
  package static let maximumLength = 4_096

  /// The first scalar of the range that stands for raw bytes 0x80...0xFF.
  static let base: UInt32 = 0x10_FF00

  /// Whether a scalar stands for a raw byte.
  @inline(__always)
  static func isByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base + 0x80 }

  /// A path's bytes as a string: the string itself when the bytes are valid UTF-8 and
  /// hold nothing in the reserved range.
  package static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    // U+10FF80...U+10FFFF are F4 8F BE 80 ... F4 8F BF BF; anything else valid decodes
    // as it is.
    if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) {
      return text
    }
    let array = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < array.count {
      let length = validSequenceLength(array, at: index)
      if length > 0 {
        let text = String(decoding: array[index..<(index + length)], as: UTF8.self)
        if let scalar = text.unicodeScalars.first, !isByte(scalar) {
          scalars.append(scalar)
          index += length
          continue
        }
        // A valid character in the reserved range: each of its bytes stands alone.
        for byte in array[index..<(index + length)] { scalars.append(escape(byte)) }
        index += length
        continue
      }
      scalars.append(escape(array[index]))
      index += 1
    }
    return String(scalars)
  }

  /// Whether the string holds bytes that are not UTF-8 (it came from a path).
  package static func holdsRawBytes(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isByte)
  }

  /// The bytes a path string stands for.
  package static func bytes(_ path: String) -> [UInt8] {
    guard path.unicodeScalars.contains(where: isByte) else { return Array(path.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if isByte(scalar) {
        bytes.append(UInt8(scalar.value - base))
      } else {
        bytes += String(scalar).utf8
      }
    }
    return bytes
  }

  /// Calls `body` with the path's bytes as a C string.
  package static func with<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result)
    -> Result
  {
    guard path.unicodeScalars.contains(where: isByte) else { return path.withCString(body) }
    var bytes = bytes(path).map { CChar(bitPattern: $0) }
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return "".withCString(body) }
      return body(base)
    }
  }

  /// The path as messages show it: raw bytes as `\xFF`.
  package static func display(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: isByte) else { return path }
    var shown = ""
    for scalar in path.unicodeScalars {
      if isByte(scalar) {
        let hex = String(scalar.value - base, radix: 16, uppercase: true)
        shown += "\\x" + hex
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  private static func escape(_ byte: UInt8) -> Unicode.Scalar {
    // 0x80...0xFF only: an ASCII byte is always valid on its own.
    Unicode.Scalar(base + UInt32(byte)) ?? "\u{FFFD}"
  }

  /// The length of the valid UTF-8 sequence at `index`, or 0.
  private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    let length: Int
    switch first {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    return String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil ? length : 0
  }

  /// The directory part of a path (`.` for a bare name, `/` for a file at the root).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  package static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
