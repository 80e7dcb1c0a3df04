import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer

/// What completion offers where, as a table written from chk(1)'s description of the
/// language server ("completion of tag keys after @, dates inside @done( and @due(
/// (today, tomorrow, next Monday, end of month), a new ID inside @id(, and the boxes
/// after - [") and checklist.5's tags, not from the code: each row is a line with the
/// cursor at `|` and the labels expected there.
@Suite("LSP: completion contexts")
struct CompletionContextTests {
  /// An open item takes no `@done`; a checked one does.
  static let itemKeys = ["id", "due", "every", "remind"]
  static let checkedItemKeys = ["id", "done", "due", "every", "remind"]
  static let listKeys = ["id", "icon"]
  static let dates = ["today", "tomorrow", "next Monday", "in a week", "end of month"]
  /// 2026-11-30, the session's today, is a Monday.
  static let pastDates = [
    "today", "yesterday", "last Saturday", "last Friday", "last Thursday", "last Wednesday",
    "last Tuesday",
  ]
  static let boxes = ["[ ]", "[x]"]

  struct Row: CustomTestStringConvertible, Sendable {
    var line: String
    var expected: [String]?
    /// `nil`: any non-empty list whose labels all pass `check`.
    var check: (@Sendable (String) -> Bool)?
    var testDescription: String { line }

    init(_ line: String, _ expected: [String]) {
      self.line = line
      self.expected = expected
    }

    init(_ line: String, each check: @escaping @Sendable (String) -> Bool) {
      self.line = line
      self.check = check
    }
  }

  static let rows: [Row] = [
    // Tag keys after an `@` that starts a word: after a space, two, a tab; on a heading
    // the keys lists take.
    Row("- [ ] Milk  @|", itemKeys), Row("- [ ] Milk @|", itemKeys),
    Row("- [ ] Milk\t@|", itemKeys), Row("- [ ] Milk  @d|", itemKeys),
    Row("- [x] Eggs  @|", checkedItemKeys), Row("- [X] Eggs  @|", checkedItemKeys),
    // Nothing the line has already: not a second @done or @id.
    Row("- [x] Eggs  @done(2024-01-02)  @|", ["id", "due", "every", "remind"]),
    Row("- [ ] Milk  @id(k3f9)  @|", ["due", "every", "remind"]),
    Row("- [ ] Milk  @| @due(2024-01-02)", ["id", "every", "remind"]),
    Row("## Groceries  @icon(cart)  @|", ["id"]),
    Row("1. [ ] One  @|", itemKeys),
    Row("    - [ ] Deep  @|", itemKeys), Row("- [ ] 😋 Pie  @|", itemKeys),
    Row("## Groceries  @|", listKeys), Row("# Title @|", listKeys),
    // An `@` inside a word, a link, a code span or right after a closed tag starts no tag.
    Row("- [ ] mail@|", []), Row("- [ ] see [@|", []), Row("- [ ] `@|", []),
    Row("- [ ] Milk  @due(2024-01-02)@|", []), Row("- [ ] a  (@|", []),
    // Values: dates inside @done( and @due(, one new ID inside @id(, recurrences and
    // reminders inside @every( and @remind(; nothing in an unknown key's value.
    Row("- [ ] Pay  @due(|", dates), Row("- [x] Paid  @done(|", pastDates),
    Row("- [ ] Pay  @due(20|", dates), Row("* [ ] Pay\t@due(|", dates),
    Row("- [ ] Plan  @id(|", each: { ChecklistDocument.isValidID($0) }),
    Row("- [ ] Water  @due(2024-01-01)  @every(|", each: { Recurrence($0) != nil }),
    Row("- [ ] Call  @due(2024-01-01)  @remind(|", each: { Reminder($0) != nil }),
    Row("- [ ] Pay  @price(|", []), Row("- [ ] Pay  @due(2024-01-02) |", []),
    // Boxes after `- [` (and the other four markers) at the start of a line, indented or
    // not; nowhere else.
    Row("- [|", boxes), Row("* [|", boxes), Row("+ [|", boxes), Row("1. [|", boxes),
    Row("1) [|", boxes), Row("  - [|", boxes), Row("\t- [|", boxes), Row("-[|", []),
    Row("a - [|", []), Row("- [ ] see [|", []), Row("> - [|", []),
    // The middle of a name or plain text offers nothing.
    Row("- [ ] Mi|lk", []), Row("plain text|", []), Row("|", []),
  ]

  @Test(arguments: rows)
  func offers(_ row: Row) throws {
    let session = LSPSession()
    let cursor = try #require(row.line.firstIndex(of: "|"))
    let text = row.line.replacingOccurrences(of: "|", with: "") + "\n"
    session.open(Params.uri, text)
    let character = row.line[..<cursor].utf16.count
    let result = session.result("textDocument/completion", Params.at(0, character))
    let labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    if let expected = row.expected {
      #expect(labels == expected)
    } else if let check = row.check {
      #expect(!labels.isEmpty)
      #expect(labels.allSatisfy(check), "\(labels)")
    }
  }
}
