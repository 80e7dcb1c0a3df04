import ChecklistKit
import ChkTestSupport
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// The server's copy of a buffer follows the client's through random incremental
/// edits, in every encoding, across CRLF, lone CR and text beyond ASCII.
@Suite("LSP: text and positions")
struct TextBufferTests {
  static let pieces = [
    "a", "b", " ", "\n", "\r\n", "\r", "é", "😀", "中", "- [ ] ", "@id(x)", "\u{FEFF}", "👩‍👩‍👧",
  ]

  @Test(arguments: ["utf-16", "utf-8", "utf-32"])
  func randomIncrementalEditsKeepServerAndClientEqual(_ encoding: String) throws {
    var random = TestRandom(seed: 1_511)
    let session = LSPSession(encodings: [encoding])
    let server = session.server
    // utf-32 is not negotiated (UTF-8 is preferred, UTF-16 is the fallback); the
    // conversion is there, and is tested by setting it.
    server.encoding = PositionEncoding(rawValue: encoding) ?? .utf16
    session.encoding = encoding
    let uri = "file:///r.md"
    session.open(uri, "- [ ] one\r\n- [ ] two 😀\rthree\n")
    for step in 0..<600 {
      let text = session.texts[uri] ?? ""
      let lines = text.split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\r" || $0 == "\r\n"
      }
      func randomPosition() -> Position {
        let line = random.int(0...lines.count)
        let characters = line < lines.count ? lines[line].unicodeScalars.count * 2 : 3
        return Position(line: line, character: random.int(0...characters))
      }
      var start = randomPosition()
      var end = randomPosition()
      if (end.line, end.character) < (start.line, start.character) { swap(&start, &end) }
      let insert = (0..<random.int(0...3)).map { _ in random.pick(Self.pieces) }.joined()
      session.change(uri, (start, end), insert)
      let held = server.documents[uri]?.bytes ?? []
      #expect(held == Array((session.texts[uri] ?? "").utf8), "step \(step), seed \(random.seed)")
      #expect(
        server.documents[uri]?.buffer.lineStarts == TextBuffer.lineStarts(of: held),
        "step \(step): line starts")
      if held != Array((session.texts[uri] ?? "").utf8) { break }
    }
  }

  @Test func positionsAndOffsetsConvertBothWays() {
    let buffer = TextBuffer(Array("a😀b\r\nxé\rz".utf8))
    #expect(buffer.lineStarts == [0, 8, 12])
    #expect(buffer.offset(of: Position(line: 0, character: 3), .utf16) == 5)
    #expect(
      buffer.offset(of: Position(line: 0, character: 2), .utf16) == 1, "inside a pair: its start")
    #expect(buffer.offset(of: Position(line: 0, character: 5), .utf8) == 5)
    #expect(buffer.offset(of: Position(line: 0, character: 2), .utf32) == 5)
    #expect(
      buffer.offset(of: Position(line: 0, character: 99), .utf16) == 6, "past the end of the line")
    #expect(buffer.offset(of: Position(line: 9, character: 0), .utf16) == 13, "past the last line")
    #expect(buffer.position(ofOffset: 5, .utf16) == Position(line: 0, character: 3))
    #expect(buffer.position(ofOffset: 11, .utf16) == Position(line: 1, character: 2))
    #expect(buffer.position(ofOffset: 11, .utf8) == Position(line: 1, character: 3))
  }

  @Test func dayArithmetic() throws {
    let day = try #require(CalendarDay(year: 2024, month: 2, day: 28))
    #expect(day.adding(days: 1)?.description == "2024-02-29")
    #expect(day.adding(days: 2)?.description == "2024-03-01")
    #expect(day.adding(days: -59)?.description == "2023-12-31")
    #expect(day.adding(days: 365 * 8000) == nil)
    #expect(CalendarDay(year: 1970, month: 1, day: 1)?.dayNumber == 0)
    #expect(CalendarDay(year: 2026, month: 11, day: 30)?.weekday == 1)
    #expect(CalendarDay(year: 2026, month: 11, day: 29)?.weekday == 7)
    #expect(CalendarDay(year: 2023, month: 2, day: 10)?.endOfMonth.description == "2023-02-28")
    // Every day of 400 years round-trips through its number.
    var current = try #require(CalendarDay(year: 1900, month: 1, day: 1))
    for _ in 0..<146_097 {
      let next = try #require(current.adding(days: 1))
      #expect(next.dayNumber == current.dayNumber + 1)
      #expect(current < next)
      current = next
    }
  }
}
