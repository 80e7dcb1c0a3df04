/// A `@key` or `@key(value)` tag.
public struct ChecklistTag: Sendable, Hashable, CustomStringConvertible {
  /// The key: a lowercase letter, then lowercase letters, digits, `-` and `_`.
  public var key: String
  /// The value with `\(`, `\)` and `\\` decoded; `nil` for a tag without parentheses.
  public var value: String?

  /// Creates a tag.
  public init(key: String, value: String? = nil) {
    self.key = key
    self.value = value
  }

  /// The tag as it is written in a file, with `(`, `)` and `\` in the value escaped.
  public var description: String {
    guard let value else { return "@" + key }
    return "@" + key + "(" + ChecklistTag.escape(value) + ")"
  }

  /// Whether `key` is a valid tag key.
  public static func isValidKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard let first = bytes.first, ASCII.isLowercaseLetter(first) else { return false }
    return bytes.allSatisfy(ASCII.isTagKeyByte)
  }

  /// A tag value written with `(`, `)` and `\` escaped.
  static func escape(_ value: String) -> String {
    guard
      value.utf8.contains(where: {
        $0 == ASCII.openParen || $0 == ASCII.closeParen
          || $0 == ASCII.backslash
      })
    else { return value }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count + 4)
    for byte in value.utf8 {
      if byte == ASCII.openParen || byte == ASCII.closeParen || byte == ASCII.backslash {
        bytes.append(ASCII.backslash)
      }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension ChecklistDocument {
  /// Whether `id` is a valid ID: 1 to 32 of `A-Z`, `a-z`, `0-9`, `_` and `-`.
  public static func isValidID(_ id: String) -> Bool {
    let bytes = id.utf8
    guard (1...32).contains(bytes.count) else { return false }
    return bytes.allSatisfy {
      ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == ASCII.dash || $0 == ASCII.underscore
    }
  }
}
