import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// `chk mv ITEM --list FILE:LIST`: an item with its sub-items to a list of another file,
/// placed as a move within a file places it, with an ID of its own there; GitHub's
/// rendering of both files changes only by the item.
@Suite("CLI: moving an item to another file")
struct CrossFileMoveTests {
  static let source =
    "## A\n\n- [ ] Milk  @id(m1)  # oat\n  - [ ] Oat  @id(o1)\n- [ ] Eggs  @id(e1)\n"
  static let destination =
    "## B\n\n1. [ ] First  @id(m1)\n2. [ ] Second  @id(s2)\n\n## C\n\n- [ ] c\n"

  @Test func anItemGoesToAListOfAnotherFile() throws {
    let cli = try CLIHarness(files: ["a.md": Self.source, "b.md": Self.destination])
    let result = cli.run("-f", "a.md", "mv", "m1", "--list", "b.md:B")
    #expect(result.status == .success, "\(result.errors)")
    #expect(result.output.hasPrefix("moved m1 \"Milk\" from a.md to the end of \"B\" in b.md (as "))
    #expect(result.output.hasSuffix(": m1 was taken there)\n"))
    #expect(try cli.read("a.md") == "## A\n\n- [ ] Eggs  @id(e1)\n")
    let moved = try cli.read("b.md")
    #expect(
      moved.hasPrefix("## B\n\n1. [ ] First  @id(m1)\n2. [ ] Second  @id(s2)\n3. [ ] Milk  @id("))
    #expect(moved.contains("  # oat\n   - [ ] Oat  @id(o1)\n\n## C\n"))
    let document = try ChecklistDocument(parsing: Array(moved.utf8))
    let ids = document.items.compactMap(\.id)
    #expect(Set(ids).count == ids.count && ids.count == 4, "no ID twice: \(ids)")
    // GitHub renders the rest of each file as before.
    if let oracle = try RenderingOracle.forTest("a move to another file") {
      let verdicts = try oracle.compare([
        .init(before: Self.source, after: try cli.read("a.md"), beforeDrop: [3]),
        .init(before: Self.destination, after: moved, afterDrop: [5]),
      ])
      #expect(verdicts.allSatisfy { $0.same }, "\(verdicts)")
    }
    // Each file's history takes its part back.
    #expect(cli.run("-f", "b.md", "undo").status == .success)
    #expect(cli.run("-f", "a.md", "undo").status == .success)
    #expect(try cli.read("a.md") == Self.source)
    #expect(try cli.read("b.md") == Self.destination)
  }

  /// `--top` puts it first; a list the other file lacks is refused before anything
  /// is written.
  @Test func topAndAMissingList() throws {
    let cli = try CLIHarness(files: ["a.md": Self.source, "b.md": Self.destination])
    let missing = cli.run("-f", "a.md", "mv", "e1", "--list", "b.md:Nope")
    #expect(missing.status == .usage)
    #expect(try cli.read("a.md") == Self.source)
    #expect(try cli.read("b.md") == Self.destination)
    #expect(cli.run("-f", "a.md", "mv", "e1", "--list", "b.md:C", "--top").status == .success)
    #expect(try cli.read("b.md").hasSuffix("## C\n\n- [ ] Eggs  @id(e1)\n- [ ] c\n"))
  }
}
