import Foundation
import Testing

@testable import ChkCommands

/// `chk list-rm` says what goes with a list: its items and the lines of other text
/// under its heading (no list view shows them), and takes them only with --force.
@Suite("CLI: list removal")
struct ListRemovalCommandTests {
  @Test func proseUnderAHeadingIsSaid() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": EditingCommandTests.file])
    _ = try cli.directory.file("notes.md", "# Title\n\nA paragraph.\n<!-- kept? -->\n\n## L\n")
    let prose = cli.run("list-rm", "Title", "-f", "notes.md")
    #expect(prose.status == .usage)
    #expect(
      prose.errors
        == "chk: notes.md: list \"Title\" has 2 lines of other text; add --force to remove it "
        + "with them\n")
    #expect(
      cli.run("list-rm", "Title", "-f", "notes.md", "--force").output
        == "removed list \"Title\" with 2 lines of other text\n")
    #expect(try cli.read("notes.md") == "## L\n")
  }

  /// An icon name the pictures' table lacks is kept, and said on standard error.
  @Test func anIconWithoutAPictureIsSaid() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": EditingCommandTests.file])
    let unknown = cli.run("list-icon", "Groceries", "shippingbox")
    #expect(unknown.status == .success)
    #expect(unknown.errors.contains("'shippingbox' has no picture in chk's table"))
    #expect(try cli.read("CHECKLIST.md").contains("@icon(shippingbox)"))
    #expect(cli.run("list-icon", "Groceries", "gift").errors.isEmpty)
  }
}
