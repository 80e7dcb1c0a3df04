import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// The Tasks plugin's Dataview format (`[due:: 2026-12-05]`, `(due:: ...)`): the plugin's
/// own test cases (`tests/TaskSerializer/DataviewTaskSerializer.test.ts`), and generated
/// lines read and written alike by chk and by the reference that runs the plugin's
/// expressions (`obsidian_reference.py` with `"format": "dataview"`).
@Suite("Obsidian Tasks: the Dataview format")
struct ObsidianDataviewTests {
  static func task(_ text: String) throws -> ObsidianTask {
    try #require(ObsidianTask(line: "- [ ] " + text, format: .dataview))
  }

  @Test func thePluginsOwnCasesAreReadAlike() throws {
    let wobble = try Self.task(
      "Wobble [priority::high] #tag1 [completion:: 2024-09-04] #tag2  [due::2025-10-05] #tag3 "
        + "[scheduled::2022-07-02] #tag4 [start::2023-08-03] #tag5  [repeat::every day]  #tag6 "
        + "#tag7 #tag8 #tag9 #tag10")
    #expect(
      wobble.description == "Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10")
    #expect(wobble.dueDate == "2025-10-05" && wobble.doneDate == "2024-09-04")
    #expect(wobble.startDate == "2023-08-03" && wobble.scheduledDate == "2022-07-02")
    #expect(wobble.priority == .high && wobble.recurrence == "every day")
    #expect(
      try Self.task("[dependsOn::  ab , CD ,  EF  ,    GK]").dependsOn == ["ab", "CD", "EF", "GK"])
    #expect(try Self.task("[dependsOn:: 123456,abC123]").dependsOn == ["123456", "abC123"])
    #expect(try Self.task("[dependson:: F12345]").description == "[dependson:: F12345]")
    #expect(try Self.task("[id:: Ab_cd0f]").id == "Ab_cd0f")
    #expect(try Self.task("[id:: A*bcd0f]").description == "[id:: A*bcd0f]")
    #expect(try Self.task("[onCompletion:: delete]").onCompletion == .delete)
    for level in ObsidianTask.Priority.allCases where level != .none {
      #expect(try Self.task("[priority:: \(level.name)]").priority == level)
    }
    // Round brackets, blanks inside, a trailing comma (the plugin's workaround for #1913).
    #expect(try Self.task("a (due:: 2021-06-20)").dueDate == "2021-06-20")
    #expect(try Self.task("a [  due::   2021-06-20  ]").dueDate == "2021-06-20")
    #expect(try Self.task("a [due:: 2021-06-20] ,").dueDate == "2021-06-20")
    #expect(try Self.task("a [due:: 2021-06-20)").dueDate == nil)
    // Written as the plugin writes them: two blanks and brackets, in its order.
    #expect(
      wobble.text
        == "Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10  [priority:: high]  "
        + "[repeat:: every day]  [start:: 2023-08-03]  [scheduled:: 2022-07-02]  [due:: 2025-10-05]  "
        + "[completion:: 2024-09-04]")
  }

  static func field(_ random: inout TestRandom) -> String {
    let (open, close) = random.pick([("[", "]"), ("(", ")"), ("[", ")"), ("(", "]")])
    let inner = String(repeating: " ", count: random.int(0...2))
    let after = String(repeating: " ", count: random.int(0...1))
    let date =
      "20\(random.int(20...30))-\(random.pick(["01", "02", "12"]))-\(random.pick(["01", "15", "31"]))"
    let (key, value) = random.pick([
      ("due", date), ("scheduled", date), ("start", date), ("created", date), ("completion", date),
      ("cancelled", date), ("due", "2024-1-2"), ("repeat", "every week"),
      ("repeat", "every 2 days when done"), ("repeat", "every day!"),
      ("priority", random.pick(["high", "lowest", "urgent", "High"])),
      ("onCompletion", random.pick(["delete", "keep", "archive"])),
      ("id", random.pick(["abc", "a-b_1", "a*b"])),
      ("dependsOn", random.pick(["abc", "ab , CD", "a,b", "a,,b", "a b"])),
      ("dependson", "x"), ("Due", date),
    ])
    let comma = random.chance(0.1) ? random.pick([",", " ,"]) : ""
    return open + inner + key + "::" + after + value + inner + close + comma
  }

  @Test func generatedLinesAreReadAndWrittenAsTheReferenceDoes() throws {
    let cases =
      ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? 2_000
    var random = TestRandom(seed: 4242)
    let lines = (0..<cases).map { _ in
      var parts = (0..<random.int(0...2)).map { _ in
        random.pick(["Pay rent", "#work", "a ] b", "x (y)", "漢字", "[[link]]"])
      }
      for _ in 0..<random.int(0...5) {
        parts.append(random.chance(0.15) ? random.pick(["#tag", "text"]) : Self.field(&random))
      }
      return "- [" + random.pick([" ", "x", "/"]) + "] "
        + parts.joined(separator: String(repeating: " ", count: random.int(1...2)))
    }
    guard
      let (differences, withFields) = try ObsidianReferenceTests.differences(
        lines, format: .dataview)
    else { return }
    #expect(withFields > cases / 10)
    #expect(differences.isEmpty, "\(differences.count) of \(cases): \(differences.prefix(6))")
  }

  /// The task lines of the docs' and the sample vault's Dataview pages.
  @Test func thePluginsDataviewPagesAreReadAlike() throws {
    let lines = Corpus.obsidianTasks.filter { $0.name.contains("Dataview") }.flatMap { file in
      (file.text ?? "").split(separator: "\n").map(String.init).filter { $0.contains("::") }
    }
    #expect(lines.count > 20)
    guard
      let (differences, withFields) = try ObsidianReferenceTests.differences(
        lines, format: .dataview)
    else { return }
    #expect(withFields > 10)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(6))")
  }
}
