import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Completion of tags, dates, IDs and boxes.
@Suite("LSP: completion")
struct CompletionTests {
  func labels(_ session: LSPSession, _ line: Int, _ character: Int) -> [String] {
    let result = session.result("textDocument/completion", Params.at(line, character))
    return result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// Inside `@every(`, the recurrences the format reads, each one it accepts.
  @Test func completionOffersRecurrences() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Water  @due(2026-12-01)  @every(\n")
    let offered = labels(session, 0, 38)
    #expect(offered.starts(with: ["day", "week", "2 weeks", "month"]))
    #expect(offered.allSatisfy { Recurrence($0) != nil })
  }

  /// Inside `@remind(`: reminders, each one `@remind` reads.
  @Test func remindCompletesReminders() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Call  @due(2026-12-01 09:30)  @remind(\n")
    let offered = labels(session, 0, 44)
    #expect(offered.first == "09:00")
    #expect(offered.contains("30 minutes before"))
    #expect(offered.allSatisfy { Reminder($0) != nil })
  }

  @Test func completionOffersTagsDatesIDsAndBoxes() throws {
    let session = LSPSession()
    session.open(
      Params.uri, "## Week  @\n\n- [ ] Call  @\n- [ ] Pay  @due(\n- [ ] Plan  @id()\n- [\n")
    #expect(labels(session, 0, 10) == ["id", "icon"])
    #expect(labels(session, 2, 13) == ["id", "due", "every", "remind"])
    // 2026-11-30 is a Monday.
    let dates =
      session.result("textDocument/completion", Params.at(3, 16))["items"]?.arrayValue ?? []
    #expect(
      dates.compactMap { $0["label"]?.stringValue } == [
        "today", "tomorrow", "next Monday", "in a week", "end of month",
      ])
    #expect(
      dates.compactMap { $0["textEdit"]?["newText"]?.stringValue } == [
        "2026-11-30)", "2026-12-01)", "2026-12-07)", "2026-12-07)", "2026-11-30)",
      ])
    let id = session.result("textDocument/completion", Params.at(4, 16))["items"]?.arrayValue?.first
    let fresh = try #require(id?["textEdit"]?["newText"]?.stringValue)
    #expect(!fresh.hasSuffix(")"), "a ')' is there already")
    #expect(ChecklistDocument.isValidID(fresh))
    #expect(labels(session, 5, 3) == ["[ ]", "[x]"])
    #expect(labels(session, 2, 6).isEmpty, "nothing in the middle of a name")
    try session.validateTranscript("completionOffersTagsDatesIDsAndBoxes")
  }

  /// Dates filter by the word being typed ("tom") or by the date ("2026-1"): the filter
  /// text starts with what is typed, and the list is incomplete so the client asks
  /// again as the word grows.
  @Test func datesMatchTheirWordsAndTheirDigits() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Pay  @due(tom\n- [ ] Pay  @due(2026-1\n- [x] Paid  @done(yes\n")
    for (line, character, typed) in [(0, 19, "tom"), (1, 22, "2026-1"), (2, 21, "yes")] {
      let result = session.result("textDocument/completion", Params.at(line, character))
      #expect(result["isIncomplete"] == true)
      let items = result["items"]?.arrayValue ?? []
      let matching = items.filter { $0["filterText"]?.stringValue?.hasPrefix(typed) == true }
      #expect(!matching.isEmpty, "\(typed)")
      // The edit replaces what was typed.
      #expect(
        items.allSatisfy {
          $0["textEdit"]?["range"]?["start"]?["character"]?.intValue == character - typed.count
        })
    }
    let tomorrow = session.result("textDocument/completion", Params.at(0, 19))["items"]?
      .arrayValue?.first { $0["filterText"]?.stringValue?.hasPrefix("tom") == true }
    #expect(tomorrow?["textEdit"]?["newText"] == "2026-12-01)")
    try session.validateTranscript("datesMatchTheirWordsAndTheirDigits")
  }

  /// `[` with the `]` an editor paired with it: accepting `[ ]` replaces both, and the
  /// blank after it, so the line reads `- [ ] `, never `- [ ] ]`.
  @Test func aPairedBracketIsReplacedToo() throws {
    for (text, expected) in [
      ("- []\n", "- [ ] \n"), ("- [] Milk\n", "- [ ] Milk\n"), ("- [\n", "- [ ] \n"),
    ] {
      let session = LSPSession()
      session.open(Params.uri, text)
      let items = session.result("textDocument/completion", Params.at(0, 3))["items"]?.arrayValue
      let open = try #require(items?.first { $0["label"] == "[ ]" })
      #expect(session.apply([open["textEdit"] ?? .null], to: Params.uri) == expected)
    }
  }

  /// After the known keys, the keys this file uses already, in the order of the
  /// alphabet, less those the line has.
  @Test func theFilesOwnKeysComeAfterTheKnownOnes() throws {
    let session = LSPSession()
    session.open(
      Params.uri,
      "- [ ] Call  @who(ann)  @where(home)\n- [ ] Pay  @cost(10)  @\n- [ ] mail@fake(x)\n")
    let result = session.result("textDocument/completion", Params.at(1, 23))
    let labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    #expect(labels == ["id", "due", "every", "remind", "where", "who"])
  }

  /// At the very end of a buffer without a final line break (nothing after the
  /// cursor), values still come, with their `)`.
  @Test func theEndOfABufferWithoutALineBreak() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Pay  @due(")
    let items = session.result("textDocument/completion", Params.at(0, 16))["items"]?.arrayValue
    #expect(items?.first?["textEdit"]?["newText"] == "2026-11-30)")
    session.open(Params.uri, "- [")
    #expect(labels(session, 0, 3) == ["[ ]", "[x]"])
  }

  /// `@` after one blank that follows a name: each offer also puts in the second blank,
  /// so that the tag is a tag and not part of the name; after two blanks, after another
  /// tag and right after the box it puts in nothing. Checked with the linter.
  @Test func anAtAfterOneBlankGetsTheSecondBlank() throws {
    let cases: [(String, Int, String?)] = [
      ("- [ ] call @", 12, "- [ ] call  @due("),
      ("1. [x] paid\t@", 13, "1. [x] paid \t@done(2026-11-30)"),
      ("- [ ] call  @", 13, nil),
      ("- [ ] call  @due(2026-12-01) @", 30, nil),
      ("- [ ] @", 7, nil),
      ("## Week @", 9, nil),
    ]
    for (line, character, expected) in cases {
      let session = LSPSession()
      session.open(Params.uri, line + "\n")
      let items =
        session.result("textDocument/completion", Params.at(0, character))["items"]?.arrayValue
        ?? []
      #expect(!items.isEmpty, "\(line)")
      try session.validateTranscript("anAtAfterOneBlankGetsTheSecondBlank")
      let additions = items.map { $0["additionalTextEdits"] }
      guard let expected else {
        #expect(additions.allSatisfy { $0 == nil }, "\(line)")
        continue
      }
      let first = expected.contains("@due") ? "due" : "done"
      let offer = try #require(items.first { $0["label"]?.stringValue == first })
      var edits = offer["additionalTextEdits"]?.arrayValue ?? []
      edits.append(try #require(offer["textEdit"]))
      let applied = session.apply(edits, to: Params.uri)
      #expect(applied == expected + "\n", "\(line)")
      let linted = ChecklistLinter(configuration: LintConfiguration(today: LSPSession.today)).lint(
        try ChecklistDocument(
          parsing: Array(applied.replacingOccurrences(of: "(\n", with: "(2026-12-01)\n").utf8)))
      #expect(!linted.contains { $0.rule.name == "tag-in-name" }, "\(line)")
    }
  }

  /// The keys a line has are read to its end, a key without `(` at the very end too (the
  /// `@` being typed before it offers the others); boxes after a list marker of 1 to 9
  /// digits, none after 10 (no list marker).
  @Test func keysToTheLinesEndAndNumberedMarkers() throws {
    #expect(LanguageServer.tagKeys(in: Array(" @due(x) @id".utf8)) == ["due"])
    #expect(LanguageServer.tagKeys(in: Array("@done(".utf8)) == ["done"])
    let session = LSPSession()
    session.open(Params.uri, "- [ ] milk  @ @due(2026-12-01) @id\n123456789. [\n1234567890. [\n")
    let offered = labels(session, 0, 13)
    #expect(offered.contains("id") && !offered.contains("due"), "\(offered)")
    #expect(labels(session, 1, 12) == ["[ ]", "[x]"])
    #expect(labels(session, 2, 13).isEmpty)
  }
}
