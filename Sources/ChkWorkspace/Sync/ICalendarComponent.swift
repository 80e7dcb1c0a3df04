import ChecklistKit

/// An iCalendar object (RFC 5545) as read from a file, for `chk sync`: its components
/// and content lines, each with the bytes it was read from, so that what chk does not
/// own is written back byte for byte.
package struct ICalendarComponent: Sendable {
  /// One content line, unfolded.
  package struct Property: Sendable {
    /// The name, upper case.
    package var name: String
    /// The parameters, names upper case, values without their quotes.
    package var parameters: [(name: String, value: String)]
    /// The value as written (TEXT still escaped).
    package var value: String
    /// The bytes the line was read from: its folded lines and their line breaks.
    package var raw: ArraySlice<UInt8>

    /// The value of the parameter `name` (upper case), if it is there.
    package func parameter(_ name: String) -> String? {
      parameters.first { $0.name == name }?.value
    }

    /// The value read as TEXT: `\n`, `\,`, `\;` and `\\` unescaped.
    package var text: String {
      guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
      var result = ""
      var escaping = false
      for character in value {
        if escaping {
          result.append(character == "n" || character == "N" ? "\n" : character)
          escaping = false
        } else if character == "\\" {
          escaping = true
        } else {
          result.append(character)
        }
      }
      return result
    }
  }

  /// The name, upper case: `VCALENDAR`, `VTODO`, `VALARM`.
  package var name: String
  /// The content lines between `BEGIN` and `END`, in order, sub-components left out.
  package var properties: [Property] = []
  /// The sub-components, in order.
  package var components: [ICalendarComponent] = []
  /// The bytes from `BEGIN` to `END`, both lines included.
  package var raw: ArraySlice<UInt8> = []

  /// The first property named `name` (upper case).
  package func property(_ name: String) -> Property? {
    properties.first { $0.name == name }
  }

  /// Why a file is not an iCalendar object chk can read.
  package struct ReadError: Error, Sendable, Equatable {
    /// What is wrong, and where: `line 3: ...`.
    package var reason: String
  }

  /// Reads an iCalendar object: the `VCALENDAR` component the bytes hold.
  ///
  /// - Complexity: O(n) in the number of bytes.
  /// - Throws: `ReadError` for bytes that are not UTF-8, a line that is not a content
  ///   line, components that do not nest, or anything but one `VCALENDAR`.
  package static func read(_ bytes: [UInt8]) throws(ReadError) -> ICalendarComponent {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw ReadError(reason: "not UTF-8 text")
    }
    var stack: [ICalendarComponent] = []
    var starts: [Int] = []
    var result: ICalendarComponent?
    var lineNumber = 0
    var index = 0
    while index < bytes.count {
      // A logical line: a physical line and those after it that start with a space or
      // a tab (RFC 5545 3.1).
      let start = index
      let firstLine = lineNumber + 1
      var content: [UInt8] = []
      repeat {
        var end = index
        while end < bytes.count, bytes[end] != 10 { end += 1 }
        let next = min(end + 1, bytes.count)
        let textEnd = end > index && bytes[end - 1] == 13 ? end - 1 : end
        let from = index == start ? index : index + 1
        if from < textEnd { content.append(contentsOf: bytes[from..<textEnd]) }
        lineNumber += 1
        index = next
      } while index < bytes.count && (bytes[index] == 32 || bytes[index] == 9)
      let raw = bytes[start..<index]
      if content.isEmpty { continue }
      guard let property = parse(content, raw: raw) else {
        throw ReadError(reason: "line \(firstLine): not a content line (NAME:VALUE)")
      }
      switch property.name {
      case "BEGIN":
        if result != nil { throw ReadError(reason: "line \(firstLine): more after END:VCALENDAR") }
        stack.append(ICalendarComponent(name: property.value.uppercased()))
        starts.append(start)
      case "END":
        guard var component = stack.popLast(), let from = starts.popLast(),
          component.name == property.value.uppercased()
        else {
          throw ReadError(reason: "line \(firstLine): END:\(property.value) ends no component")
        }
        component.raw = bytes[from..<index]
        if stack.isEmpty {
          result = component
        } else {
          stack[stack.count - 1].components.append(component)
        }
      default:
        guard !stack.isEmpty else {
          throw ReadError(reason: "line \(firstLine): a property outside BEGIN:VCALENDAR")
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    guard stack.isEmpty else {
      throw ReadError(reason: "BEGIN:\(stack[stack.count - 1].name) is never ended")
    }
    guard let result, result.name == "VCALENDAR" else {
      throw ReadError(reason: "no BEGIN:VCALENDAR")
    }
    return result
  }

  /// A content line's name, parameters and value; `nil` when it has no name or no colon.
  private static func parse(_ line: [UInt8], raw: ArraySlice<UInt8>) -> Property? {
    var index = 0
    func isNameByte(_ byte: UInt8) -> Bool {
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }
    while index < line.count, isNameByte(line[index]) { index += 1 }
    guard index > 0, index < line.count else { return nil }
    let name = String(decoding: line[..<index], as: UTF8.self).uppercased()
    var parameters: [(name: String, value: String)] = []
    while index < line.count, line[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < line.count, isNameByte(line[index]) { index += 1 }
      let parameterName = String(decoding: line[nameStart..<index], as: UTF8.self).uppercased()
      guard index < line.count, line[index] == UInt8(ascii: "=") else { return nil }
      index += 1
      var values: [String] = []
      repeat {
        if values.count > 0 { index += 1 }
        var value: [UInt8] = []
        if index < line.count, line[index] == UInt8(ascii: "\"") {
          index += 1
          while index < line.count, line[index] != UInt8(ascii: "\"") {
            value.append(line[index])
            index += 1
          }
          guard index < line.count else { return nil }
          index += 1
        } else {
          while index < line.count, line[index] != UInt8(ascii: ";"),
            line[index] != UInt8(ascii: ":"), line[index] != UInt8(ascii: ",")
          {
            value.append(line[index])
            index += 1
          }
        }
        values.append(String(decoding: value, as: UTF8.self))
      } while index < line.count && line[index] == UInt8(ascii: ",")
      parameters.append((parameterName, values.joined(separator: ",")))
    }
    guard index < line.count, line[index] == UInt8(ascii: ":") else { return nil }
    let value = String(decoding: line[(index + 1)...], as: UTF8.self)
    return Property(name: name, parameters: parameters, value: value, raw: raw)
  }
}
