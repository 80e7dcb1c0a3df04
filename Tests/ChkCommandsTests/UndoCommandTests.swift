import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// Every command that rewrites a file goes through the one edit path, so each can be
/// undone and redone.
@Suite("CLI: undo after every kind of edit")
struct UndoCommandTests {
  static let messy = "# Notes\n## To do\n*   [X] one\n* [ ]   two   @id(b2)\n\n\n"
  static let formatted = "# Notes\n\n## To do\n\n- [x] one\n- [ ] two  @id(b2)\n"

  @Test func formatWriteIsUndoable() throws {
    let cli = try CLIHarness(files: ["notes.md": Self.messy, "other.md": Self.messy])
    let result = cli.run("fmt", "-w", "notes.md", "other.md")
    #expect(result.status == .success)
    #expect(result.output == "formatted notes.md\nformatted other.md\n")
    #expect(try cli.read("notes.md") == Self.formatted)
    let undo = cli.run("-f", "notes.md", "undo")
    #expect(undo.status == .success)
    #expect(undo.output.hasPrefix("undid chk fmt notes.md other.md --write"))
    #expect(try cli.read("notes.md") == Self.messy)
    // Each file has its own record: the other one is still formatted, and undoable.
    #expect(try cli.read("other.md") == Self.formatted)
    #expect(cli.run("-f", "other.md", "undo").status == .success)
    #expect(try cli.read("other.md") == Self.messy)
    // Redo makes the formatting again; undo again finds nothing before it.
    #expect(cli.run("-f", "notes.md", "redo").status == .success)
    #expect(try cli.read("notes.md") == Self.formatted)
    #expect(cli.run("-f", "other.md", "undo").status == .failure)
  }

  /// An edit of many files names the first operands and how many more: each file's
  /// record holds the label (a toggle of 1,000 files once wrote the whole command line
  /// into every record, and made it again for every file).
  @Test func aLabelOfManyFilesNamesTheFirst() throws {
    let names = (10..<70).map { "file-number-\($0).md" }
    let cli = try CLIHarness(
      files: Dictionary(uniqueKeysWithValues: names.map { ($0, "- [ ] a\n") }))
    #expect(cli.run(["toggle", "-q"] + names.map { $0 + ":1" }).status == .success)
    let undo = cli.run("-f", "file-number-69.md", "undo")
    #expect(undo.status == .success)
    #expect(undo.output.hasPrefix("undid chk toggle file-number-10.md:1 file-number-11.md:1 "))
    let label = try #require(undo.output.split(separator: ";").first)
    #expect(label.count <= 220)
    #expect(label.hasSuffix("more)"))
    #expect(label.contains("(51 more)"))
  }

  @Test func lintFixIsUndoable() throws {
    let text = "## L\n\n- [ ] a  @id(x1)\n- [ ] b  @id(x1)\n- [ ] c  @done(2024-01-01)\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": text])
    let fix = cli.run("lint", "--fix")
    #expect(fix.errors == "chk: fixed 2 findings\n")
    let fixed = try cli.read("CHECKLIST.md")
    #expect(fixed != text)
    #expect(!fixed.contains("@done"))
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == text)
    #expect(cli.run("redo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == fixed)
  }

  /// Undo goes back one edit at a time, redo forward again; a new edit empties what
  /// there was to redo.
  @Test func undoGoesBackManyEdits() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": EditingCommandTests.file])
    var states = [try cli.read("CHECKLIST.md")]
    for arguments in [
      ["check", "milk"], ["rm", "bread"], ["add", "Tea"], ["edit", "milk", "--note", "oat"],
    ] {
      #expect(cli.run(arguments).status == .success)
      states.append(try cli.read("CHECKLIST.md"))
    }
    for index in stride(from: 3, through: 0, by: -1) {
      let result = cli.run("undo")
      #expect(result.status == .success, "\(result.errors)")
      #expect(try cli.read("CHECKLIST.md") == states[index])
    }
    #expect(cli.run("undo").errors == "chk: CHECKLIST.md: nothing to undo\n")
    #expect(cli.run("redo").output.hasPrefix("redid chk check milk"))
    #expect(cli.run("redo").output.hasPrefix("redid chk rm bread"))
    #expect(try cli.read("CHECKLIST.md") == states[2])
    cli.run("uncheck", "milk")
    #expect(cli.run("redo").errors == "chk: CHECKLIST.md: nothing to redo\n")
    #expect(cli.run("undo").output == "undid chk uncheck milk; 2 more to undo, 1 to redo\n")
    #expect(try cli.read("CHECKLIST.md") == states[2])
  }

  @Test func aFormatThatChangesNothingLeavesTheLastRecord() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.formatted])
    cli.run("check", "b2", "--date", "2024-01-01")
    let checked = try cli.read("CHECKLIST.md")
    #expect(cli.run("fmt", "-w").output.isEmpty)
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == Self.formatted)
    #expect(checked.contains("- [x] two  @done(2024-01-01)  @id(b2)"))
  }

  @Test func dryRunOfUndoWritesNothing() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.formatted])
    cli.run("check", "b2")
    let checked = try cli.read("CHECKLIST.md")
    let dry = cli.run("undo", "--dry-run", "--diff")
    #expect(dry.output.hasPrefix("would undo chk check b2"))
    #expect(dry.output.contains("-- [x] two  @done(2024-03-10)  @id(b2)\n+- [ ] two  @id(b2)\n"))
    #expect(try cli.read("CHECKLIST.md") == checked)
  }
}

/// Undo records: undo checks the bytes it replaces, and a damaged record is "nothing
/// to undo", never a crash.
@Suite("Undo records")
struct UndoRecordTests {
  static let text = "## L\n\n- [ ] one  @id(a1)\n- [ ] two  @id(b2)\n"

  /// The record file of the harness's CHECKLIST.md.
  static func recordFile(_ cli: CLIHarness) throws -> String {
    let directory = cli.directory.path + "/.state/chk/undo"
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(names.count == 1)
    let history = directory + "/" + (names.first ?? "")
    let records = try FileManager.default.contentsOfDirectory(atPath: history)
    #expect(records.count == 1)
    return history + "/" + (records.first ?? "")
  }

  /// A record whose identity matches the file but whose bytes do not (what an edit
  /// racing another used to leave) is refused, and the file is untouched.
  @Test func undoChecksTheBytesNotOnlyTheIdentity() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    #expect(cli.run("check", "a1").status == .success)
    let checked = try cli.read("CHECKLIST.md")
    let store = UndoStore(directory: try #require(StateDirectory.path(environment: cli.variables)))
    let resolved = try ChecklistFile.snapshot(cli.directory.path + "/CHECKLIST.md")
    guard case .record(var record) = store.load(path: resolved.resolvedPath) else {
      Issue.record("no record")
      return
    }
    #expect(record.identity == resolved.identity)
    record.afterHash ^= 1
    try store.save(record)
    let undo = cli.run("undo")
    #expect(undo.status == .temporaryFailure)
    #expect(undo.errors.contains("the file changed since the last chk edit"))
    #expect(try cli.read("CHECKLIST.md") == checked)
  }

  /// Numbers out of range, truncated and foreign records: undo says there is nothing
  /// to undo with a warning, removes the record, and leaves the file alone.
  @Test(arguments: [
    "chk-undo 2 -5 0 1 1 1 1 1 3 0 0\n", "chk-undo 2 99999999999999999999 0 1 1 1 1 1 3 0 0\n",
    "chk-undo 2 9223372036854775807 9223372036854775807 1 1 1 1 1 3 0 0\n",
    "chk-undo 1 0 0 1 1 1 1 1 3\n", "garbage", "", "chk-undo 2\n",
  ])
  func damagedRecordsAreNothingToUndo(_ record: String) throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.text])
    #expect(cli.run("check", "a1").status == .success)
    let checked = try cli.read("CHECKLIST.md")
    let file = try Self.recordFile(cli)
    try Data(record.utf8).write(to: URL(fileURLWithPath: file))
    let undo = cli.run("undo")
    #expect(undo.status == .failure)
    if !record.isEmpty {
      #expect(undo.errors.contains("nothing to undo (warning: its undo record was damaged"))
    }
    #expect(try cli.read("CHECKLIST.md") == checked)
    #expect(!FileManager.default.fileExists(atPath: file) || record.isEmpty)
  }

  /// Every record with a byte flipped, cut short or with numbers rewritten decodes to a
  /// refusal or to the record itself, never to a crash or a wrong restore.
  @Test func corruptedRecordsNeverRestoreWrongBytes() throws {
    let before = Array("## L\n\n- [ ] one  @id(a1)\n".utf8)
    let after = Array("## L\n\n- [x] one  @done(2024-01-02)  @id(a1)\n".utf8)
    let identity = ChecklistFile.Identity(
      device: 1, inode: 2, size: after.count, modified: FileTime(seconds: 0, nanoseconds: 3),
      changed: FileTime(seconds: 0, nanoseconds: 4))
    let record = UndoStore.Record(
      path: "/x/list.md", before: before, after: after, identity: identity)
    let encoded = UndoStore.encode(record)
    var random = TestRandom(seed: 13)
    for trial in 0..<3_000 {
      var bytes = encoded
      switch trial % 3 {
      case 0: bytes[random.int(0...(bytes.count - 1))] ^= UInt8(random.int(1...255))
      case 1: bytes.removeLast(random.int(1...bytes.count))
      default:
        let digits = Array(String(random.int(0...Int.max) * (random.int(0...1) == 0 ? 1 : -1)).utf8)
        let start = random.int(9...20)
        bytes.replaceSubrange(start..<(start + 1), with: digits)
      }
      switch UndoStore.decode(bytes, path: "/x/list.md") {
      case .record(let decoded):
        #expect(decoded.restore(after) == before, "trial \(trial)")
      case .none, .damaged:
        break
      }
    }
    guard case .record(let decoded) = UndoStore.decode(encoded, path: "/x/list.md") else {
      Issue.record("a good record did not decode")
      return
    }
    #expect(decoded.restore(after) == before)
    #expect(decoded.matches(after))
    #expect(!decoded.matches(before))
  }
}
