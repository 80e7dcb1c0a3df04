import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Random edits on generated documents: every edit either succeeds, leaving records
/// that equal a fresh parse (which checks the incremental re-parse), or throws and
/// leaves the document unchanged; single-line edits leave every other line
/// byte-identical.
@Suite("Edits: properties")
struct EditPropertyTests {
  @Test func randomEditsKeepTheDocumentConsistent() throws {
    var applied = 0
    var refused = 0
    for seed in UInt64(1)...800 {
      var generator = DocumentGenerator(seed: seed)
      var document = try ChecklistDocument(parsing: generator.document())
      document.idGenerator = .seeded(seed)
      var random = TestRandom(seed: seed &* 31)
      for step in 0..<6 {
        let before = document
        let items = document.lines.indices.filter { document.lines[$0].kind == .item }
        let headings = document.lines.indices.filter { document.lines[$0].kind == .heading }
        let item = items.isEmpty ? 1 : random.pick(items) + 1
        let other = items.isEmpty ? 1 : random.pick(items) + 1
        let list: ListReference =
          headings.isEmpty || random.chance(0.2)
          ? .unnamed
          : .name(before.lists.first { $0.line == random.pick(headings) + 1 }?.name ?? "")
        let position: ItemPosition = random.pick([
          .end(of: list), .start(of: list), .index(random.int(0...3), in: list),
          .after(.line(other)), .before(.line(other)), .under(.line(other)),
        ])
        let operation = random.int(0...12)
        let isSingleLine = operation <= 5
        do {
          switch operation {
          case 0: try document.check(.line(item), on: CalendarDay(year: 2024, month: 5, day: 6))
          case 1: try document.uncheck(.line(item))
          case 2: try document.rename(.line(item), to: generator.text())
          case 3: try document.setNote(random.chance(0.5) ? generator.text() : nil, of: .line(item))
          case 4:
            try document.setDueDate(CalendarDay(year: 2025, month: 1, day: 1), of: .line(item))
          case 5: try document.toggle(.line(item), on: nil)
          case 6: try document.deleteItem(.line(item))
          case 7: try document.addItem(named: generator.text(), at: position)
          case 8: try document.moveItem(.line(item), to: position)
          case 9: try document.addList(named: generator.text())
          case 10: try document.setIcon("x", of: list)
          case 11: try document.deleteList(list)
          default: _ = try document.assignMissingIDs()
          }
          applied += 1
        } catch {
          refused += 1
          #expect(document == before, "seed \(seed) step \(step): a refused edit changed bytes")
          continue
        }
        let context = "seed \(seed) step \(step) operation \(operation)"
        Invariants.check(document, context)
        if isSingleLine, !items.isEmpty {
          #expect(document.lineCount == before.lineCount, "\(context)")
          for index in before.lines.indices where index != item - 1 {
            #expect(
              before.content(ofLine: index) == document.content(ofLine: index)
                && before.ending(ofLine: index) == document.ending(ofLine: index),
              "\(context): line \(index + 1) changed")
          }
        }
      }
    }
    #expect(applied > 2_000)
    #expect(refused > 100)
  }
}
