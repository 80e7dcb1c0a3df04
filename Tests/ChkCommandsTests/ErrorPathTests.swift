import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("CLI: bad input leaves the file untouched")
struct ErrorPathTests {
  static let file =
    "## L\n\n- [ ] Milk  @id(milk)\n- [ ] Oat milk  @id(oat)\n- [ ] Bread  @id(dup)\n- [ ] Rolls  @id(dup)\n"

  @Test func missingFile() throws {
    let cli = try CLIHarness()
    let result = cli.run("-f", "none.md", "check", "x")
    #expect(result.status == .noInput)
    #expect(
      result.errors == "chk: none.md: no such file; check the path, or create it with 'chk init'\n")
    #expect(result.output.isEmpty)
  }

  @Test func directoryIsNotAFile() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/dir.md", withIntermediateDirectories: true)
    let result = cli.run("-f", "dir.md", "list")
    #expect(result.status == .noInput)
    #expect(
      result.errors == "chk: dir.md: is a directory, not a regular file; name a checklist file\n")
  }

  @Test func invalidUTF8NamesTheByteAndLine() throws {
    let cli = try CLIHarness()
    let bytes = Array("## L\n- [ ] a\n- [ ] b".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: cli.directory.path + "/bad.md"))
    for arguments in [["-f", "bad.md", "list"], ["-f", "bad.md", "check", "1"]] {
      let result = cli.run(arguments)
      #expect(result.status == .dataError)
      #expect(
        result.errors
          == "chk: bad.md: invalid UTF-8 at byte 20 (line 3, column 8); chk reads UTF-8 text only: "
          + "convert the file (e.g. with iconv) and try again\n")
    }
    #expect(
      Array(try Data(contentsOf: URL(fileURLWithPath: cli.directory.path + "/bad.md"))) == bytes)
  }

  @Test func unknownItem() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    let result = cli.run("check", "nope")
    #expect(result.status == .usage)
    #expect(
      result.errors
        == "chk: CHECKLIST.md: no item with ID 'nope'; name an item by its ID, its number in "
        + "'chk list', or /TEXT\n")
    #expect(cli.run("check", "9").errors.contains("no item number 9; the file has 4 items"))
    #expect(cli.run("check", "/zebra").errors.contains("no item name contains 'zebra'"))
    #expect(try cli.read("CHECKLIST.md") == Self.file)
  }

  @Test func ambiguousItemsListTheCandidates() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    let text = cli.run("check", "/milk")
    #expect(text.status == .usage)
    #expect(
      text.errors
        == "chk: CHECKLIST.md: 2 items match '/milk': 1 'Milk' (milk, line 3), "
        + "2 'Oat milk' (oat, line 4); name one by its number\n")
    let id = cli.run("uncheck", "dup")
    #expect(id.status == .usage)
    #expect(id.errors.contains("the ID 'dup' is used by 2 items"))
    #expect(try cli.read("CHECKLIST.md") == Self.file)
  }

  @Test func anExistingIDWinsOverANumber() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @id(2)\n- [ ] b  @id(bb)\n"])
    #expect(cli.run("check", "2").output == "checked 2 \"a\"\n")
  }

  @Test func emptyNamesAndBadDatesAreValueErrors() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    let blank = cli.run("add", "  ")
    #expect(blank.status == .dataError)
    #expect(blank.errors == "chk: CHECKLIST.md: the name is empty; give the item or list a name\n")
    let rename = cli.run("edit", "milk", "--name", "")
    #expect(rename.status == .dataError)
    let date = cli.run("check", "milk", "--date", "2024-02-30")
    #expect(date.status == .dataError)
    #expect(
      date.errors
        == "chk: --date: '2024-02-30' is not a day; write YYYY-MM-DD (e.g. 2024-02-29), today, "
        + "tomorrow, yesterday, a weekday (fri), next fri, next week, in 3 days, +2w, dec 24 or "
        + "24 dec, or 12/24 (a day over 12 tells it from the month)\n")
    #expect(cli.run("add", "x", "--due", "someday").status == .dataError)
    #expect(cli.run("list", "--due-before", "2024-13-01").status == .dataError)
    #expect(try cli.read("CHECKLIST.md") == Self.file)
  }

  @Test func missingOperandsAreUsageErrors() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    for command in [
      "check", "uncheck", "toggle", "rm", "add", "edit", "mv", "list-add", "list-rename",
    ] {
      let result = cli.run(command)
      #expect(result.status == .usage, "\(command)")
      #expect(result.errors.hasPrefix("chk: "), "\(command)")
    }
  }

  @Test func lockedFileGivesUpWithTryAgain() throws {
    var cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    cli.variables["CHK_LOCK_TIMEOUT"] = "0.2"
    let holder = try ChecklistFile(editing: cli.directory.path + "/CHECKLIST.md")
    let result = cli.run("check", "milk")
    #expect(result.status == .temporaryFailure)
    // The holder is named from /proc/locks: this test process.
    #expect(result.errors.contains("another process (pid \(getpid()), "))
    #expect(result.errors.contains("has been editing the file for over 1 s; nothing was written"))
    _ = consume holder
    #expect(cli.run("check", "milk").status == .success)
  }

  /// An empty ITEM names nothing, even where an item has `@id()`.
  @Test func anEmptyItemIsAUsageError() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a  @id()\n- [ ] b\n"])
    let result = cli.run("check", "")
    #expect(result.status == .usage)
    #expect(result.errors.contains("an ITEM is empty"))
    #expect(try cli.read("CHECKLIST.md") == "- [ ] a  @id()\n- [ ] b\n")
  }

  /// A file in a directory where nothing can be created (/proc) cannot be edited: 73,
  /// as for any file chk cannot write, not an I/O error.
  @Test func aFileWhoseDirectoryTakesNoNewFilesIs73() throws {
    let cli = try CLIHarness()
    let result = cli.run("-f", "/proc/sys/kernel/hostname", "add", "x")
    #expect(result.status == .cannotCreate)
    #expect(result.errors.contains("nothing was written"))
  }

  /// A path longer than the system takes is a missing input (66), for reading too.
  @Test func aPathTooLongIs66() throws {
    let cli = try CLIHarness()
    let path =
      "/tmp/" + String(repeating: "a", count: 300) + "/" + String(repeating: "b/", count: 2_100)
      + "x.md"
    for command in ["list", "check"] {
      let result = cli.run(["-f", path, command] + (command == "check" ? ["1"] : []))
      #expect(result.status == .noInput, "\(command)")
      #expect(
        result.errors.hasSuffix("the path is longer than the system allows; use a shorter path\n"))
    }
  }

  @Test func fileErrorsMapToTheDocumentedStatuses() {
    let cases: [(FileError, ExitCode)] = [
      (.notFound(path: "a"), .noInput), (.notRegularFile(path: "a", kind: "FIFO"), .noInput),
      (.permissionDenied(path: "a", operation: "x"), .cannotCreate),
      (.alreadyExists(path: "a"), .cannotCreate), (.changedOnDisk(path: "a"), .temporaryFailure),
      (.locked(path: "a", seconds: 3, holder: nil), .temporaryFailure),
      (.readOnly(path: "a", mode: 0o100444), .cannotCreate),
      (.protectedSymlink(path: "a", link: "/tmp/a"), .cannotCreate),
      (.cannotCreate(path: "a", operation: "x", reason: "y"), .cannotCreate),
      (.nameTooLong(path: "a"), .noInput),
      (.tooLarge(path: "a"), .dataError),
      (.io(path: "a", operation: "writing", reason: "no space left on device"), .ioError),
    ]
    for (error, status) in cases {
      #expect(CommandError.file(error).status == status, "\(error)")
      // The command line may add what to run after what the library says.
      #expect(CommandError.file(error).message.hasPrefix(error.message.prefix { $0 != ";" }))
    }
  }

  @Test func unwritableDirectory() throws {
    guard geteuid() != 0 else { return }  // root ignores permission bits; see the fault tests
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    chmod(cli.directory.path, 0o555)
    defer { chmod(cli.directory.path, 0o755) }
    let result = cli.run("check", "milk")
    #expect(result.status == .cannotCreate)
    #expect(try cli.read("CHECKLIST.md") == Self.file)
  }
}
