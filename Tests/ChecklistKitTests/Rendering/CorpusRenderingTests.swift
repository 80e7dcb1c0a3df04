import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// On every file of `Tests/Corpus`, `fmt` and every kind of edit keep what GitHub
/// renders, apart from their target: `fmt`, `add` to every list and `check` of every
/// item; the other item edits (uncheck, toggle, rename, note, due, ID, rm, add after and
/// under, mv) on four items spread through the file; list-rename, list-icon and list-rm
/// on three headings; list-add, archive, add at a list's start and end, and `lint --fix`
/// on the whole file.
@Suite("The real-world corpus keeps its rendering")
struct CorpusRenderingTests {
  static let day = CalendarDay(year: 2024, month: 5, day: 6)

  @Test func corpusIsThere() {
    #expect(Corpus.files.count >= 390)
    #expect(Corpus.files.filter { $0.text == nil }.map(\.name).count == 1)
  }

  /// Up to `count` values spread evenly through `values`.
  static func spread<T>(_ values: [T], _ count: Int) -> [T] {
    guard values.count > count else { return values }
    return (0..<count).map { values[$0 * values.count / count] }
  }

  /// The edits tried on one file.
  static func edits(of document: ChecklistDocument) -> [EditRenderingTests.Edit] {
    typealias Edit = EditRenderingTests.Edit
    var edits = [
      Edit(name: "fmt") { document in
        let before = document
        document = try ChecklistDocument(parsing: ChecklistFormatter().format(document))
        return RenderingOracle.Case(before: before.text, after: document.text)
      }
    ]
    for list in document.lists {
      let reference: ListReference = list.line.map { .line($0) } ?? .unnamed
      edits.append(
        Edit(name: "add") { document in
          let before = document
          let id = try document.addItem(named: "new item", at: .end(of: reference))
          return RenderingOracle.Case(
            before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
        })
    }
    let items = document.items.map(\.line)
    for line in items {
      edits.append(
        Edit(name: "check") { document in
          let before = document
          try document.check(.line(line), on: day)
          return RenderingOracle.Case(
            before: before.text, after: document.text, beforeMask: [line], afterMask: [line])
        })
    }
    var random = TestRandom(seed: UInt64(items.count) &+ 1)
    for line in spread(items, 4) {
      edits += EditRenderingTests.itemEdits(line, &random).filter { $0.name != "check" }
    }
    for heading in spread(document.lists.compactMap(\.line), 3) {
      edits += EditRenderingTests.listEdits(heading)
    }
    return edits + EditRenderingTests.documentEdits()
  }

  @Test func formatAndEditEveryFile() throws {
    guard let oracle = try RenderingOracle.forTest("rendering on the real-world corpus") else {
      return
    }
    var cases: [(file: String, edit: String, case: RenderingOracle.Case)] = []
    var refused: [String: [String]] = [:]
    for file in Corpus.files {
      guard let text = file.text else { continue }
      var document = try ChecklistDocument(parsing: text)
      document.idGenerator = .seeded(1)
      for edit in Self.edits(of: document) {
        var copy = document
        do {
          if let testCase = try edit.apply(&copy) { cases.append((file.name, edit.name, testCase)) }
        } catch {
          refused[file.name, default: []].append("\(edit.name): \(error)")
        }
      }
    }
    let verdicts = try oracle.compare(cases.map(\.case))
    let failures = zip(cases, verdicts).filter { !$1.same }
    RenderingOracle.dump(failures.map { ($0.0.case, $0.1) }, name: "corpus")
    var changed: [String: Set<String>] = [:]
    var runs: [String: Int] = [:]
    for entry in cases { runs[entry.edit, default: 0] += 1 }
    for (entry, _) in failures { changed[entry.edit, default: []].insert(entry.file) }
    print(
      "corpus rendering: \(cases.count) runs on \(Corpus.files.count) files; "
        + "files whose rendering changed, by edit (runs): "
        + runs.keys.sorted().map { "\($0) \(changed[$0]?.count ?? 0) (\(runs[$0] ?? 0))" }
        .joined(separator: ", ")
        + "; refusals in \(refused.count) files")
    for (file, reasons) in refused.sorted(by: { $0.key < $1.key }) {
      print("  refused in \(file): \(reasons.joined(separator: "; "))")
    }
    for (edit, files) in changed.sorted(by: { $0.key < $1.key }) {
      Issue.record("\(edit) changed the rendering of \(files.sorted())")
    }
    #expect(runs.count == 23)
  }
}
