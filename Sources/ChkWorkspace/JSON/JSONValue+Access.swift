/// Reading members of a parsed value, writing a value back as JSON text, and literals
/// for building one: what a JSON-RPC peer (the language server) needs.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
  package init(nilLiteral: ()) { self = .null }

  /// A number from an integer.
  package static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// The member named `key` of an object (the first, if repeated); `nil` otherwise.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, if this is one.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as an integer, if this is an integral number in `Int`'s range.
  package var intValue: Int? {
    guard case .number(let value) = self, value == value.rounded(),
      abs(value) < 9_007_199_254_740_992
    else { return nil }
    return Int(value)
  }

  /// The boolean, if this is one.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Whether this is an object.
  package var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// The value as compact JSON text (RFC 8259): members in their order, integral
  /// numbers without a fraction, strings escaped as `JSONWriter` escapes them.
  package var serialized: [UInt8] {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.bytes
  }

  private func write(to writer: inout JSONWriter) {
    switch self {
    case .object(let members):
      writer.beginObject()
      for (key, value) in members {
        writer.key(key)
        value.write(to: &writer)
      }
      writer.endObject()
    case .array(let elements):
      writer.beginArray()
      for element in elements { element.write(to: &writer) }
      writer.endArray()
    case .string(let value): writer.string(value)
    case .number(let value):
      if let integer = intValue {
        writer.number(integer)
      } else {
        writer.raw(value.isFinite ? Array("\(value)".utf8) : Array("null".utf8))
      }
    case .bool(let value): writer.bool(value)
    case .null: writer.string(nil)
    case .raw(let bytes): writer.raw(bytes)
    }
  }
}
