import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("CLI: fmt")
struct FormatCommandTests {
  static let messy = "#  Title ##\n* [X]  a   @id(a1)\n"
  static let tidy = "# Title\n\n- [x] a  @id(a1)\n"

  @Test func printsTheFormattedFile() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.messy])
    let result = cli.run("fmt")
    #expect(result.status == .success)
    #expect(result.output == Self.tidy)
    #expect(try cli.read("CHECKLIST.md") == Self.messy)
  }

  @Test func writeRewritesOnlyFilesThatChange() throws {
    let cli = try CLIHarness(files: ["a.md": Self.messy, "b.md": Self.tidy])
    let before = fileStatus(cli.directory.path + "/b.md")
    usleep(10_000)
    let result = cli.run("fmt", "-w", "a.md", "b.md")
    #expect(result.status == .success)
    #expect(result.output == "formatted a.md\n")
    #expect(try cli.read("a.md") == Self.tidy)
    let after = fileStatus(cli.directory.path + "/b.md")
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_ino == before.st_ino)
  }

  @Test func checkListsFilesAndExitsOne() throws {
    let cli = try CLIHarness(files: ["a.md": Self.messy, "b.md": Self.tidy])
    let result = cli.run("fmt", "--check", "a.md", "b.md")
    #expect(result.status == .failure)
    #expect(result.output == "a.md\n")
    #expect(try cli.read("a.md") == Self.messy)
    #expect(cli.run("fmt", "--check", "b.md").status == .success)
  }

  @Test func diffShowsTheChange() throws {
    let cli = try CLIHarness(files: ["a.md": Self.messy])
    let result = cli.run("fmt", "-d", "a.md")
    #expect(
      result.output == """
        --- a/a.md
        +++ b/a.md
        @@ -1,2 +1,3 @@
        -#  Title ##
        -* [X]  a   @id(a1)
        +# Title
        +
        +- [x] a  @id(a1)

        """)
    #expect(try cli.read("a.md") == Self.messy)
  }

  @Test func standardInput() throws {
    var cli = try CLIHarness()
    cli.standardInput = Array(Self.messy.utf8)
    #expect(cli.run("fmt", "-").output == Self.tidy)
    let check = cli.run("fmt", "--check", "-", "--stdin-filepath", "notes/todo.md")
    #expect(check.output == "notes/todo.md\n")
    #expect(check.status == .failure)
    cli.standardInput = [0xFF]
    let bad = cli.run("fmt", "-", "--stdin-filepath", "x.md")
    #expect(bad.status == .dataError)
    #expect(bad.errors.hasPrefix("chk: x.md: invalid UTF-8 at byte 0"))
  }

  @Test func directoriesSkipHiddenFilesAndFilesWithoutItems() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/d/.git", withIntermediateDirectories: true)
    try cli.write("d/list.md", Self.messy)
    try cli.write("d/README.md", "#  Readme ##\n")
    try cli.write("d/.git/x.md", Self.messy)
    let result = cli.run("fmt", "--check", "d")
    #expect(result.output == "d/list.md\n")
    #expect(cli.run("fmt", "--check", "d/README.md").output == "d/README.md\n")
    #expect(cli.run("fmt", "--check", "--checklists-only", "d/README.md").output.isEmpty)
  }

  @Test func fmtRefusesSeveralFilesToPrintAndReportsEachBadOne() throws {
    let cli = try CLIHarness(files: ["a.md": Self.messy, "b.md": Self.messy])
    let several = cli.run("fmt", "a.md", "b.md")
    #expect(several.status == .usage)
    #expect(
      several.errors == "chk: fmt prints one file; with several, use --write, --check or --diff\n")
    #expect(cli.run("fmt", "-w", "--check", "a.md").status == .usage)
    let missing = cli.run("fmt", "--check", "a.md", "none.md")
    #expect(missing.status == .noInput)
    #expect(missing.output == "a.md\n")
    try Data([0xFF]).write(to: URL(fileURLWithPath: cli.directory.path + "/bad.md"))
    let bad = cli.run("fmt", "-w", "a.md", "bad.md")
    #expect(bad.status == .dataError)
    #expect(try cli.read("a.md") == Self.tidy)
  }

  /// The hooks in .pre-commit-hooks.yaml name real commands and options, and behave as
  /// pre-commit runs them: with the staged Markdown files as arguments.
  @Test func preCommitHooks() throws {
    let text = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
      encoding: .utf8)
    var hooks: [String: String] = [:]
    var current: String?
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("- id: ") { current = String(line.dropFirst(6)) }
      if line.hasPrefix("  entry: "), let id = current { hooks[id] = String(line.dropFirst(9)) }
      if line.hasPrefix("  language: ") { #expect(line == "  language: swift") }
      if line.hasPrefix("  types: ") { #expect(line == "  types: [markdown]") }
    }
    #expect(Set(hooks.keys) == ["chk-lint", "chk-fmt"])
    let cli = try CLIHarness(files: ["list.md": Self.messy, "README.md": "#  Plain ##\n"])
    for (id, entry) in hooks.sorted(by: { $0.key < $1.key }) {
      let words = entry.split(separator: " ").map(String.init)
      #expect(words.first == "chk")
      let result = cli.run(Array(words.dropFirst()) + ["list.md", "README.md"])
      #expect(result.status == .success, "\(id): \(result.errors)")
    }
    #expect(try cli.read("list.md") == Self.tidy)
    #expect(try cli.read("README.md") == "#  Plain ##\n")
  }
}
