import ChkTestSupport
import Testing

@testable import ChkWorkspace

/// The JSON reader and the iCalendar text escaping, at their edges.
@Suite("JSON and iCalendar text")
struct TextFormatTests {
  /// A value that ends the input, and escapes that make one character of two.
  @Test func jsonValuesAtTheEdges() throws {
    #expect(try JSONValue.parse(Array("12".utf8)) == .number(12))
    #expect(try JSONValue.parse(Array("1.5e3".utf8)) == .number(1500))
    #expect(try JSONValue.parse(Array(#""\ud83d\ude00 \u00e9""#.utf8)) == .string("😀 é"))
    #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array("1e".utf8)) }
  }

  /// The JSON writer's test for bytes that need an escape, eight at a time, against the
  /// same test a byte at a time: random bytes, with every byte value in every place of
  /// a word.
  @Test func escapesAreFoundInEveryPlaceOfAWord() {
    var random = TestRandom(seed: 44)
    for _ in 0..<3_000 {
      let count = random.int(0...40)
      var bytes = (0..<count).map { _ in UInt8(random.int(0x20...0xFF)) }
      if !bytes.isEmpty, random.chance(0.5) {
        bytes[random.int(0...(count - 1))] = UInt8(random.int(0...255))
      }
      let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
      #expect(bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) } == expected, "\(bytes)")
    }
    for value in 0...255 {
      for place in 0..<16 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
        bytes[place] = UInt8(value)
        let expected = value < 0x20 || value == 0x22 || value == 0x5C || value == 0x7F
        #expect(bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) } == expected)
      }
    }
  }

  /// Output for a terminal keeps its line breaks (LF, and the CR of a CRLF) and shows
  /// every other control character; one-line messages show the breaks too.
  @Test func visibleTextKeepsLinesOnlyWhereLinesAreMeant() {
    #expect(Visible.text("a\nb\r\nc\rd\te\u{1B}", .lines) == "a\nb\r\nc^Md\te^[")
    #expect(Visible.text("a\nb\r\nc", .oneLine) == "a^Jb^M^Jc")
    // The Arabic letter mark and the line and paragraph separators, beside the Arabic
    // letters and the other punctuation of their UTF-8 lead bytes, which stay.
    #expect(
      Visible.text("\u{061C}\u{0628}a\u{2028}b\u{2029}c\u{2027}\u{202F}\u{2014}", .lines)
        == "<U+061C>\u{0628}a<U+2028>b<U+2029>c\u{2027}\u{202F}\u{2014}")
  }

  /// Terminal columns at the edges of the wide ranges: the first and last Hangul
  /// syllables, a CJK ideograph, and the narrow character after the syllables.
  @Test func widthsAtTheEdgesOfWideRanges() {
    #expect(TextWidth.of("\u{AC00}") == 2)
    #expect(TextWidth.of("\u{D7A3}") == 2)
    #expect(TextWidth.of("\u{D7B0}") == 1)
    #expect(TextWidth.of("漢a") == 3)
  }

  /// Widths read from bytes decode them as Swift does: random bytes, well-formed and
  /// not (each ill-formed sequence is one U+FFFD), are as wide as their scalars, each
  /// measured alone.
  @Test func widthsOfBytesAreTheWidthsOfTheirScalars() {
    var random = TestRandom(seed: 2027)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("ï".utf8), Array("日本".utf8), Array("🛒".utf8), Array("e\u{301}".utf8),
      Array("\u{1F1E9}\u{1F1EA}".utf8), [0x09], [0x7F], [0xC0, 0xAF], [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF], [0xF0, 0x9F],
    ]
    for _ in 0..<2_000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.int(0...6) {
        bytes += random.chance(0.2) ? [UInt8(random.int(0...255))] : random.pick(pieces)
      }
      let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
      let expected = scalars.reduce(0) { $0 + TextWidth.of(String($1)) }
      #expect(TextWidth.of(bytes[...]) == expected, "\(bytes)")
      #expect(TextWidth.of(String(decoding: bytes, as: UTF8.self)) == expected, "\(bytes)")
    }
  }

  /// RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks (CRLF, LF or CR,
  /// each one `\n`) are escaped; other text is kept.
  @Test func icalendarTextEscapes() {
    #expect(ICalendarWriter.escaped("plain text") == "plain text")
    #expect(ICalendarWriter.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
    #expect(ICalendarWriter.escaped("a\r\nb\nc\rd") == #"a\nb\nc\nd"#)
  }

  /// Control characters, which RFC 5545 allows none of in TEXT, are written visibly and
  /// counted; the tab stays, and so do the characters beside them in UTF-8.
  @Test func icalendarTextShowsControlCharacters() {
    var replaced = 0
    #expect(
      ICalendarWriter.escaped(
        "\u{0}\u{1B}\u{1F}\u{7F}\t\u{85}\u{9B}\u{A0}\u{2028}\u{2029}\u{2027}\u{2014}",
        replaced: &replaced)
        == "\u{2400}\u{241B}\u{241F}\u{2421}\t\\n\u{FFFD}\u{A0}\\n\\n\u{2027}\u{2014}")
    #expect(replaced == 8)
  }
}
