import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// Edits of items in unusual states, each found by the edit model or the terminal UI's
/// differential test (`EditModelDifferentialTests`, `SessionAgainstModelTests`).
@Suite("CLI: edits of items in unusual states")
struct UnusualStateEditTests {
  /// An unchecked item's `@done` is stale (done-unchecked): `--no-date` leaves none; an
  /// item already checked keeps its own.
  @Test func checkWithoutDateDropsAStaleDone() throws {
    let cli = try CLIHarness()
    try cli.write(
      "CHECKLIST.md", "- [ ] a  @done(2024-05-06)  @id(a)\n- [x] b  @done(2024-05-07)  @id(b)\n")
    cli.run("check", "a", "b", "--no-date")
    #expect(try cli.read("CHECKLIST.md") == "- [x] a  @id(a)\n- [x] b  @done(2024-05-07)  @id(b)\n")
  }

  /// An edit that asks for what the item already is writes nothing and says so.
  @Test func anEditThatChangesNothingSaysSo() throws {
    let cli = try CLIHarness()
    try cli.write("CHECKLIST.md", "- [X] a   @id(a)\n")
    let result = cli.run("edit", "a", "--no-every", "--no-due")
    #expect(result.output == "nothing to edit: a \"a\" is already so (due, every)\n")
    #expect(try cli.read("CHECKLIST.md") == "- [X] a   @id(a)\n")
    #expect(cli.run("undo").status != .success)
  }
}
