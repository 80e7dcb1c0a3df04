import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `chk remind`'s programs and record: what a program chk runs cannot do to it (hang
/// it, keep it waiting, fill its memory, be found in the working directory), and that
/// no reminder is lost or given twice.
@Suite("CLI: chk remind delivers every reminder once")
struct RemindDeliveryTests {
  /// A moment, `YYYY-MM-DD HH:MM`.
  static func moment(_ text: String) -> LocalMoment? {
    DueMoment(text).flatMap { due in due.time.map { LocalMoment(day: due.day, time: $0) } }
  }

  /// A program in the harness's bin/ that runs `body` (a shell script's lines).
  static func program(_ name: String, in cli: CLIHarness, _ body: String) throws {
    let path = cli.directory.path + "/bin/" + name
    try TestSupport.writeProgram("#!/bin/sh\n" + body + "\n", to: path)
  }

  /// `sleep`, which the programs that must outlast chk use; `nil` (the test skips,
  /// saying so) on a machine without it.
  static let sleep = ["/bin/sleep", "/usr/bin/sleep"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether a process runs (a zombie, ended but not yet reaped by its new parent,
  /// does not).
  static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0,
      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[close...].hasPrefix(") Z")
  }

  /// Whether a process that was sent a signal has ended within `seconds`: a killed
  /// process goes on until the scheduler runs it again, which on a busy machine can
  /// be after the signal's sender has gone on.
  static func ends(_ pid: pid_t, within seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning(pid) {
      if Date() > deadline { return false }
      usleep(20_000)
    }
    return true
  }

  /// An empty or relative entry in PATH names the working directory (a repository
  /// someone else committed to): programs are looked for in absolute entries only.
  @Test func relativePathEntriesAreNotSearched() throws {
    var cli = try RemindCommandTests.harness()
    try RemindCommandTests.recorder("notify-send", in: cli, log: "notified")
    let bin = cli.directory.path + "/bin"
    for path in ["", ":", "::", ".", "bin", "./bin", "bin:", ":bin"] {
      cli.variables["PATH"] = path
      let result = cli.run("remind", "--now", "2024-03-31 02:30", "--notify")
      #expect(result.status == .unavailable, "PATH=\(path)")
      #expect(!FileManager.default.fileExists(atPath: cli.directory.path + "/notified"))
    }
    #expect(Subprocess.find("notify-send", path: "::\(bin)") == bin + "/notify-send")
    #expect(Subprocess.find("notify-send", path: ".:bin") == nil)
  }

  /// A program that runs past `--timeout` is ended, with the processes it started (its
  /// process group, even one that ignores SIGTERM), and reported; the run goes on.
  @Test func programsPastTheirTimeLimitAreEnded() throws {
    guard let sleep = Self.sleep else {
      try Skips.skip("a program that outlasts chk", because: "no sleep program")
    }
    let cli = try RemindCommandTests.harness()
    let pids = cli.directory.path + "/pids"
    try Self.program(
      "hook", in: cli,
      "(trap '' TERM; exec \(sleep) 60) & echo $! >> '\(pids)'; echo $$ >> '\(pids)'; wait")
    let result = cli.run(
      "remind", "--now", "2024-03-31 02:30", "--exec", "hook", "--timeout", "1s")
    #expect(result.status == .failure)
    #expect(
      result.errors
        == "chk: hook ran longer than 1 s for CHECKLIST.md:c1 and was ended "
        + "(--timeout sets the limit)\n")
    let started = try cli.read("pids").split(separator: "\n").compactMap { pid_t($0) }
    #expect(started.count == 2)
    for pid in started { #expect(Self.ends(pid), "process \(pid) outlived the limit") }
    #expect(cli.run("remind", "--timeout", "0").status == .usage)
    #expect(cli.run("remind", "--timeout", "soon").status == .usage)
  }

  /// A program that exits but leaves a process holding its output open does not keep
  /// chk waiting: chk takes what the pipe holds and goes on.
  @Test func aProgramsLeftoverProcessIsNotWaitedFor() throws {
    guard let sleep = Self.sleep else {
      try Skips.skip("a program that outlasts chk", because: "no sleep program")
    }
    let cli = try RemindCommandTests.harness()
    let pids = cli.directory.path + "/pids"
    try Self.program("hook", in: cli, "echo said; \(sleep) 60 & echo $! >> '\(pids)'")
    let result = cli.run("remind", "--now", "2024-03-31 02:30", "--exec", "hook")
    #expect(result.status == .success)
    #expect(
      result.output == "02:30  CHECKLIST.md:c1  Clocks change  (due 2024-03-31 02:30)\nsaid\n")
    let leftover = try #require(pid_t(try cli.read("pids").prefix { $0 != "\n" }))
    #expect(Self.isRunning(leftover))
    kill(leftover, SIGKILL)
  }

  /// A program's output is passed on as it arrives and not kept: 1 MiB comes through
  /// in pieces of at most 64 KiB, and the outcome holds none of it.
  @Test func outputIsRelayedNotKept() throws {
    let cli = try RemindCommandTests.harness()
    try Self.program(
      "talk", in: cli,
      #"s=x; i=0; while [ $i -lt 20 ]; do s=$s$s; i=$((i+1)); done; printf %s "$s"; printf e >&2"#
    )
    var pieces: [Int] = []
    var errors = 0
    let outcome = Subprocess.run(
      ["talk"], environment: ["PATH": cli.directory.path + "/bin"], errors: .separate,
      timeLimit: 60
    ) { piece, isError in
      if isError { errors += piece.count } else { pieces.append(piece.count) }
    }
    #expect(outcome.status == 0)
    #expect(outcome.output.isEmpty && outcome.errors.isEmpty)
    #expect(pieces.reduce(0, +) == 1 << 20)
    #expect(pieces.count >= 16 && pieces.allSatisfy { $0 <= 65_536 })
    #expect(errors == 1)
  }

  /// CHK_FILE holds the file name's own bytes, not the form messages show, so that
  /// `chk check "$CHK_ID"` in a hook edits that file.
  @Test func theFileReachesTheProgramByteForByte() throws {
    let cli = try RemindCommandTests.harness([:])
    let name: [UInt8] = [0x76, 0xFE, 0x2E, 0x6D, 0x64]
    let path = SystemPath.string(Array(cli.directory.path.utf8) + [0x2F] + name)
    let descriptor = SystemPath.with(path) { open($0, O_WRONLY | O_CREAT, 0o644) }
    let text = Array("- [ ] A  @due(2024-06-01 12:00)  @id(a1)\n".utf8)
    #expect(write(descriptor, text, text.count) == text.count)
    close(descriptor)
    // The hook writes into the harness's directory: the test process's own working
    // directory is shared with every test running beside this one.
    try Self.program("hook", in: cli, #"printf %s "$CHK_FILE" > '"# + cli.directory.path + "/file'")
    let result = cli.run(
      "remind", SystemPath.string(name), "--now", "2024-06-01 12:00", "--exec", "hook")
    #expect(result.status == .success)
    #expect(result.output == "12:00  v\\xFE.md:a1  A  (due 2024-06-01 12:00)\n")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: cli.directory.path + "/file"))) == name)
  }

  /// Without `--now` a run delivers what fell due since the last run that looked at
  /// the file (a machine that slept through 09:00 delivers it on waking, at most a day
  /// late, with its day), and never one reminder twice: not in a run that overlaps
  /// another's window, nor when the clock is turned back; the hour clocks skip loses
  /// nothing.
  @Test func runsDeliverWhatFellDueSinceTheLastRunOnce() throws {
    var cli = try RemindCommandTests.harness([
      "CHECKLIST.md": """
      - [ ] Early  @due(2024-06-01 01:58)  @id(e1)
      - [ ] Skipped hour  @due(2024-06-01 02:30)  @id(s1)
      - [ ] Nine  @due(2024-06-01 09:00)  @id(n1)
      - [ ] Next day  @due(2024-06-02 09:00)  @id(d1)
      - [ ] Much later  @due(2024-06-04 12:00)  @id(l1)

      """
    ])
    func run(_ now: String) -> String {
      cli.now = Self.moment(now)
      let result = cli.run("remind")
      #expect(result.status == .success, "\(result.errors)")
      return result.output
    }
    // No record yet: the window alone (5 minutes).
    #expect(run("2024-06-01 01:55") == "")
    // Clocks skip 02:00-03:00: the next run, at 03:00, delivers 01:58 and 02:30.
    #expect(
      run("2024-06-01 03:00")
        == "01:58  CHECKLIST.md:e1  Early  (due 2024-06-01 01:58)\n"
        + "02:30  CHECKLIST.md:s1  Skipped hour  (due 2024-06-01 02:30)\n")
    // Asleep from 03:00 to 10:17: 09:00 comes on waking.
    #expect(run("2024-06-01 10:17") == "09:00  CHECKLIST.md:n1  Nine  (due 2024-06-01 09:00)\n")
    // A run that overlaps (the same minute again, or the clock turned back) repeats
    // nothing.
    #expect(run("2024-06-01 10:17") == "")
    #expect(run("2024-06-01 09:01") == "")
    // Asleep for two days: what fell due in the last day comes, with its day.
    #expect(
      run("2024-06-03 08:00")
        == "2024-06-02 09:00  CHECKLIST.md:d1  Next day  (due 2024-06-02 09:00)\n")
    #expect(
      run("2024-06-04 12:00") == "12:00  CHECKLIST.md:l1  Much later  (due 2024-06-04 12:00)\n")
    // `--now` previews without the record: it neither consumes nor is held back.
    #expect(
      cli.run("remind", "--now", "2024-06-01 09:00").output
        == "09:00  CHECKLIST.md:n1  Nine  (due 2024-06-01 09:00)\n")
    // A damaged record is said, and the run looks in its window.
    try cli.write(".state/chk/remind", "garbage")
    cli.now = Self.moment("2024-06-04 12:03")
    let damaged = cli.run("remind")
    #expect(damaged.output == "12:00  CHECKLIST.md:l1  Much later  (due 2024-06-04 12:00)\n")
    #expect(damaged.errors.contains("remind is damaged; this run looked in its window only"))
    #expect(try cli.read(".state/chk/remind").hasPrefix("chk-remind 1\n"))
  }
}
