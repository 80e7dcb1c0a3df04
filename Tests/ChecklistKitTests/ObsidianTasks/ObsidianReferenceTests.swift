import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// Obsidian Tasks lines read and written by chk and by a reference that runs the
/// plugin's own regular expressions with Python's `re` (`Tests/Helpers/
/// obsidian_reference.py`): generated lines with every signifier and its variants, in
/// every order, with 0 to 3 blanks around them, variation selectors, tags among the
/// fields, signifiers and wide text in the description, block links, hard breaks, and
/// texts that end in something no field is. Seeded; `CHK_DIFFERENTIAL_CASES` runs
/// more.
@Suite("Obsidian Tasks: lines against a reference from the plugin's expressions")
struct ObsidianReferenceTests {
  static let words = [
    "Pay rent", "漢字のタスク", "call 😀 Bob", "#work", "#a/b_c", "see ✅ later", "a # b", "x⏫",
    "[link](https://x.org/#frag)", "2024-01-01", "every", "🆔", "tab\there",
  ]

  static func field(_ random: inout TestRandom) -> String {
    let blanks = String(repeating: " ", count: random.int(0...2))
    let selector = random.chance(0.2) ? "\u{FE0F}" : ""
    let date =
      "20\(random.int(20...30))-\(random.pick(["01", "02", "12"]))-\(random.pick(["01", "15", "29", "31"]))"
    switch random.int(0...12) {
    case 0: return random.pick(["🔺", "⏫", "🔼", "🔽", "⏬"]) + selector
    case 1: return random.pick(["📅", "📆", "🗓"]) + selector + blanks + date
    case 2: return random.pick(["⏳", "⌛"]) + selector + blanks + date
    case 3: return "🛫" + selector + blanks + date
    case 4: return "➕" + selector + blanks + date
    case 5: return "✅" + selector + blanks + date
    case 6: return "❌" + selector + blanks + date
    case 7:
      return "🔁" + selector + blanks
        + random.pick([
          "every day", "every 2 weeks", "every week on Monday", "every month on the last",
          "every day when done", "sometimes",
        ])
    case 8:
      return "🏁" + selector + blanks + random.pick(["delete", "keep", "Delete", "archive", "x_y"])
    case 9: return "🆔" + selector + blanks + random.pick(["abc", "a-b_1", "a*b"])
    case 10:
      return "⛔" + selector + blanks + random.pick(["abc", "ab , CD", "a,b,c", "a,,b", "a b"])
    case 11: return "#" + random.pick(["tag", "t/x", "多"])
    default: return random.pick(["14:00", "text", "^notalink", "(note)"])
    }
  }

  static func line(_ random: inout TestRandom) -> String {
    var line =
      random.pick(["", "  ", "\t", "> ", ">> "]) + random.pick(["-", "*", "+", "1.", "12)"])
      + String(repeating: " ", count: random.int(1...2)) + "["
      + random.pick([" ", "x", "X", "/", "-", "D", "✓"])
      + "]" + (random.chance(0.9) ? " " : "")
    var parts: [String] = []
    for _ in 0..<random.int(0...3) { parts.append(random.pick(words)) }
    for _ in 0..<random.int(0...6) { parts.append(field(&random)) }
    line += parts.joined(separator: String(repeating: " ", count: random.int(1...2)))
    if random.chance(0.15) { line += " ^" + random.pick(["abc", "my-link"]) }
    if random.chance(0.15) { line += random.pick([" ", "  ", "   "]) }
    return line
  }

  /// What differs between chk and the reference on each line; and how many lines had
  /// a due date, a priority or a recurrence.
  static func differences(_ lines: [String], format: ObsidianTask.Format = .emoji) throws -> (
    differences: [String], withFields: Int
  )? {
    guard
      let python = try RenderingOracle.python(
        for: "Obsidian Tasks reference", modules: ["json", "re"], packages: "Python 3")
    else { return nil }
    let script = TestSupport.packageRoot.appendingPathComponent(
      "Tests/Helpers/obsidian_reference.py")
    let request = try JSONSerialization.data(withJSONObject: [
      "lines": lines, "format": format == .dataview ? "dataview" : "emoji",
    ])
    let result = try #require(RenderingOracle.run(python, [script.path], input: request))
    #expect(result.status == 0, "obsidian_reference.py failed")
    let answer = try #require(
      try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
    let tasks = try #require(answer["tasks"] as? [Any])
    #expect(tasks.count == lines.count)
    var differences: [String] = []
    var withFields = 0
    for (line, expected) in zip(lines, tasks) {
      let task = ObsidianTask(line: line, format: format)
      guard let expected = expected as? [String: Any] else {
        if task != nil {
          differences.append("\(line.debugDescription): chk reads a task, the reference none")
        }
        continue
      }
      guard let task else {
        differences.append("\(line.debugDescription): the reference reads a task, chk none")
        continue
      }
      let mine: [String: String] = [
        "description": task.description, "status": String(Character(task.statusSymbol)),
        "priority": task.priority.name, "start": task.startDate ?? "-",
        "created": task.createdDate ?? "-",
        "scheduled": task.scheduledDate ?? "-", "due": task.dueDate ?? "-",
        "done": task.doneDate ?? "-",
        "cancelled": task.cancelledDate ?? "-", "recurrence": task.recurrence ?? "-",
        "onCompletion": task.onCompletion?.rawValue ?? "-", "id": task.id,
        "dependsOn": task.dependsOn.joined(separator: ","), "blockLink": task.blockLink,
        "line": task.line,
      ]
      if task.dueDate != nil || task.priority != .none || task.recurrence != nil { withFields += 1 }
      for (key, value) in mine.sorted(by: { $0.key < $1.key }) {
        var theirs = expected[key].map { "\($0)" } ?? "-"
        if key == "dependsOn" {
          theirs = (expected[key] as? [String])?.joined(separator: ",") ?? ""
        }
        if theirs == "<null>" { theirs = "-" }
        // The plugin writes a rule as rrule words it (`every Sunday` is `every week on
        // Sunday`: RecurrenceField.test.ts); the reference keeps it as written.
        if key == "line", let rule = task.recurrence, let canonical = ObsidianRecurrence(rule)?.text
        {
          theirs = theirs.replacingOccurrences(of: "🔁 " + rule, with: "🔁 " + canonical)
            .replacingOccurrences(
              of: "[repeat:: " + rule + "]", with: "[repeat:: " + canonical + "]")
        }
        if value != theirs {
          differences.append(
            "\(line.debugDescription): \(key) chk \(value.debugDescription), reference \(theirs.debugDescription)"
          )
          break
        }
      }
    }
    return (differences, withFields)
  }

  @Test func linesAreReadAndWrittenAsTheReferenceDoes() throws {
    let cases =
      ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? 2_000
    var random = TestRandom(seed: 4141)
    let lines = (0..<cases).map { _ in Self.line(&random) }
    guard let (differences, withFields) = try Self.differences(lines) else { return }
    #expect(withFields > cases / 3)
    #expect(differences.isEmpty, "\(differences.count) of \(cases): \(differences.prefix(6))")
  }

  /// Every task line of the plugin's documentation and sample vault
  /// (`Tests/Corpus/obsidian-tasks`), code blocks included: read alike, written alike
  /// (the rules there are written as rrule writes them, or kept when chk reads none).
  @Test func thePluginsOwnDocumentationIsReadAlike() throws {
    let lines = Corpus.obsidianTasks.flatMap { file in
      (file.text ?? "").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(
        String.init
      )
      .filter { ObsidianTask(line: $0) != nil || $0.contains("[") && $0.contains("]") }
    }
    #expect(Corpus.obsidianTasks.count > 150)
    guard let (differences, withFields) = try Self.differences(lines) else { return }
    #expect(withFields > 150, "\(withFields) of \(lines.count) lines with fields")
    #expect(differences.isEmpty, "\(differences.count) of \(lines.count): \(differences.prefix(6))")
  }
}
