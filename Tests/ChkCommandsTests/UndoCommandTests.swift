import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands

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
    #expect(undo.output == "restored notes.md to before the last chk edit\n")
    #expect(try cli.read("notes.md") == Self.messy)
    // Each file has its own record: the other one is still formatted, and undoable.
    #expect(try cli.read("other.md") == Self.formatted)
    #expect(cli.run("-f", "other.md", "undo").status == .success)
    #expect(try cli.read("other.md") == Self.messy)
    // Undoing again redoes the formatting.
    #expect(cli.run("-f", "notes.md", "undo").status == .success)
    #expect(try cli.read("notes.md") == Self.formatted)
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
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == fixed)
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
    #expect(dry.output.hasPrefix("would have restored CHECKLIST.md to before the last chk edit\n"))
    #expect(dry.output.contains("-- [x] two  @done(2024-03-10)  @id(b2)\n+- [ ] two  @id(b2)\n"))
    #expect(try cli.read("CHECKLIST.md") == checked)
  }
}
