import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands

/// `chk remind`: what fell due in the window before now, printed, notified or run.
@Suite("CLI: chk remind")
struct RemindCommandTests {
  static let file = """
    ## Home

    - [ ] Night owl  @due(2024-01-01 00:01)  @id(n1)
    - [ ] Old year  @due(2024-01-01)  @remind(1 day before)  @id(o1)
    - [ ] Month end  @due(2024-03-01 00:00)  @remind(10 minutes before)  @id(m1)
    - [ ] Clocks change  @due(2024-03-31 02:30)  @id(c1)
    - [ ] Quiet  @due(2024-03-31 02:30)  @remind(off)  @id(q1)
    - [x] Done  @due(2024-03-31 02:30)  @done(2024-03-30)  @id(d1)
    - [ ] Nine  @due(2024-04-02)  @id(t1)

    """

  /// A harness whose PATH is only a directory for fake programs: nothing the machine
  /// has installed (a real notify-send) is ever found.
  static func harness(_ files: [String: String] = ["CHECKLIST.md": file]) throws -> CLIHarness {
    var cli = try CLIHarness(files: files)
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/bin", withIntermediateDirectories: true)
    cli.variables["PATH"] = cli.directory.path + "/bin"
    return cli
  }

  /// A program in the harness's bin/ that appends its arguments and CHK_ variables to
  /// `log`, one call per line.
  static func recorder(_ name: String, in cli: CLIHarness, log: String) throws {
    let script = """
      #!/bin/sh
      printf '%s|' "$@" >> '\(cli.directory.path)/\(log)'
      printf 'NAME=%s|DUE=%s|FILE=%s|ID=%s|LIST=%s\\n' "$CHK_NAME" "$CHK_DUE" "$CHK_FILE" "$CHK_ID" "$CHK_LIST" >> '\(cli.directory.path)/\(log)'

      """
    let path = cli.directory.path + "/bin/" + name
    try TestSupport.writeProgram(script, to: path)
  }

  /// The window is (now - window, now]: across midnight, a year's end and a month's end,
  /// and on the night clocks change (times are floating: 02:30 is 02:30).
  @Test func windowsCrossMidnightMonthsYearsAndClockChanges() throws {
    let cli = try Self.harness()
    func fired(_ now: String, _ window: String = "5m") -> String {
      cli.run("remind", "--now", now, "--window", window).output
    }
    #expect(
      fired("2024-01-01 00:02") == "00:01  CHECKLIST.md:n1  Night owl  (due 2024-01-01 00:01)\n")
    #expect(
      fired("2024-01-01 00:01") == "00:01  CHECKLIST.md:n1  Night owl  (due 2024-01-01 00:01)\n")
    #expect(fired("2024-01-01 00:00") == "")
    // The window's start is open: a run five minutes later does not fire it again.
    #expect(
      fired("2024-01-01 00:05") == "00:01  CHECKLIST.md:n1  Night owl  (due 2024-01-01 00:01)\n")
    #expect(fired("2024-01-01 00:06") == "")
    #expect(fired("2023-12-31 09:00") == "09:00  CHECKLIST.md:o1  Old year  (due 2024-01-01)\n")
    #expect(
      fired("2024-02-29 23:52", "10 minutes")
        == "23:50  CHECKLIST.md:m1  Month end  (due 2024-03-01 00:00)\n")
    #expect(
      fired("2024-02-29 23:50", "1")
        == "23:50  CHECKLIST.md:m1  Month end  (due 2024-03-01 00:00)\n")
    #expect(fired("2024-02-29 23:49", "1h") == "")
    #expect(
      fired("2024-03-31 02:30") == "02:30  CHECKLIST.md:c1  Clocks change  (due 2024-03-31 02:30)\n"
    )
    #expect(
      fired("2024-04-02 09:00", "1 day") == "09:00  CHECKLIST.md:t1  Nine  (due 2024-04-02)\n")
    // .chk.json: another default time; off unless asked.
    try cli.write(".chk.json", #"{"reminders": {"time": "07:30"}}"#)
    #expect(fired("2024-04-02 07:30") == "07:30  CHECKLIST.md:t1  Nine  (due 2024-04-02)\n")
    try cli.write(".chk.json", #"{"reminders": {"enabled": false}}"#)
    #expect(fired("2024-01-01 00:02") == "")
    #expect(fired("2023-12-31 09:00") == "09:00  CHECKLIST.md:o1  Old year  (due 2024-01-01)\n")
    #expect(cli.run("remind", "--window", "soon").status == .usage)
    #expect(cli.run("remind", "--now", "2024-01-01").status == .usage)
  }

  /// `--notify` calls notify-send once per reminder (title: the name; body: the list
  /// and due, after `--`, so that text from the file is never an option); without
  /// notify-send the reminders are printed all the same, then the run says so.
  @Test func notifyCallsNotifySend() throws {
    let cli = try Self.harness([
      "CHECKLIST.md": Self.file + "- [ ] -w  @due(2024-03-31 02:30)  @id(w1)\n"
        + "\n## --version\n\n- [ ] --help  @due(2024-03-31 02:30)  @id(h1)\n"
    ])
    let missing = cli.run("remind", "--now", "2024-03-31 02:30", "--notify")
    #expect(missing.status == .unavailable)
    #expect(missing.errors.contains("--notify needs notify-send, which is not on PATH"))
    #expect(
      missing.output
        == "02:30  CHECKLIST.md:c1  Clocks change  (due 2024-03-31 02:30)\n"
        + "02:30  CHECKLIST.md:w1  -w  (due 2024-03-31 02:30)\n"
        + "02:30  CHECKLIST.md:h1  --help  (due 2024-03-31 02:30)\n")
    try Self.recorder("notify-send", in: cli, log: "notified")
    let result = cli.run("remind", "--now", "2024-03-31 02:30", "--notify")
    #expect(result.status == .success)
    #expect(
      try cli.read("notified")
        == "--app-name=chk|--|Clocks change|Home · due 2024-03-31 02:30|"
        + "NAME=Clocks change|DUE=2024-03-31 02:30|FILE=CHECKLIST.md|ID=c1|LIST=Home\n"
        + "--app-name=chk|--|-w|Home · due 2024-03-31 02:30|"
        + "NAME=-w|DUE=2024-03-31 02:30|FILE=CHECKLIST.md|ID=w1|LIST=Home\n"
        + "--app-name=chk|--|--help|--version · due 2024-03-31 02:30|"
        + "NAME=--help|DUE=2024-03-31 02:30|FILE=CHECKLIST.md|ID=h1|LIST=--version\n")
  }

  /// `--exec` runs its program once per reminder with the fields in CHK_ variables; a
  /// name full of shell metacharacters reaches it as it is and runs nothing else.
  @Test func execPassesFieldsWithoutAShell() throws {
    let name = #"$(touch pwned); `touch pwned2` && rm -rf / | "x" 'y' \ *"#
    let cli = try Self.harness([
      "CHECKLIST.md": "- [ ] \(name)  @due(2024-06-01 12:00)  @id(x1)\n"
    ])
    let parsed = try ChecklistDocument(parsing: Array(try cli.read("CHECKLIST.md").utf8))
    let stored = try #require(parsed.lists.first?.items.first?.name)
    try Self.recorder("hook", in: cli, log: "ran")
    let result = cli.run("remind", "--now", "2024-06-01 12:00", "--exec", "hook --flag")
    #expect(result.status == .success)
    #expect(
      try cli.read("ran")
        == "--flag|NAME=\(stored)|DUE=2024-06-01 12:00|FILE=CHECKLIST.md|ID=x1|LIST=\n")
    #expect(!FileManager.default.fileExists(atPath: cli.directory.path + "/pwned"))
    #expect(!FileManager.default.fileExists(atPath: cli.directory.path + "/pwned2"))
    #expect(cli.run("remind", "--exec", "no-such-program").status == .unavailable)
  }

  /// A file that cannot be read is reported; the other files still remind, and the run
  /// exits 0.
  @Test func aBrokenFileDoesNotStopTheOthers() throws {
    let cli = try Self.harness([
      "a.md": "- [ ] A  @due(2024-06-01 12:00)  @id(a1)\n", "b.md": "- [ ] B\u{FFFD}\n",
    ])
    try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A]).write(
      to: URL(fileURLWithPath: cli.directory.path + "/b.md"))
    let result = cli.run("remind", "a.md", "b.md", "--now", "2024-06-01 12:00")
    #expect(result.status == .success)
    #expect(result.output == "12:00  a.md:a1  A  (due 2024-06-01 12:00)\n")
    #expect(result.errors.contains("b.md"))
  }
}
