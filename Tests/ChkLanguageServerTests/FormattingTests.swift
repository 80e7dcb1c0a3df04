import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Formatting as the minimal edits to what `chk fmt` writes.
@Suite("LSP: formatting")
struct FormattingTests {
  /// The edits of `textDocument/formatting`, or of `rangeFormatting` over a range.
  static func formatting(_ session: LSPSession, range: ((Int, Int), (Int, Int))? = nil)
    -> [JSONValue]
  {
    var params: [(String, JSONValue)] = [
      ("textDocument", ["uri": .string(Params.uri)]),
      ("options", ["tabSize": 2, "insertSpaces": true]),
    ]
    guard let range else {
      return session.result("textDocument/formatting", .object(params)).arrayValue ?? []
    }
    params.append(("range", Params.range(range.0, range.1)))
    return session.result("textDocument/rangeFormatting", .object(params)).arrayValue ?? []
  }

  @Test func formattingIsMinimalEditsToFmtsOutput() throws {
    var text = "## Big list\n\n"
    for number in 0..<1_000 { text += "- [ ] item \(number)  @id(i\(number))\n" }
    text = text.replacingOccurrences(of: "- [ ] item 10  ", with: "- [X]   item 10  ")
    text = text.replacingOccurrences(
      of: "- [ ] item 900  @id(i900)\n", with: "- [ ] item 900  @id(i900)   \n")
    let session = LSPSession()
    session.open(Params.uri, text)
    let edits = Self.formatting(session)
    #expect(edits.count == 2, "one edit per changed line, not the whole document")
    let expected = try ChecklistFormatter().format(ChecklistDocument(parsing: text))
    #expect(session.apply(edits, to: Params.uri) == String(decoding: expected, as: UTF8.self))
    // Range formatting takes only the edits in the range.
    let ranged = Self.formatting(session, range: ((880, 0), (905, 3)))
    #expect(ranged.map { LSPSession.position($0["range"]?["start"]).line } == [902])
    try session.validateTranscript("formattingIsMinimalEditsToFmtsOutput")
  }

  /// A change that starts above the range but runs into it (two neighbouring lines
  /// that both need formatting make one change) is part of the range's edits; a
  /// change that ends above the range is not.
  @Test func rangeFormattingTakesChangesThatOverlapTheRange() throws {
    let session = LSPSession()
    session.open(Params.uri, "## L\n\n- [X] a\n- [ ] b\n- [X] c\n- [X]  d\n- [ ] e\n")
    let edits = Self.formatting(session, range: ((5, 2), (6, 0)))
    #expect(edits.map { LSPSession.position($0["range"]?["start"]).line } == [4])
    #expect(
      session.apply(edits, to: Params.uri)
        == "## L\n\n- [X] a\n- [ ] b\n- [x] c\n- [x] d\n- [ ] e\n")
  }

  /// Lines formatting inserts (blank lines around headings) count for a range only
  /// where they go inside it: not those above or below.
  @Test func rangeFormattingTakesOnlyTheInsertionsInTheRange() throws {
    let session = LSPSession()
    session.open(Params.uri, "## A\n- [ ] a\n## B\n- [ ] b\n")
    let all = Self.formatting(session)
    #expect(all.count == 3, "a blank line after A, before B and after B")
    let edits = Self.formatting(session, range: ((3, 0), (3, 7)))
    #expect(edits.map { LSPSession.position($0["range"]?["start"]).line } == [3])
    #expect(session.apply(edits, to: Params.uri) == "## A\n- [ ] a\n## B\n\n- [ ] b\n")
  }

  @Test func aDocumentWithoutItemsIsNotFormatted() {
    let session = LSPSession()
    session.open(Params.uri, "#   Readme\n\n\n\nSome *prose*.   \n")
    let edits = session.result(
      "textDocument/formatting",
      [
        "textDocument": ["uri": .string(Params.uri)],
        "options": ["tabSize": 2, "insertSpaces": true],
      ])
    #expect(edits == [])
  }
}
