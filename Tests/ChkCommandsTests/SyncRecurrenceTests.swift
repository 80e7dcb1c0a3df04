import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// A repeating item completed on the phone, in each real client's style, comes back as
/// one `chk check`: the `@done` day and the next occurrence as chk makes it, no
/// duplicate, no lost occurrence, and nothing bounced back by the next run.
///
/// The fixtures are written here from each client's published behaviour (none is
/// copied):
/// - iOS Reminders: a completed copy under a new UID, the series' DUE moved on (the
///   dumps in pimutils/todoman#446; todoman PR #236 "imitating iOS's behaviour");
/// - todoman: the to-do itself completed with its RRULE dropped, the next one a new
///   to-do (`todoman/model.py`, `complete()`; checked against todoman 4.7.0);
/// - tasks.org: DUE moved to the next occurrence in place, no completion kept
///   (`RepeatTaskHelper.kt`, `iCalendar.kt`);
/// - Thunderbird and eM Client: an instance with RECURRENCE-ID and STATUS:COMPLETED in
///   the same file (tasks.org's fixtures `thunderbird/completed_repeating_task.txt`,
///   `eMclient/completed_recurring_task.txt`).
@Suite("CLI: chk sync, repeating items completed on the phone")
struct SyncRecurrenceTests {
  enum Style: String, CaseIterable, Sendable {
    case iOSReminders, todoman, tasksOrg, thunderbird
  }

  static let completedAt = "20240110T101500Z"

  /// What the client does to the vdir: `path` is the series' file.
  static func complete(_ style: Style, path: String, uid: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var text = try String(contentsOfFile: path, encoding: .utf8)
    func write(_ contents: String, to file: String) throws {
      try contents.write(toFile: file, atomically: false, encoding: .utf8)
    }
    switch style {
    case .iOSReminders:
      text = text.replacingOccurrences(
        of: "DUE;VALUE=DATE:20240110", with: "DUE;VALUE=DATE:20240117")
      try write(text, to: path)
      try write(
        "BEGIN:VCALENDAR\r\nCALSCALE:GREGORIAN\r\nPRODID:-//Apple Inc.//iOS 17.2//EN\r\nVERSION:2.0\r\n"
          + "BEGIN:VTODO\r\nCOMPLETED:\(completedAt)\r\nCREATED:\(completedAt)\r\n"
          + "DTSTAMP:20240110T101502Z\r\nDUE;VALUE=DATE:20240110\r\nLAST-MODIFIED:\(completedAt)\r\n"
          + "PERCENT-COMPLETE:100\r\nSTATUS:COMPLETED\r\nSUMMARY:Water the plants\r\n"
          + "UID:5D2F9B47-1C3E-4A8B-B6A0-8E41C7D2F302\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
        to: folder + "/5D2F9B47-1C3E-4A8B-B6A0-8E41C7D2F302.ics")
    case .todoman:
      text = text.replacingOccurrences(of: "RRULE:FREQ=WEEKLY\r\n", with: "")
        .replacingOccurrences(
          of: "STATUS:NEEDS-ACTION",
          with: "STATUS:COMPLETED\r\nCOMPLETED:\(completedAt)\r\nPERCENT-COMPLETE:100")
      try write(text, to: path)
      try write(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:nl.whynothugo.todoman\r\nBEGIN:VTODO\r\n"
          + "SUMMARY:Water the plants\r\nSEQUENCE:2\r\n"
          + "UID:0f9e8d7c6b5a49382716051a2b3c4d5e@laptop\r\nDTSTAMP:20240103T120000Z\r\n"
          + "DUE;VALUE=DATE:20240117\r\nSTATUS:NEEDS-ACTION\r\nRRULE:FREQ=WEEKLY\r\n"
          + "END:VTODO\r\nEND:VCALENDAR\r\n",
        to: folder + "/0f9e8d7c6b5a49382716051a2b3c4d5e@laptop.ics")
    case .tasksOrg:
      text = text.replacingOccurrences(
        of: "DUE;VALUE=DATE:20240110", with: "DUE;VALUE=DATE:20240117")
      try write(text, to: path)
    case .thunderbird:
      let instance =
        "BEGIN:VTODO\r\nCREATED:20240110T101456Z\r\nDTSTAMP:\(completedAt)\r\nUID:\(uid)\r\n"
        + "SUMMARY:Water the plants\r\nSTATUS:COMPLETED\r\nRECURRENCE-ID;VALUE=DATE:20240110\r\n"
        + "DUE;VALUE=DATE:20240110\r\nCOMPLETED:\(completedAt)\r\nPERCENT-COMPLETE:100\r\n"
        + "SEQUENCE:1\r\nEND:VTODO\r\n"
      text = text.replacingOccurrences(of: "END:VCALENDAR", with: instance + "END:VCALENDAR")
      try write(text, to: path)
    }
  }

  @Test(arguments: Style.allCases)
  func aCompletionComesBackAsOneCheck(_ style: Style) throws {
    var cli = try CLIHarness(files: [
      "CHECKLIST.md":
        "## Plants\n\n- [ ] Water the plants  @due(2024-01-10)  @every(week)  @id(wtr1)\n"
    ])
    cli.today = CalendarDay(year: 2024, month: 1, day: 10) ?? cli.today
    #expect(cli.run("sync", "--vdir", "vdir").status == .success)
    let series = try SyncCommandTests.todo(cli, named: "Water the plants")
    try Self.complete(style, path: series.path, uid: series.file.uid)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success, "\(style): \(result.errors)")
    let text = try cli.read("CHECKLIST.md")
    let lines = text.split(separator: "\n").filter { $0.contains("Water the plants") }
    #expect(lines.count == 2, "\(style): \(text)")
    #expect(
      lines.first?.hasPrefix(
        "- [x] Water the plants  @due(2024-01-10)  @every(week)  @done(2024-01-10)  @id(wtr1)")
        == true, "\(style): \(text)")
    #expect(
      lines.last?.hasPrefix("- [ ] Water the plants  @due(2024-01-17)  @every(week)  @id(") == true,
      "\(style): \(text)")
    // The vdir says the same: one completed to-do, one open with the next DUE.
    let todos = try SyncCommandTests.todos(cli).values.map(\.file)
    #expect(todos.count == 2, "\(style): \(todos.map(\.uid))")
    let open = todos.filter { $0.todo.property("STATUS")?.value == "NEEDS-ACTION" }
    #expect(open.count == 1, "\(style)")
    #expect(open.first?.todo.property("DUE")?.value == "20240117", "\(style)")
    #expect(open.first?.todo.property("RRULE")?.value == "FREQ=WEEKLY", "\(style)")
    #expect(todos.allSatisfy { $0.completedOccurrences.isEmpty }, "\(style)")
    // Nothing bounces back.
    let again = cli.run("sync", "--vdir", "vdir")
    #expect(again.output.contains("up to date"), "\(style): \(again.output)")
    #expect(try cli.read("CHECKLIST.md") == text)
  }

  /// A repeating item's due day moved on the phone to a day that is no next occurrence
  /// is a new due day, not a completion; moved by one step from a due day already past
  /// (as tasks.org moves it), it is a completion.
  @Test func onlyAMoveToTheNextOccurrenceIsACompletion() throws {
    for (due, moved, isCompletion) in [
      ("2024-01-10", "20240113", false), ("2024-01-03", "20240110", true),
    ] {
      var cli = try CLIHarness(files: [
        "CHECKLIST.md":
          "## Plants\n\n- [ ] Water the plants  @due(\(due))  @every(week)  @id(wtr1)\n"
      ])
      cli.today = CalendarDay(year: 2024, month: 1, day: 10) ?? cli.today
      #expect(cli.run("sync", "--vdir", "vdir").status == .success)
      let series = try SyncCommandTests.todo(cli, named: "Water the plants")
      let compact = due.replacingOccurrences(of: "-", with: "")
      try SyncCommandTests.edit(series.path) { text in
        text.replacingOccurrences(of: "DUE;VALUE=DATE:\(compact)", with: "DUE;VALUE=DATE:\(moved)")
      }
      #expect(cli.run("sync", "--vdir", "vdir").status == .success)
      let text = try cli.read("CHECKLIST.md")
      #expect(text.contains("[x] Water the plants") == isCompletion, "\(due) -> \(moved): \(text)")
      if !isCompletion {
        #expect(
          text.contains("- [ ] Water the plants  @due(2024-01-13)  @every(week)  @id(wtr1)"),
          "\(text)")
      }
    }
  }

  /// Each item's file is named by its UID, as vdirsyncer names them (the UIDs chk makes
  /// are safe file names).
  @Test func eachFileIsNamedByItsUID() throws {
    let cli = try SyncCommandTests.synced()
    let todos = try SyncCommandTests.todos(cli)
    #expect(todos.count == 5)
    for (uid, todo) in todos {
      #expect(URL(fileURLWithPath: todo.path).lastPathComponent == uid + ".ics", "\(todo.path)")
    }
  }
}
