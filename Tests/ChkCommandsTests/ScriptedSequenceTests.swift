import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// A whole day of commands on a copy of each sample: the result parses as expected,
/// and every line the commands did not touch is still there, byte for byte and in order.
@Suite("CLI: a scripted sequence on every sample")
struct ScriptedSequenceTests {
  @Test(arguments: TestSupport.sampleNames)
  func sequenceOnSample(_ name: String) throws {
    let original = try TestSupport.sampleBytes(name)
    let cli = try CLIHarness()
    try Data(original).write(to: URL(fileURLWithPath: cli.directory.path + "/" + name))
    func run(_ arguments: String...) {
      let result = cli.run(["-f", name] + arguments)
      #expect(result.status == .success, "\(arguments): \(result.errors)")
    }
    let start = try ChecklistDocument(parsing: original)
    let items = start.lines.indices.filter { start.lines[$0].kind == .item }
    try #require(items.count >= 4)
    // Lines a command may rewrite or move: the targets' subtrees and every checked item.
    var touched = Set<Int>()
    func touch(_ line: Int) { touched.formUnion(line...Int(start.lines[line].last)) }
    for line in items where start.lines[line].isChecked { touch(line) }
    let target = items[0]
    let moved = items[items.count - 1]
    let removed = items[items.count - 2]
    [target, moved, removed].forEach(touch)

    func itemText(_ line: Int) -> String { "/" + (start.item(atLineIndex: line)?.name ?? "") }
    run("add", "New task", "--due", "2024-04-01")
    // --no-repeat: a recurring target would come back as a second item of its name,
    // which /TEXT could no longer tell apart (RepeatCommandTests covers recurrence).
    run("check", itemText(target), "--date", "2024-03-09", "--no-repeat")
    run("uncheck", itemText(target))
    run("edit", itemText(target), "--note", "checked twice")
    run("mv", itemText(moved), "--top")
    run("rm", itemText(removed))
    run("list-add", "Extra")
    run("list-rename", "Extra", "More")
    run("list-icon", "More", "star")
    run("check", itemText(target), "--date", "2024-03-10", "--no-repeat")
    run("archive")
    let archived = try cli.read(name)
    run("undo")
    run("redo")
    #expect(try cli.read(name) == archived)

    let final = Array(try cli.read(name).utf8)
    let document = try ChecklistDocument(parsing: final)
    let all = document.items
    #expect(all.contains { $0.name == "New task" && $0.dueDate == CalendarDay("2024-04-01") })
    #expect(document.list(named: "More")?.icon == "star")
    let archive = try #require(document.list(named: "Archive"))
    #expect(archive.items.allSatisfy { $0.isChecked })
    #expect(archive.allItems.contains { $0.note == "checked twice" })
    #expect(document.items.filter { !$0.isChecked && $0.name == "New task" }.count == 1)
    #expect(document.hasByteOrderMark == start.hasByteOrderMark)
    let removedName = start.item(atLineIndex: removed)?.name
    #expect(!all.contains { $0.name == removedName })

    // Untouched non-blank lines survive byte for byte, in order.
    let finalLines = document.lines.indices.map {
      document.content(ofLine: $0) + document.ending(ofLine: $0)
    }
    var cursor = 0
    for line in start.lines.indices
    where !touched.contains(line) && start.lines[line].kind != .blank {
      let bytes = start.content(ofLine: line) + start.ending(ofLine: line)
      let ending = start.ending(ofLine: line)
      guard !ending.isEmpty else { continue }
      while cursor < finalLines.count, finalLines[cursor] != bytes { cursor += 1 }
      #expect(cursor < finalLines.count, "\(name): line \(line + 1) was changed or lost")
      cursor += 1
    }
    Invariants.check(document, name)
  }
}
