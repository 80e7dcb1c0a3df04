import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// Every edit changes only its target in what GitHub renders: cmark-gfm's HTML of the
/// rest of the document is the same before and after (the target item's own content
/// masked, an added, removed or moved item left out). The CLI's editing commands are
/// these library edits (check, uncheck, toggle, edit, rm, mv, add, list-rename,
/// list-icon, list-add, list-rm, archive, lint --fix); `CorpusRenderingTests` runs the
/// same edits on the real-world corpus.
@Suite("Edits keep GitHub's rendering of everything else")
struct EditRenderingTests {
  static let seed = RenderingOracle.seed(default: 7_070)
  static let count = RenderingOracle.count(default: 1_500)
  static let day = CalendarDay(year: 2024, month: 5, day: 6)

  /// One edit of a document, with what the oracle may ignore.
  struct Edit {
    var name: String
    var apply: (inout ChecklistDocument) throws -> RenderingOracle.Case?
  }

  /// The edits tried on an item line (1-based).
  static func itemEdits(_ line: Int, _ random: inout TestRandom) -> [Edit] {
    func masked(_ name: String, _ body: @escaping (inout ChecklistDocument) throws -> Void) -> Edit
    {
      Edit(name: name) { document in
        let before = document
        try body(&document)
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeMask: [line], afterMask: [line])
      }
    }
    let other = random.int(1...40)
    return [
      masked("check") { try $0.check(.line(line), on: day) },
      masked("uncheck") { try $0.uncheck(.line(line)) },
      masked("toggle") { try $0.toggle(.line(line), on: day) },
      masked("rename") { try $0.rename(.line(line), to: "renamed [x] #1  @due(2020)") },
      masked("note") { try $0.setNote("a note", of: .line(line)) },
      masked("due") { try $0.setDueDate(day, of: .line(line)) },
      // A due time and a reminder are more text on the item's line, nothing else.
      masked("due time") {
        try $0.setDue(DueMoment(day: day ?? .latest, time: ClockTime("09:30")), of: .line(line))
      },
      masked("remind") { try $0.setReminder(Reminder("30 minutes before"), of: .line(line)) },
      masked("assign an ID") { _ = try $0.assignID(to: .line(line)) },
      Edit(name: "rm") { document in
        let before = document
        try document.deleteItem(.line(line))
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeDrop: [line], loose: true)
      },
      Edit(name: "add after") { document in
        let before = document
        let id = try document.addItem(named: "new item", at: .after(.line(line)))
        return RenderingOracle.Case(
          before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
      },
      Edit(name: "add under") { document in
        let before = document
        let id = try document.addItem(named: "new item", at: .under(.line(line)))
        return RenderingOracle.Case(
          before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
      },
      Edit(name: "mv") { document in
        let id = try document.assignID(to: .line(line))
        let before = document
        guard let target = document.itemNumbers().line(ofNumber: other),
          document.lines(ownedBy: .line(line))?.contains(target) == false
        else { return nil }
        try document.moveItem(.id(id), to: .after(.line(target)))
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeDrop: [line],
          afterDrop: document.itemLines(withID: id), loose: true)
      },
    ]
  }

  /// The edits tried on the list whose heading is on `heading` (1-based).
  static func listEdits(_ heading: Int) -> [Edit] {
    func masked(_ name: String, _ body: @escaping (inout ChecklistDocument) throws -> Void) -> Edit
    {
      Edit(name: name) { document in
        let before = document
        try body(&document)
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeMask: [heading],
          afterMask: [heading])
      }
    }
    return [
      masked("list-rename") { try $0.renameList(.line(heading), to: "Renamed #1 @x  @due(y)") },
      masked("list-icon") { try $0.setIcon("star", of: .line(heading)) },
      Edit(name: "list-rm") { document in
        let before = document
        try document.deleteList(.line(heading))
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeDropSections: [heading])
      },
    ]
  }

  /// The edits tried on a whole document.
  static func documentEdits() -> [Edit] {
    [
      Edit(name: "list-add") { document in
        let before = document
        try document.addList(named: "New list", icon: "star")
        guard let line = document.lists.last?.line else { return nil }
        return RenderingOracle.Case(before: before.text, after: document.text, afterDrop: [line])
      },
      Edit(name: "archive") { document in
        guard !document.lists.contains(where: { $0.name == "Archive" }) else { return nil }
        let before = document
        let checked = document.items.filter(\.isChecked).map(\.line)
        guard try document.archiveCheckedItems(from: nil, to: "Archive") > 0,
          let line = document.lists.last?.line
        else { return nil }
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeDrop: checked,
          afterDrop: Array(line...document.lineCount), loose: true)
      },
      Edit(name: "add to the first list") { document in
        let before = document
        let list: ListReference = document.lists.first?.line.map { .line($0) } ?? .unnamed
        let id = try document.addItem(named: "new item", at: .end(of: list))
        return RenderingOracle.Case(
          before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
      },
      Edit(name: "add to the last list") { document in
        let before = document
        let list: ListReference = document.lists.last?.line.map { .line($0) } ?? .unnamed
        let id = try document.addItem(named: "new item", at: .start(of: list))
        return RenderingOracle.Case(
          before: before.text, after: document.text, afterDrop: document.itemLines(withID: id))
      },
      Edit(name: "lint --fix") { document in
        let before = document
        let linter = ChecklistLinter(configuration: LintConfiguration(today: day ?? .today()))
        let fixed = linter.findings(in: document).filter { $0.fix != nil }.map { $0.lineIndex + 1 }
        _ = try linter.fix(&document)
        return RenderingOracle.Case(
          before: before.text, after: document.text, beforeMask: fixed, afterMask: fixed)
      },
    ]
  }

  @Test func generatedDocuments() throws {
    guard let oracle = try RenderingOracle.forTest("edit rendering on generated documents") else {
      return
    }
    // Headings indented into items are left out: GitHub reads them inside the item, chk
    // as a new list (a documented difference), so removing or moving that item moves
    // them on GitHub and not for chk.
    var documents = RenderingDocuments(seed: Self.seed, indentedHeadings: false)
    var random = TestRandom(seed: Self.seed)
    var cases: [(name: String, case: RenderingOracle.Case)] = []
    var refused: [String: Int] = [:]
    for _ in 0..<Self.count {
      var document = try TestSupport.document(documents.next())
      document.idGenerator = .seeded(Self.seed)
      var edits = Self.documentEdits()
      let items = document.itemNumbers()
      if items.count > 0, let line = items.line(ofNumber: random.int(1...items.count)) {
        edits += Self.itemEdits(line, &random)
      }
      let headings = document.lists.compactMap(\.line)
      if let heading = headings.isEmpty ? nil : random.pick(headings) {
        edits += Self.listEdits(heading)
      }
      for edit in edits {
        var copy = document
        do {
          if let testCase = try edit.apply(&copy) { cases.append((edit.name, testCase)) }
        } catch is EditError {
          // A refused edit leaves the file as it was: nothing to compare.
          refused[edit.name, default: 0] += 1
          if let directory = ProcessInfo.processInfo.environment["CHK_ORACLE_DUMP"] {
            let file = directory + "/refused-" + edit.name.replacingOccurrences(of: " ", with: "-")
            let text = "=== \(edit.name)\n" + document.text + "\n"
            if let handle = FileHandle(forWritingAtPath: file) {
              handle.seekToEndOfFile()
              handle.write(Data(text.utf8))
              try? handle.close()
            } else {
              try? text.write(toFile: file, atomically: false, encoding: .utf8)
            }
          }
        }
      }
    }
    print("edit rendering: \(cases.count) edits, seed \(Self.seed) (CHK_ORACLE_SEED); refused:")
    for (name, count) in refused.sorted(by: { $0.key < $1.key }) { print("  \(name): \(count)") }
    let verdicts = try oracle.compare(cases.map(\.case))
    let failures = zip(cases, verdicts).filter { !$1.same }
    RenderingOracle.dump(failures.map { ($0.0.case, $0.1) }, name: "edits")
    var byEdit: [String: Int] = [:]
    for (edit, _) in failures { byEdit[edit.name, default: 0] += 1 }
    for (name, count) in byEdit.sorted(by: { $0.key < $1.key }) {
      Issue.record("seed \(Self.seed): '\(name)' changed other rendering in \(count) documents")
    }
    if let (edit, verdict) = failures.first {
      Issue.record(
        """
        first: \(edit.name) on \(edit.case.before.debugDescription)
        gave \(edit.case.after.debugDescription)
        before: \(verdict.before ?? "")
        after:  \(verdict.after ?? "")
        """)
    }
    #expect(cases.count > Self.count * 3)
  }
}

extension ChecklistDocument {
  /// The document's bytes as text.
  var text: String { String(decoding: serialized(), as: UTF8.self) }
}
