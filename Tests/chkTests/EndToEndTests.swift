import ChkTestSupport
import Foundation
import Testing

/// Runs the built `chk` binary on copies of the samples.
@Suite("chk binary end to end")
struct EndToEndTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The binary under test: the one built beside the tests, or `CHK_TEST_BINARY` (to
  /// run these tests against another build, such as an older one a fix is checked
  /// against).
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["CHK_TEST_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chk")
  }

  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-e2e-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Samples").path)
    {
      try FileManager.default.copyItem(
        at: Self.root.appendingPathComponent("Samples/" + name),
        to: directory.appendingPathComponent(name))
    }
  }

  func run(_ arguments: String..., input: String = "") throws -> Run {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["CHK_SEED"] = "3"
    environment["XDG_STATE_HOME"] = directory.appendingPathComponent(".state").path
    environment["NO_COLOR"] = "1"
    environment.removeValue(forKey: "CHK_FILE")
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  func contents(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// `chk fmt -` reads standard input to its end (`StandardInput.readAll` in the binary).
  @Test func formatReadsStandardInput() throws {
    let lines = (0..<5_000).map { "* [ ]   item \($0)   @due(2024-01-01)" }
    let result = try run("fmt", "-", input: lines.joined(separator: "\n") + "\n")
    #expect(result.status == 0, "\(result.errors)")
    let output = result.output.split(separator: "\n")
    #expect(output.count == 5_000)
    #expect(output.last == "- [ ] item 4999  @due(2024-01-01)")
  }

  @Test func versionPrintsTheNameAndSucceeds() throws {
    let result = try run("--version")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("chk "))
    #expect(result.errors.isEmpty)
  }

  /// The routines sample: recurring items come back, a list is reset, a template is
  /// copied, and the agenda reads every sample.
  @Test func routinesComeBack() throws {
    func text(_ name: String) throws -> String {
      String(decoding: try contents(name), as: UTF8.self)
    }
    let check = try run("-f", "routines.md", "check", "wp7k", "pr5v", "--date", "2026-12-03")
    #expect(check.status == 0, "\(check.errors)")
    let lines = check.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "checked wp7k \"Water the plants\"")
    #expect(lines[1].hasPrefix("added the next one: ") && lines[1].hasSuffix(" due 2026-12-09"))
    #expect(lines[3].hasSuffix("\"Pay the rent\" due 2027-01-03"))
    let routines = try text("routines.md")
    #expect(routines.contains("- [ ] Water the plants  @due(2026-12-09)  @every(week)  @id("))
    #expect(routines.components(separatedBy: "  - [ ] Ferns").count == 3)
    #expect(!routines.contains("  - [ ] Cactus"))

    #expect(
      try run("-f", "routines.md", "reset", "--list", "Packing").output
        == "reset 2 items in \"Packing\"\n")
    #expect(
      try text("routines.md").contains("- [ ] Passport  @id(pa1s)\n- [ ] Charger  @id(ch8r)\n"))
    let copy = try run("-f", "routines.md", "list-copy", "Release template", "Release 2.4")
    #expect(copy.output == "copied list \"Release template\" to \"Release 2.4\" with 4 items\n")
    let copied = try text("routines.md")
    #expect(copied.contains("\n## Release 2.4  @id("))
    #expect(copied.hasSuffix("- [ ] Announce it  @id(an8x)\n") == false)
    #expect(
      copied.contains("Copy this list for each release; every item starts unchecked.\n\n- [ ] Tag"))
    #expect(try run("-f", "routines.md", "lint").status == 0)

    let agenda = try run("due", ".", "--today", "2026-12-04", "--json")
    #expect(agenda.status == 0, "\(agenda.errors)")
    let items = try JSONSerialization.jsonObject(with: Data(agenda.output.utf8)) as? [[String: Any]]
    let files = Set((items ?? []).compactMap { $0["file"] as? String })
    #expect(files == ["household.md", "notes.md", "project.md", "routines.md", "windows.md"])
    let review = items?.first { $0["name"] as? String == "Review the inbox" }
    #expect(review?["section"] as? String == "today")
    #expect(try run("due", ".", "--today", "2026-12-04", "--fail-on-overdue").status == 1)
  }

  @Test func listsASample() throws {
    let result = try run("-f", "household.md", "list")
    #expect(result.status == 0)
    #expect(result.output.contains("1  [ ] Milk         k3f9\n"))
    #expect(result.errors.isEmpty)
  }

  @Test func checksAnItemInPlace() throws {
    let result = try run("-f", "project.md", "check", "t7bg", "--date", "2024-03-14")
    #expect(result.status == 0)
    #expect(result.output == "checked t7bg \"Triage open bugs\"\n")
    let text = String(decoding: try contents("project.md"), as: UTF8.self)
    #expect(
      text.contains(
        "- [x] Triage open bugs  @due(2024-03-15)  @done(2024-03-14)  @id(t7bg)  # only P0 and P1\n"
      ))
  }

  @Test func keepsCRLFAndTheByteOrderMark() throws {
    let before = try contents("windows.md")
    #expect(try run("-f", "windows.md", "check", "pp01", "--date", "2024-02-11").status == 0)
    let after = try contents("windows.md")
    #expect(after.starts(with: [0xEF, 0xBB, 0xBF]))
    #expect(
      !String(decoding: after, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains(
        "\n"))
    #expect(try run("-f", "windows.md", "undo").status == 0)
    #expect(try contents("windows.md") == before)
  }

  @Test func invalidUTF8IsRefusedWithoutAStackTrace() throws {
    try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A]).write(
      to: directory.appendingPathComponent("bad.md"))
    let result = try run("-f", "bad.md", "check", "1")
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(
      result.errors
        == "chk: bad.md: invalid UTF-8 at byte 6 (line 1, column 7); chk reads UTF-8 text only: convert the file (e.g. with iconv) and try again\n"
    )
    #expect(try contents("bad.md") == Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A]))
  }

  @Test func missingFileAndUsageErrors() throws {
    #expect(try run("-f", "none.md", "list").status == 66)
    let usage = try run("-f", "household.md", "check")
    #expect(usage.status == 64)
    #expect(usage.errors.hasPrefix("chk: usage: chk check"))
    #expect(try run("-f", "household.md", "check", "zzzz").status == 64)
  }

  @Test func jsonIsValid() throws {
    let result = try run("-f", "notes.md", "list", "--json")
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(object?["file"] as? String == "notes.md")
  }

  @Test func initThenAdd() throws {
    #expect(try run("init", "new.md").output == "created new.md\n")
    let added = try run("-f", "new.md", "add", "first", "thing")
    #expect(added.status == 0)
    #expect(added.output.hasSuffix("\"first thing\" to \"To do\"\n"))
    #expect(
      String(decoding: try contents("new.md"), as: UTF8.self).hasPrefix(
        "# Checklist\n\n## To do\n\n- [ ] first thing  @id("))
  }
}

/// Permission errors, tested as an unprivileged user: root ignores permission bits.
@Suite("chk binary as an unprivileged user")
struct PermissionTests {
  static var canDropPrivileges: Bool {
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
  }

  func runAsNobody(_ arguments: [String], in directory: URL) throws -> EndToEndTests.Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments =
      ["--reuid=65534", "--regid=65534", "--clear-groups", EndToEndTests.binary.path] + arguments
    process.currentDirectoryURL = directory
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1"]
    let result = try process.runCollecting(.errors)
    return EndToEndTests.Run(status: result.status, output: "", errors: result.text)
  }

  func scratch(directoryMode: Int, fileMode: Int) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-perm-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("list.md")
    try Data("- [ ] a  @id(a1)\n".utf8).write(to: file)
    chmod(file.path, mode_t(fileMode))
    chmod(directory.path, mode_t(directoryMode))
    return directory
  }

  /// A user's own read-only file (0444) in their own directory: the directory allows a
  /// rename, but the shell refuses to write the file and so does chk (73).
  @Test func ownReadOnlyFileIsRefused() throws {
    guard Self.canDropPrivileges else {
      try Skips.skip("permissions as an unprivileged user", because: "not root with setpriv")
    }
    let directory = try scratch(directoryMode: 0o755, fileMode: 0o444)
    defer { try? FileManager.default.removeItem(at: directory) }
    chown(directory.path, 65534, 65534)
    chown(directory.appendingPathComponent("list.md").path, 65534, 65534)
    let result = try runAsNobody(["-f", "list.md", "check", "a1"], in: directory)
    #expect(result.status == 73)
    #expect(
      result.errors
        == "chk: list.md: the file's permissions (mode 0444) do not let you write it; "
        + "nothing was written, make it writable (chmod u+w) to edit it\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["list.md"])
    // Listing it is fine.
    #expect(try runAsNobody(["-f", "list.md", "list"], in: directory).status == 0)
  }

  @Test(arguments: [(0o755, 0o666), (0o755, 0o644), (0o777, 0o644)])
  func unwritableFileOrDirectory(_ directoryMode: Int, _ fileMode: Int) throws {
    guard Self.canDropPrivileges else {
      try Skips.skip("permissions as an unprivileged user", because: "not root with setpriv")
    }
    let directory = try scratch(directoryMode: directoryMode, fileMode: fileMode)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try runAsNobody(["-f", "list.md", "check", "a1"], in: directory)
    #expect(result.status == 73)
    if fileMode & 0o002 == 0 {
      // root's file, not writable by others: refused before anything is created.
      #expect(
        result.errors
          == "chk: list.md: the file's permissions (mode 0644) do not let you write it; "
          + "nothing was written, make it writable (chmod u+w) to edit it\n")
    } else {
      #expect(result.errors.hasPrefix("chk: list.md: permission denied while "))
    }
    #expect(
      String(
        decoding: try Data(contentsOf: directory.appendingPathComponent("list.md")), as: UTF8.self)
        == "- [ ] a  @id(a1)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["list.md"])
  }

  @Test func unreadableFile() throws {
    guard Self.canDropPrivileges else {
      try Skips.skip("permissions as an unprivileged user", because: "not root with setpriv")
    }
    let directory = try scratch(directoryMode: 0o755, fileMode: 0o600)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try runAsNobody(["-f", "list.md", "list"], in: directory)
    #expect(result.status == 73)
    #expect(
      result.errors
        == "chk: list.md: permission denied while opening it for reading; make the file readable\n")
  }
}

/// The benchmark harness runs; its figures are for `chk-bench` itself to judge, never
/// timed here.
@Suite("chk-bench harness")
struct BenchmarkHarnessTests {
  @Test func harnessRunsOnTheFiftyItemCorpus() throws {
    let process = Process()
    process.executableURL = EndToEndTests.binary.deletingLastPathComponent()
      .appendingPathComponent("chk-bench")
    process.arguments = ["--quick", "--runs", "1", "--json", "--chk", EndToEndTests.binary.path]
    let result = try process.runCollecting(.output)
    // 0 when every target is met, 1 when one is missed (a debug build misses some).
    #expect(result.status == 0 || result.status == 1)
    let figures = try #require(
      try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [[String: Any]])
    let names = figures.compactMap { $0["name"] as? String }
    for expected in [
      "chk --version", "chk list, 50 items", "parse (in process), 50 items",
      "chk fmt FILE >/dev/null, 50 items", "chk lint FILE, 50 items", "chk check ID, 50 items",
    ] {
      #expect(names.contains(expected), "missing \(expected) in \(names)")
    }
    for figure in figures {
      let median = try #require(figure["medianSeconds"] as? Double)
      #expect(median > 0, "\(figure["name"] ?? "")")
    }
    let parse = try #require(figures.first { ($0["name"] as? String)?.hasPrefix("parse") == true })
    #expect((parse["peakRSS"] as? Int ?? 0) > 0)
  }

  /// `--instructions` counts each row's instructions under callgrind, keeps them with
  /// `--save`, and prints each row's change against what was kept: the same build
  /// counted twice differs by less than one percent on every row.
  @Test func instructionCountsAreKeptAndCompared() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else {
      try Skips.missing(
        "chk-bench --instructions", "no valgrind",
        required: ProcessInfo.processInfo.environment["CHK_REQUIRE_VALGRIND"] == "1")
      return
    }
    let kept = FileManager.default.temporaryDirectory
      .appendingPathComponent("chk-instructions-\(getpid()).tsv").path
    defer { try? FileManager.default.removeItem(atPath: kept) }
    func run(_ extra: [String]) throws -> (status: Int32, text: String) {
      let process = Process()
      process.executableURL = EndToEndTests.binary.deletingLastPathComponent()
        .appendingPathComponent("chk-bench")
      process.arguments =
        ["--instructions", "--quick", "--kept", kept, "--chk", EndToEndTests.binary.path] + extra
      let result = try process.runCollecting(.output)
      return (result.status, result.text)
    }
    let first = try run(["--save"])
    #expect(first.status == 0, "\(first.text)")
    let saved = try String(contentsOfFile: kept, encoding: .utf8)
    #expect(saved.contains("\nlint\t"))
    // Every row: the commands on one file, the many-file views, a language-server session
    // and a terminal-UI session.
    let savedRows = saved.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(savedRows.count == 26, "\(saved)")
    #expect(
      savedRows.contains { $0.hasPrefix("lsp: ") } && savedRows.contains { $0.hasPrefix("tui: ") })
    let second = try run([])
    #expect(second.status == 0)
    let rows = second.text.split(separator: "\n").dropFirst()
    #expect(rows.count == savedRows.count)
    for row in rows {
      let change = row.split(separator: " ").last.map(String.init) ?? ""
      let percent = Double(change.dropFirst().dropLast()) ?? 99
      #expect(change.hasSuffix("%") && percent < 1, "\(row)")
    }
  }
}
