import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// The editing commands against a model written in Python from the man pages
/// (`Tests/Helpers/edit_model.py`): random files (lists, nested items, dates and due
/// times, `@remind`, `@every` of every form with sub-items, notes, three bullets, and
/// the unusual states: `[X]`, checked without `@done`, unchecked with it, a known tag
/// twice, tag-like text in a note, sub-items under checked parents) and random
/// sequences of check (`--date`, `--no-date`, `--no-repeat`), uncheck, toggle, edit
/// (every option), rm, add, mv, reset, list-copy and archive, run by chk and replayed
/// on the model, which reads each file after a step through cmark-gfm and must find
/// what it predicted, refusals included. Seeded; `CHK_DIFFERENTIAL_CASES` (runs × 10)
/// runs more.
@Suite("Editing commands against a model from the man pages")
struct EditModelDifferentialTests {
  static func matches(_ pattern: String, _ text: String) -> [String] {
    let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    let range = NSRange(text.startIndex..., in: text)
    return (expression?.matches(in: text, range: range) ?? []).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  static func command(_ random: inout TestRandom, _ text: String, _ step: Int) -> [String]? {
    let ids = matches(#"@id\(([^)]+)\)"#, text)
    let topLevel = matches(#"^[-*+] \[[ xX]\] .*@id\(([^)]+)\)"#, text)
    let lists = matches(#"^## (.*)$"#, text).filter { $0 != "Archive" }
    guard let id = ids.isEmpty ? nil : random.pick(ids), let list = lists.first else {
      return ["add", "new \(step)", "--list", lists.first ?? "A"]
    }
    switch random.int(0...17) {
    case 0, 1, 16:
      return ["check", id]
        + random.pick([[], [], ["--date", "2024-05-2\(random.int(0...9))"], ["--no-date"]])
        + (random.chance(0.15) ? ["--no-repeat"] : [])
    case 2: return ["uncheck", id]
    case 3: return ["toggle", id] + (random.chance(0.15) ? ["--no-repeat"] : [])
    case 4: return ["edit", id, "--name", "renamed \(step)"]
    case 5:
      return ["edit", id]
        + (random.chance(0.5)
          ? ["--due", "2024-08-0\(random.int(1...9))" + (random.chance(0.3) ? " 07:15" : "")]
          : ["--no-due"] + (random.chance(0.5) ? ["--no-every"] : []))
    case 6:
      return ["edit", id] + (random.chance(0.5) ? ["--note", "noted \(step)"] : ["--no-note"])
    case 7: return ["rm", id]
    case 8: return ["add", "added \(step)", "--list", random.pick(lists)]
    case 9: return ["mv", id, "--after", random.pick(ids)]
    case 10:
      guard !topLevel.isEmpty else { return ["archive"] }
      return ["mv", random.pick(topLevel), random.chance(0.5) ? "--top" : "--bottom"]
    case 11: return ["reset"] + (random.chance(0.5) ? ["--list", random.pick(lists)] : [])
    case 12: return ["list-copy", list, "Copy \(step)"]
    case 13:
      return ["edit", id]
        + (random.chance(0.7) ? ["--every", random.pick(EditModelFiles.rules)] : ["--no-every"])
    case 14:
      return ["edit", id]
        + (random.chance(0.7)
          ? ["--remind", random.pick(EditModelFiles.reminders)] : ["--no-remind"])
    case 15:
      return ["edit", id]
        + (random.chance(0.7) ? ["--done", "2024-05-1\(random.int(0...9))"] : ["--no-done"])
    default: return ["archive"]
    }
  }

  @Test func commandsDoWhatTheModelPredicts() throws {
    guard let oracle = try LSPSchemaOracle.forTest("edit model") else { return }
    guard oracle.has("cmarkgfm") else {
      Issue.record("the edit model needs cmarkgfm beside lsprotocol")
      return
    }
    var random = TestRandom(seed: 3011)
    let count =
      (Int(ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"] ?? "") ?? 1000) / 10
    var runs: [[String: Any]] = []
    var refused = 0
    var stepsRun = 0
    for _ in 0..<count {
      var cli = try CLIHarness()
      cli.today = .init(year: 2024, month: 6, day: 3) ?? cli.today
      let initial = EditModelFiles.initial(&random)
      try cli.write("CHECKLIST.md", initial)
      var steps: [[String: Any]] = []
      for step in 0..<12 {
        guard let arguments = Self.command(&random, try cli.read("CHECKLIST.md"), step) else {
          break
        }
        let result = cli.run(arguments + ["-q"])
        if result.status != .success { refused += 1 }
        stepsRun += 1
        steps.append([
          "args": arguments, "status": Int(result.status.code),
          "text": try cli.read("CHECKLIST.md"),
        ])
      }
      runs.append(["initial": initial, "steps": steps])
    }
    guard
      let output = oracle.runHelper(
        "edit_model.py",
        input: try JSONSerialization.data(withJSONObject: ["today": "2024-06-03", "runs": runs]))
    else {
      Issue.record("edit_model.py failed")
      return
    }
    struct Answer: Decodable { var failures: [String] }
    let failures = try JSONDecoder().decode(Answer.self, from: output).failures
    #expect(refused < stepsRun / 4, "\(refused) of \(stepsRun) commands refused")
    #expect(failures.isEmpty, "\(failures.count) of \(count) runs: \(failures.prefix(5))")
  }
}
