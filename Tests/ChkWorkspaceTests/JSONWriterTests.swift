import Foundation
import Testing

@testable import ChkWorkspace

/// The JSON writer's values, read back by Foundation's parser: numbers written digit by
/// digit, strings from bytes with every character JSON must escape, literal keys, and
/// the commas of nested objects and arrays.
@Suite("JSON writer")
struct JSONWriterTests {
  @Test func whatItWritesParsesBack() throws {
    var json = JSONWriter()
    json.beginObject()
    json.key(literal: #""n":"#)
    json.beginArray()
    for number in [0, 7, 10, 1_234_567, -5, Int.max] { json.number(number) }
    json.number(nil)
    json.endArray()
    let text = Array("q\"b\\\n\r\t\u{1}\u{7F}é😀".utf8)
    text.withUnsafeBufferPointer { json.field(literal: #""s":"#, bytes: $0) }
    json.field(literal: #""none":"#, bytes: nil)
    json.key(literal: #""d":"#)
    json.string { $0 += Array("2024-01-02".utf8) }
    json.field("plain", "x")
    json.key(literal: #""o":"#)
    json.beginArray()
    json.beginObject()
    json.endObject()
    json.beginObject()
    json.field("a", true)
    json.endObject()
    json.endArray()
    json.endObject()
    let value = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any]
    let numbers = value?["n"] as? [Any]
    #expect(numbers?.prefix(6).compactMap { $0 as? Int } == [0, 7, 10, 1_234_567, -5, Int.max])
    #expect(numbers?.last is NSNull)
    #expect(value?["s"] as? String == "q\"b\\\n\r\t\u{1}\u{7F}é😀")
    #expect(value?["none"] is NSNull)
    #expect(value?["d"] as? String == "2024-01-02" && value?["plain"] as? String == "x")
    #expect((value?["o"] as? [[String: Any]])?.count == 2)
    #expect(String(decoding: json.bytes, as: UTF8.self).contains(#"\t\u0001\u007f"#))
  }
}
