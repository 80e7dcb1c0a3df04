import ChkTestSupport
import Testing

@testable import ChecklistKit

/// `appendItemLine`, which `list --json` writes from, against the item values the rest
/// of chk reads: every field of every item of the corpus, and a line with what the
/// values decide in a particular way (a first `@due` that is no day, an empty `@id`,
/// escapes, a `@remind` before and after a valid one).
@Suite("Model: item fields as bytes")
struct ItemBytesTests {
  static let quirks = """
    ## L

    - [ ] a \\@b \\[c\\]  @due(bad)  @due(2026-12-03 10:00)  @remind(soon)  @remind(1 hour before)  @id()  @id(x\\)y)  @every  @every(week)  # note "q"
    - [x] b  @done(2026-13-01)  @done(2026-02-02)  @Due(2026-01-01)  @due  @flag  @custom(v\\(1\\))
      - [ ] c
    """

  @Test func fieldsFromBytesAreTheItemValuesFields() throws {
    var compared = 0
    var documents = Corpus.files.compactMap { try? ChecklistDocument(parsing: $0.bytes) }
    documents.append(try ChecklistDocument(parsing: Array(Self.quirks.utf8)))
    var buffer: [UInt8] = []
    var tags: [ItemLineTag] = []
    for document in documents {
      for row in document.outline where row.kind == .item {
        let value = try #require(document.itemFields(atLine: row.line))
        buffer.removeAll()
        let fields = try #require(
          document.appendItemLine(atLine: row.line, to: &buffer, tags: &tags))
        func text(_ range: Range<Int>?) -> String? {
          range.map { String(decoding: buffer[$0], as: UTF8.self) }
        }
        #expect(text(fields.name) == value.name && fields.isChecked == value.isChecked)
        #expect(text(fields.id) == value.id && text(fields.note) == value.note)
        #expect(fields.due == value.due && fields.done == value.doneDate)
        #expect(fields.reminder == value.reminder && fields.line == value.line)
        #expect(text(fields.dueText) == value.tagValue(.due))
        #expect(text(fields.every) == value.tagValue(.every))
        let pairs = tags.map { ChecklistTag(key: text($0.key) ?? "", value: text($0.value)) }
        #expect(pairs == value.tags)
        // Without the tags: the same fields, and only their bytes appended.
        var alone: [UInt8] = []
        let plain = try #require(document.appendItemLine(atLine: row.line, to: &alone))
        func plainText(_ range: Range<Int>?) -> String? {
          range.map { String(decoding: alone[$0], as: UTF8.self) }
        }
        #expect(plainText(plain.name) == value.name && plainText(plain.id) == value.id)
        #expect(plainText(plain.every) == value.tagValue(.every) && plain.due == value.due)
        #expect(
          plainText(plain.dueText) == value.tagValue(.due) && plain.reminder == value.reminder)
        #expect(alone.count <= buffer.count)
        // From the item value: the same fields and tags as from the line.
        var fromValue: [UInt8] = []
        var valueTags: [ItemLineTag] = []
        let made = value.appendFields(to: &fromValue, tags: &valueTags)
        func madeText(_ range: Range<Int>?) -> String? {
          range.map { String(decoding: fromValue[$0], as: UTF8.self) }
        }
        #expect(madeText(made.name) == text(fields.name) && madeText(made.id) == text(fields.id))
        #expect(
          madeText(made.note) == text(fields.note) && madeText(made.every) == text(fields.every))
        #expect(madeText(made.dueText) == text(fields.dueText) && made.due == fields.due)
        #expect(made.done == fields.done && made.reminder == fields.reminder)
        #expect(made.line == fields.line && made.isChecked == fields.isChecked)
        var fieldsAlone: [UInt8] = []
        let madeAlone = value.appendFields(to: &fieldsAlone)
        #expect(fieldsAlone[madeAlone.name] == fromValue[made.name] && madeAlone.due == made.due)
        #expect(madeAlone.every.map { fieldsAlone[$0] } == made.every.map { fromValue[$0] })
        #expect(
          valueTags.map { "\(madeText($0.key) ?? "")=\(madeText($0.value) ?? "-")" }
            == tags.map { "\(text($0.key) ?? "")=\(text($0.value) ?? "-")" })
        compared += 1
      }
    }
    #expect(compared > 2_500)
    #expect(ChecklistDocument.empty.appendItemLine(atLine: 1, to: &buffer, tags: &tags) == nil)
    #expect(tags.isEmpty)
  }
}
