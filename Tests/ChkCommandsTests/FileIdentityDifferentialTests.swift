import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// One file however it is spelled, judged by `stat` rather than by chk: for every
/// spelling of `a.md` (`./`, `//`, `..`, absolute, through a directory link, a file
/// link, a hard link, and a copy, which is another file), the commands that take
/// `FILE:ITEM` or several files treat it as `a.md` exactly when its device and inode
/// are `a.md`'s:
/// - `rm a.md:1 S:1` removes one item from one file, or one from each;
/// - `check a.md:x S:y` checks both in one file;
/// - `mv a.md:x --after S:z` is a move within a file, or a usage error across files;
/// - `lint a.md S` and `list --in a.md --in S` report a file once.
@Suite("File identity against stat")
struct FileIdentityDifferentialTests {
  static let text = "- [ ] x  @id(x)\n- [ ] y  @id(y)\n- [ ] z  @id(z)\n- [] bad\n"

  static let spellings = [
    "a.md", "./a.md", ".//a.md", "sub/../a.md", "sub//..//a.md", "ABSOLUTE/a.md",
    "linkdir/a.md", "linkdir/linkdir/a.md", "l.md", "sub/l2.md", "h.md", "c.md", "sub/c.md",
  ]

  struct Tree {
    let cli: CLIHarness
    let spelling: String

    init(_ spelling: String) throws {
      var cli = try CLIHarness(files: ["a.md": FileIdentityDifferentialTests.text])
      cli.today = .init(year: 2024, month: 6, day: 3) ?? cli.today
      let root = cli.directory.path
      let manager = FileManager.default
      try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
      try manager.createSymbolicLink(atPath: root + "/linkdir", withDestinationPath: ".")
      try manager.createSymbolicLink(atPath: root + "/l.md", withDestinationPath: "a.md")
      try manager.createSymbolicLink(atPath: root + "/sub/l2.md", withDestinationPath: "../a.md")
      try manager.linkItem(atPath: root + "/a.md", toPath: root + "/h.md")
      try cli.write("c.md", FileIdentityDifferentialTests.text)
      try cli.write("sub/c.md", FileIdentityDifferentialTests.text)
      self.cli = cli
      self.spelling = spelling.replacingOccurrences(of: "ABSOLUTE", with: root)
    }

    /// What `stat` says: the same device and inode as `a.md`.
    var isTheSameFile: Bool {
      var first = stat()
      var second = stat()
      guard lstat(cli.directory.path + "/a.md", &first) == 0,
        stat(absolute(spelling), &second) == 0
      else { return false }
      return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    func absolute(_ path: String) -> String {
      path.hasPrefix("/") ? path : cli.directory.path + "/" + path
    }

    func lines(_ path: String) throws -> [Substring] {
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: absolute(path))), as: UTF8.self)
        .split(separator: "\n")
    }
  }

  @Test(arguments: spellings)
  func removing(_ spelling: String) throws {
    let tree = try Tree(spelling)
    let result = tree.cli.run("rm", "a.md:1", tree.spelling + ":1", "-q")
    #expect(result.status == .success, "\(result.errors)")
    if tree.isTheSameFile {
      #expect(try tree.lines("a.md").count == 3, "one file: item 1 is one item")
    } else {
      #expect(try tree.lines("a.md").count == 3)
      #expect(try tree.lines(tree.spelling).count == 3)
    }
  }

  @Test(arguments: spellings)
  func checkingAndMoving(_ spelling: String) throws {
    let tree = try Tree(spelling)
    #expect(tree.cli.run("check", "a.md:x", tree.spelling + ":y", "-q").status == .success)
    let checked = try tree.lines("a.md").filter { $0.hasPrefix("- [x]") }.count
    #expect(checked == (tree.isTheSameFile ? 2 : 1))
    let move = tree.cli.run("mv", "a.md:x", "--after", tree.spelling + ":z", "-q")
    if tree.isTheSameFile {
      #expect(move.status == .success, "\(move.errors)")
      #expect(try tree.lines("a.md")[2].contains("@id(x)"))
    } else {
      #expect(move.status == .usage)
    }
  }

  @Test(arguments: spellings)
  func readingSeveralFiles(_ spelling: String) throws {
    let tree = try Tree(spelling)
    let lint = tree.cli.run("lint", "a.md", tree.spelling)
    let findings = lint.output.split(separator: "\n").filter { $0.contains("[malformed-checkbox]") }
    #expect(findings.count == (tree.isTheSameFile ? 1 : 2), "\(lint.output)")
    let list = tree.cli.run("list", "--in", "a.md", "--in", tree.spelling)
    let rows = list.output.split(separator: "\n").filter { $0.hasSuffix("[ ] x  x") }
    #expect(rows.count == (tree.isTheSameFile ? 1 : 2), "\(list.output)")
  }
}
