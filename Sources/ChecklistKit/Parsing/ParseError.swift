/// Why a file's bytes could not be read as a checklist.
public enum ParseError: Error, Sendable, Hashable {
  /// The bytes are not valid UTF-8. The location is that of the first bad byte: a
  /// 0-based byte offset, and a 1-based line and column (counted in bytes).
  case invalidUTF8(byteOffset: Int, line: Int, column: Int)
  /// The file is larger than `ChecklistDocument.maximumByteCount`.
  case tooLarge(byteCount: Int)

  static func invalidUTF8(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> ParseError {
    let position = LineLocator.position(of: offset, in: bytes)
    return .invalidUTF8(byteOffset: offset, line: position.line, column: position.column)
  }

  /// The 1-based line the error points at, if it has one.
  public var line: Int? {
    if case .invalidUTF8(_, let line, _) = self { return line }
    return nil
  }

  /// A lower-case message that says what is wrong and what to do.
  public var message: String {
    switch self {
    case .invalidUTF8(let offset, let line, let column):
      return "invalid UTF-8 at byte \(offset) (line \(line), column \(column)); "
        + "chk reads UTF-8 text only: convert the file (e.g. with iconv) and try again"
    case .tooLarge(let count):
      return "the file is \(count) bytes; chk reads files smaller than 4 GiB"
    }
  }
}

extension ParseError: CustomStringConvertible {
  /// The message.
  public var description: String { message }
}

/// Turns byte offsets into 1-based lines and columns, only when a message needs one.
enum LineLocator {
  /// The 1-based line and 1-based byte column of `offset`; a CRLF is one line break,
  /// and so is a lone CR. Columns on the first line do not count a byte-order mark.
  ///
  /// - Complexity: O(*offset*).
  static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var lineStart = DocumentParser.hasByteOrderMark(bytes) && offset >= 3 ? 3 : 0
    var index = lineStart
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == ASCII.lineFeed {
        line += 1
        lineStart = index + 1
      } else if byte == ASCII.carriageReturn {
        if index + 1 < bytes.count, bytes[index + 1] == ASCII.lineFeed, index + 1 < end {
          index += 1
        }
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    return (line, offset - lineStart + 1)
  }
}
