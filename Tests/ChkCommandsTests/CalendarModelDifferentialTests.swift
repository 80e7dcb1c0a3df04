import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// `chk export` and `chk remind` against the model of the file and what the man pages
/// say each must show (`Tests/Helpers/calendar_model.py`): random files (the edit
/// model's: due days and times, `@remind` of every form, `@every` of every form, items
/// checked and not), with and without a `.chk.json` that moves or turns off the
/// default reminder. The feed, as to-dos or events, with and without checked items, is
/// read by icalendar and each item's fields (name, note, list, due, status, completion,
/// alarm moment, occurrences over two years by recurring-ical-events) must be what the
/// model says; `chk remind` at random moments and windows must print exactly the
/// reminders the model computes. Seeded; `CHK_DIFFERENTIAL_CASES` (runs × 10) runs
/// more.
@Suite("Export and remind against a model from the man pages")
struct CalendarModelDifferentialTests {
  static let windows = [1, 5, 30, 60, 180, 1_440, 4_320]

  @Test func feedsAndRemindersAreWhatTheModelSays() throws {
    guard let oracle = try LSPSchemaOracle.forTest("calendar model") else { return }
    for module in ["cmarkgfm", "icalendar", "recurring_ical_events"] where !oracle.has(module) {
      Issue.record("the calendar model needs \(module) beside lsprotocol")
      return
    }
    var random = TestRandom(seed: 4204)
    let count =
      (Int(ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"] ?? "") ?? 400) / 10
    var runs: [[String: Any]] = []
    for _ in 0..<count {
      let text = EditModelFiles.initial(&random)
      var files = ["CHECKLIST.md": text]
      var config: [String: Any]?
      switch random.int(0...3) {
      case 0:
        config = ["time": "07:30"]
        files[".chk.json"] = #"{"reminders": {"time": "07:30"}}"#
      case 1:
        config = ["enabled": false]
        files[".chk.json"] = #"{"reminders": {"enabled": false}}"#
      default: break
      }
      let cli = try CLIHarness(files: files)
      let kind = random.pick(["todos", "events"])
      let includeDone = random.chance(0.5)
      let export = cli.run(
        ["export", "--as", kind, "--no-assign", "-o", "feed.ics", "-q"]
          + (includeDone ? ["--include-done"] : []))
      #expect(export.status == .success, "\(export.errors)")
      var reminders: [[String: Any]] = []
      for _ in 0..<4 {
        // On a due day of the file (or around them) at times reminders fall on, and a
        // minute after, where a window of a minute ends.
        let days = EditModelDifferentialTests.matches(#"@due\((2024-[0-9-]{5})"#, text)
        let day =
          days.isEmpty || random.chance(0.3)
          ? "2024-0\(random.int(5...7))-\(random.int(10...28))" : random.pick(days)
        let now =
          day + " "
          + random.pick(["07:30", "09:00", "09:01", "10:15", "12:00", "23:59", "00:00", "10:46"])
        let window = random.pick(Self.windows)
        let result = cli.run("remind", "--now", now, "--window", "\(window)m")
        #expect(result.status == .success, "\(result.errors)")
        reminders.append(["now": now, "window": window, "output": result.output])
      }
      runs.append([
        "text": text, "config": config ?? NSNull(), "feed": try cli.read("feed.ics"),
        "as": kind, "include_done": includeDone, "reminders": reminders,
      ])
    }
    guard
      let output = oracle.runHelper(
        "calendar_model.py", input: try JSONSerialization.data(withJSONObject: ["runs": runs]))
    else {
      Issue.record("calendar_model.py failed")
      return
    }
    struct Answer: Decodable { var failures: [String] }
    let failures = try JSONDecoder().decode(Answer.self, from: output).failures
    #expect(failures.isEmpty, "\(failures.count) of \(count) runs: \(failures.prefix(5))")
  }
}
