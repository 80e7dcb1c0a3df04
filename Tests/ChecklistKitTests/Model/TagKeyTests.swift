import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The known tags are declared once; what reads them follows the declaration.
@Suite("Known tag keys")
struct TagKeyTests {
  @Test func keysAreFoundByName() {
    #expect(ChecklistTag.Key.known.map(\.name) == ["id", "done", "due", "icon", "every", "remind"])
    for key in ChecklistTag.Key.known {
      #expect(ChecklistTag.Key.named(key.name) == key)
      #expect(ChecklistTag.Key.known[key.index] == key)
    }
    #expect(ChecklistTag.Key.named("idx") == nil)
    #expect(ChecklistTag.Key.named("") == nil)
  }

  @Test func valuesFollowTheirGrammar() {
    #expect(ChecklistTag.Key.id.accepts("k3f9"))
    #expect(!ChecklistTag.Key.id.accepts("k 3"))
    #expect(ChecklistTag.Key.done.accepts("2024-02-29"))
    #expect(!ChecklistTag.Key.due.accepts("2023-02-29"))
    #expect(ChecklistTag.Key.icon.accepts("🛒 cart"))
    // Every grammar: moments, recurrences and reminders too (a generated mutant that
    // turned the reminder check round went unnoticed).
    #expect(ChecklistTag.Key.due.accepts("2024-02-29 09:30"))
    #expect(!ChecklistTag.Key.due.accepts("2024-02-29 25:00"))
    #expect(ChecklistTag.Key.every.accepts("2 weeks"))
    #expect(!ChecklistTag.Key.every.accepts("fortnightly-ish"))
    #expect(ChecklistTag.Key.remind.accepts("30 minutes before"))
    #expect(ChecklistTag.Key.remind.accepts("off"))
    #expect(!ChecklistTag.Key.remind.accepts("soon"))
  }

  /// An ID is 1 to 32 of `A-Z a-z 0-9 _ -` (checklist(5)): every ASCII byte in the
  /// middle of one, against that sentence (`[` and `{` sit right after `Z` and `z`).
  @Test func idsTakeLettersDigitsDashesAndUnderscoresOnly() {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)
    for byte in UInt8(0x20)..<0x7F {
      let id = "a" + String(UnicodeScalar(byte)) + "b"
      #expect(ChecklistDocument.isValidID(id) == allowed.contains(byte), "\(id)")
    }
    #expect(ChecklistDocument.isValidID(String(repeating: "a", count: 32)))
    #expect(!ChecklistDocument.isValidID(String(repeating: "a", count: 33)))
    #expect(!ChecklistDocument.isValidID(""))
  }

  /// A value with `(`, `)` or `\` reads back as written once escaped, a value that
  /// ends in a backslash included (unescaped, it would escape the closing parenthesis).
  @Test func escapedValuesReadBackAsWritten() throws {
    for icon in ["dir\\", "a\\b", "(x)", "\\)", "plain"] {
      var document = try TestSupport.document("## List\n\n- [ ] a\n")
      try document.setIcon(icon, of: .line(1))
      let reread = try ChecklistDocument(parsing: document.serialized())
      #expect(reread.listFields(atLine: 1)?.icon == icon, "\(icon.debugDescription)")
    }
    #expect(ChecklistTag.escape("dir\\") == "dir\\\\")
  }

  /// `duplicate-tag` covers exactly the known keys, whatever their length.
  @Test(arguments: ChecklistTag.Key.known)
  func everyKnownKeyTwiceIsADuplicate(_ key: ChecklistTag.Key) throws {
    let value = key.value == .day ? "2024-01-01" : key.value == .identifier ? "a1" : "x"
    let tag = "@\(key.name)(\(value))"
    let line = key.isForItems ? "- [x] item  \(tag)  \(tag)\n" : "## List  \(tag)  \(tag)\n"
    let document = try TestSupport.document(line)
    let findings = ChecklistLinter(configuration: LintConfiguration(today: .today()))
      .lint(document).filter { $0.rule == .duplicateTag }
    #expect(
      findings.map(\.message) == [
        "@\(key.name) appears more than once on this line ('\(tag)'); keep one"
      ])
  }

  @Test func anUnknownKeyTwiceIsNotADuplicate() throws {
    let document = try TestSupport.document("- [ ] item  @someday  @someday\n")
    let findings = ChecklistLinter(configuration: LintConfiguration(today: .today())).lint(document)
    #expect(findings.isEmpty)
  }

  @Test func itemValuesReadTheKnownTags() throws {
    let document = try TestSupport.document(
      "## L  @icon(cart)  @id(l1)\n- [x] a  @due(2024-02-01)  @done(2024-01-02)  @id(k3)\n")
    let list = try #require(document.lists.first)
    #expect(list.icon == "cart")
    #expect(list.id == "l1")
    let item = try #require(list.items.first)
    #expect(item.id == "k3")
    #expect(item.doneDate == CalendarDay(year: 2024, month: 1, day: 2))
    #expect(item.dueDate == CalendarDay(year: 2024, month: 2, day: 1))
    #expect(item.tagValue(.due) == "2024-02-01")
  }
}
