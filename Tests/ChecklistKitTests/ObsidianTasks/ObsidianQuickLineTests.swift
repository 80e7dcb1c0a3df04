import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// The quick reading of task lines in the plugin's own form (`quickChkLine`, straight
/// from the bytes) against the full one (`readChkLine`, through `ObsidianTask`): on
/// every line the quick one reads, the two views are the same bytes; and it reads most
/// lines the plugin writes.
@Suite("Obsidian Tasks: the quick reading of a line against the full one")
struct ObsidianQuickLineTests {
  static let settings = ObsidianTaskSettings()
  static let cases =
    ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? 5_000

  /// A line as the plugin writes it (`ObsidianTask.line`), from random fields.
  static func written(_ random: inout TestRandom) -> String {
    let words = [
      "Pay", "rent", "call", "Bob", "2024", "every", "week", "a-b", "x_y", "done", "keep",
      "delete", "Café", "漢字", "#tag", "@due(14:30)", "[x]", "a\\b", "😀", "!", "a,b", "^ref",
    ]
    var task = ObsidianTask(
      indentation: random.pick(["", "  ", "\t", "    "]),
      listMarker: random.pick(["-", "*", "+", "1.", "12)"]),
      statusSymbol: random.pick([" ", "x", "X", "/", "-", "?"]),
      description: (0..<random.int(1...4)).map { _ in random.pick(words) }.joined(separator: " "))
    func date() -> String {
      "20\(random.int(20...30))-\(random.pick(["01", "02", "12"]))-\(random.pick(["01", "15", "30"]))"
    }
    if random.chance(0.6) { task.dueDate = date() }
    if random.chance(0.3) { task.doneDate = date() }
    if random.chance(0.2) { task.scheduledDate = date() }
    if random.chance(0.1) { task.startDate = date() }
    if random.chance(0.1) { task.createdDate = date() }
    if random.chance(0.1) { task.cancelledDate = date() }
    if random.chance(0.3) { task.priority = random.pick(ObsidianTask.Priority.allCases) }
    if random.chance(0.2) {
      task.recurrence = random.pick([
        "every week", "every 2 days", "every month on the last", "every weekday when done",
        "every week on Monday, Friday", "sometimes",
      ])
    }
    if random.chance(0.1) { task.id = random.pick(["abc", "a-b_1", "t1"]) }
    if random.chance(0.1) { task.dependsOn = random.pick([["abc"], ["a", "b"]]) }
    if random.chance(0.05) { task.onCompletion = random.pick([.keep, .delete]) }
    return task.line
  }

  static func compare(_ lines: [String]) -> (quick: Int, differences: [String]) {
    var quick = 0
    var differences: [String] = []
    var rules: [ArraySlice<UInt8>: [UInt8]] = [:]
    for line in lines {
      let bytes = Array(line.utf8)[...]
      guard
        let fast = ObsidianTasksView.quickChkLine(
          bytes, settings: settings, rules: &rules)
      else { continue }
      quick += 1
      let full = ObsidianTasksView.readChkLine(bytes, settings: settings, inComment: false)
      if fast != full {
        differences.append(
          "\(line.debugDescription): quick \(String(decoding: fast, as: UTF8.self).debugDescription), "
            + "full \(full.map { String(decoding: $0, as: UTF8.self) }.debugDescription)")
      }
    }
    return (quick, differences)
  }

  @Test func linesThePluginWritesAreReadAlike() {
    var random = TestRandom(seed: 4343)
    let count = Self.cases
    let lines = (0..<count).map { _ in Self.written(&random) }
    let (quick, differences) = Self.compare(lines)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(5))")
    #expect(quick > count / 3, "\(quick) of \(count) read quickly")
  }

  /// The reference's lines (every variant of blanks, selectors, tags among fields):
  /// where the quick reading takes one, it agrees.
  @Test func theReferencesLinesAreReadAlike() {
    var random = TestRandom(seed: 4141)
    let lines = (0..<Self.cases).map { _ in
      ObsidianReferenceTests.line(&random)
    }
    let (quick, differences) = Self.compare(lines)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(5))")
    #expect(quick > 30, "\(quick) read quickly")
  }

  @Test func thePluginsDocsAreReadAlike() {
    let lines = Corpus.obsidianTasks.flatMap { file in
      (file.text ?? "").split(separator: "\n").map(String.init).filter { $0.contains("[") }
    }
    let (quick, differences) = Self.compare(lines)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(5))")
    #expect(quick > 300, "\(quick) of \(lines.count) read quickly")
  }
}
