/// A parsed JSON value: enough to read `.chk.json` without Foundation.
package indirect enum JSONValue: Equatable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  /// JSON text already written (a large answer written straight to bytes); never what
  /// `parse` returns.
  case raw([UInt8])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    case (.raw(let a), .raw(let b)): return a == b
    default: return false
    }
  }

  /// Why a text is not JSON: what was expected, at a 0-based byte offset.
  package struct SyntaxError: Error, Equatable {
    package var offset: Int
    package var expected: String
  }

  /// Parses a complete JSON text (RFC 8259).
  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw SyntaxError(offset: parser.index, expected: "the end")
    }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
      guard index < bytes.count, bytes[index] == byte else {
        throw SyntaxError(offset: index, expected: what)
      }
      index += 1
    }

    mutating func literal(_ text: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
      for byte in text.utf8 { try expect(byte, "'\(text)'") }
      return value
    }

    mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
      guard depth < 512, index < bytes.count else {
        throw SyntaxError(offset: index, expected: "a value")
      }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipWhitespace()
          let key = try string()
          skipWhitespace()
          try expect(UInt8(ascii: ":"), "':'")
          skipWhitespace()
          members.append((key, try value(depth: depth + 1)))
          skipWhitespace()
          if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect(UInt8(ascii: "}"), "',' or '}'")
          return .object(members)
        }
      case UInt8(ascii: "["):
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        }
        while true {
          skipWhitespace()
          elements.append(try value(depth: depth + 1))
          skipWhitespace()
          if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          try expect(UInt8(ascii: "]"), "',' or ']'")
          return .array(elements)
        }
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      default: return .number(try number())
      }
    }

    mutating func number() throws(SyntaxError) -> Double {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let digits = index
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
      guard index > digits else { throw SyntaxError(offset: start, expected: "a value") }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let fraction = index
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
        guard index > fraction else { throw SyntaxError(offset: index, expected: "a digit") }
      }
      if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        let exponent = index
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
        guard index > exponent else { throw SyntaxError(offset: index, expected: "a digit") }
      }
      return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
    }

    /// A string's bytes are gathered as UTF-8 and become a `String` once: runs without
    /// escapes are copied whole (a 5 MB document in an LSP message has an escape per
    /// line).
    mutating func string() throws(SyntaxError) -> String {
      try expect(UInt8(ascii: "\""), "a string")
      var text: [UInt8] = []
      func append(_ scalar: Unicode.Scalar) {
        text += String(scalar).utf8
      }
      while index < bytes.count {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
          bytes[end] >= 0x20
        {
          end += 1
        }
        if end > index {
          text += bytes[index..<end]
          index = end
        }
        guard index < bytes.count else { break }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { break }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
          case UInt8(ascii: "b"): text.append(0x08)
          case UInt8(ascii: "f"): text.append(0x0C)
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "r"): text.append(0x0D)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code), index + 5 < bytes.count,
              bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            {
              let save = index
              index += 2
              let low = try hex4()
              if (0xDC00...0xDFFF).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
              } else {
                // A lone high surrogate: U+FFFD, and the next escape read on its own.
                index = save
              }
            }
            append(Unicode.Scalar(code) ?? "\u{FFFD}")
          default:
            throw SyntaxError(offset: index - 1, expected: "an escape")
          }
        default:
          throw SyntaxError(offset: index - 1, expected: "no control character in a string")
        }
      }
      throw SyntaxError(offset: index, expected: "'\"'")
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard index + 4 <= bytes.count else {
        throw SyntaxError(offset: index, expected: "4 hex digits")
      }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: throw SyntaxError(offset: index, expected: "a hex digit")
        }
        value = value * 16 + digit
        index += 1
      }
      return value
    }
  }
}
