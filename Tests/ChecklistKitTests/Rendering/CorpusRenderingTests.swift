import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// On every real file of `Tests/Corpus`, `fmt`, `add` (to every list) and `check` (of
/// every item) keep what GitHub renders, apart from their target.
@Suite("The real-world corpus keeps its rendering")
struct CorpusRenderingTests {
  static let day = Checklist.Day(year: 2024, month: 5, day: 6)

  @Test func corpusIsThere() {
    #expect(Corpus.files.count >= 390)
    #expect(Corpus.files.filter { $0.text == nil }.map(\.name).count == 1)
  }

  @Test func formatEditAndCheckEveryFile() throws {
    guard let oracle = RenderingOracle.forTest("rendering on the real-world corpus") else {
      return
    }
    var cases: [(file: String, command: String, case: RenderingOracle.Case)] = []
    var refused: [String: [String]] = [:]
    for file in Corpus.files {
      guard let text = file.text else { continue }
      var document = try ChecklistDocument(parsing: text)
      document.idGenerator = .seeded(1)
      let formatted = String(decoding: ChecklistFormatter().format(document), as: UTF8.self)
      cases.append((file.name, "fmt", RenderingOracle.Case(before: text, after: formatted)))
      for list in document.lists {
        var copy = document
        let reference: ListReference = list.line.map { .line($0) } ?? .unnamed
        do {
          let id = try copy.addItem(named: "new item", at: .end(of: reference))
          cases.append(
            (
              file.name, "add",
              RenderingOracle.Case(
                before: text, after: copy.text, afterDrop: copy.itemLines(withID: id))
            ))
        } catch {
          refused[file.name, default: []].append("add to line \(list.line ?? 0): \(error)")
        }
      }
      for item in document.items {
        var copy = document
        do {
          try copy.check(.line(item.line), on: Self.day)
          cases.append(
            (
              file.name, "check",
              RenderingOracle.Case(
                before: text, after: copy.text, beforeMask: [item.line], afterMask: [item.line])
            ))
        } catch {
          refused[file.name, default: []].append("check line \(item.line): \(error)")
        }
      }
    }
    let verdicts = try oracle.compare(cases.map(\.case))
    let failures = zip(cases, verdicts).filter { !$1.same }
    RenderingOracle.dump(failures.map { ($0.0.case, $0.1) }, name: "corpus")
    var changed: [String: Set<String>] = [:]
    for (entry, _) in failures { changed[entry.command, default: []].insert(entry.file) }
    print(
      "corpus rendering: \(cases.count) runs on \(Corpus.files.count) files; changed: "
        + ["fmt", "add", "check"].map { "\($0) \(changed[$0]?.count ?? 0)" }.joined(separator: ", ")
        + "; refused in \(refused.count) files")
    for (file, reasons) in refused.sorted(by: { $0.key < $1.key }) {
      print("  refused in \(file): \(reasons.joined(separator: "; "))")
    }
    for (command, files) in changed.sorted(by: { $0.key < $1.key }) {
      Issue.record("\(command) changed the rendering of \(files.sorted())")
    }
  }
}
