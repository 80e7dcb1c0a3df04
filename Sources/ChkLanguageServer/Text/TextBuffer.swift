/// How a client counts characters in a position (LSP 3.17 `PositionEncodingKind`).
enum PositionEncoding: String, Sendable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"
}

/// A position as LSP gives it: a 0-based line and a 0-based character offset in the
/// negotiated encoding's code units.
struct Position: Hashable, Sendable {
  var line: Int
  var character: Int
}

/// The text of an open document as bytes, with where each line starts, so positions and
/// byte offsets convert in O(log n + line length).
///
/// Lines end at LF, CRLF or a lone CR, as LSP and ChecklistKit both count them.
package struct TextBuffer: Sendable {
  private(set) var bytes: [UInt8]
  /// The byte offset where each line starts; the first is 0.
  package private(set) var lineStarts: [Int]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lineStarts = Self.lineStarts(of: bytes)
  }

  package static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          starts.append(index)
        } else if byte == 0x0D {
          if index < count, buffer[index] == 0x0A { index += 1 }
          starts.append(index)
        }
      }
    }
    return starts
  }

  /// How many lines the text has (a final line break starts an empty last line).
  var lineCount: Int { lineStarts.count }

  /// The byte range of a 0-based line without its line break.
  func contentRange(ofLine line: Int) -> Range<Int> {
    let start = lineStarts[line]
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    if end > start, bytes[end - 1] == 0x0A { end -= 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// The 0-based line that holds a byte offset.
  func line(ofOffset offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The byte offset of a position. A line past the end is the end of the text; a
  /// character past the end of its line is the end of that line (LSP's rule); an offset
  /// inside a character is that character's start.
  func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let range = contentRange(ofLine: position.line)
    var units = max(0, position.character)
    var index = range.lowerBound
    while units > 0, index < range.upperBound {
      let length = Self.sequenceLength(bytes[index])
      let width: Int
      switch encoding {
      case .utf8: width = length
      case .utf16: width = length == 4 ? 2 : 1
      case .utf32: width = 1
      }
      if width > units { break }
      units -= width
      index = min(range.upperBound, index + length)
    }
    return index
  }

  /// The position of a byte offset (clamped to the text).
  func position(ofOffset offset: Int, _ encoding: PositionEncoding) -> Position {
    let offset = min(max(0, offset), bytes.count)
    let line = line(ofOffset: offset)
    var character = 0
    var index = lineStarts[line]
    while index < offset {
      let length = Self.sequenceLength(bytes[index])
      switch encoding {
      case .utf8: character += min(length, offset - index)
      case .utf16: character += length == 4 ? 2 : 1
      case .utf32: character += 1
      }
      index += length
    }
    return Position(line: line, character: character)
  }

  /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation).
  @inline(__always)
  static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }

  /// Replaces a byte range with new bytes. The line starts before the change are kept,
  /// those around it found again (a CR before it may now pair with an LF in it), and
  /// those after it shifted: no rescan of the whole text.
  mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
    let lower = min(max(0, range.lowerBound), bytes.count)
    let upper = min(max(lower, range.upperBound), bytes.count)
    bytes.replaceSubrange(lower..<upper, with: replacement)
    let delta = replacement.count - (upper - lower)
    // New breaks can only begin in [scanStart, scanEnd): from the byte before the change
    // to the first byte after it.
    let scanStart = max(0, lower - 1)
    let scanEnd = min(bytes.count, lower + replacement.count + 1)
    var starts = Array(lineStarts[...line(ofOffset: scanStart)])
    bytes.withUnsafeBufferPointer { buffer in
      var index = scanStart
      while index < scanEnd {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          starts.append(index)
        } else if byte == 0x0D {
          if index < buffer.count, buffer[index] == 0x0A { index += 1 }
          starts.append(index)
        }
      }
    }
    // Old starts whose break begins at or after scanEnd in the new text, shifted.
    let last = starts[starts.count - 1]
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] + delta - 1 >= scanEnd { high = middle } else { low = middle + 1 }
    }
    starts.reserveCapacity(starts.count + lineStarts.count - low)
    for old in lineStarts[low...] where old + delta > last { starts.append(old + delta) }
    lineStarts = starts
  }
}
