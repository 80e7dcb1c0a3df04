import ChkTestSupport
import Foundation
import Testing

/// Real git repositories in temporary directories, set up with `chk git setup`, with
/// branches merged through the driver.
@Suite("git merge driver end to end")
struct GitTests {
  static var hasGit: Bool {
    ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  struct Output {
    var status: Int32
    var text: String
  }

  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-git-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Runs a program in the repository with a private HOME (no user or system git config).
  @discardableResult
  func run(_ program: String, _ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.currentDirectoryURL = directory
    process.environment = TestSupport.childEnvironment([
      "PATH": EndToEndTests.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1",
      "XDG_STATE_HOME": directory.appendingPathComponent(".git/chk-state").path,
      "XDG_CONFIG_HOME": directory.appendingPathComponent(".git/config-home").path,
    ])
    let result = try process.runCollecting(.both)
    return Output(status: result.status, text: result.text)
  }

  @discardableResult func git(_ arguments: String...) throws -> Output { try run("git", arguments) }
  @discardableResult func chk(_ arguments: String...) throws -> Output { try run("chk", arguments) }

  func write(_ text: String, to name: String = "CHECKLIST.md") throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }

  func read(_ name: String = "CHECKLIST.md") throws -> String {
    String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
  }

  /// A repository with the driver set up and `base` committed on main.
  func repository(_ base: String, setUp: Bool = true) throws {
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "test@example.org")
    try git("config", "user.name", "Test")
    if setUp {
      let setup = try chk("git", "setup")
      #expect(setup.status == 0, "\(setup.text)")
    }
    try write(base)
    try git("add", "-A")
    try git("commit", "-q", "-m", "base")
  }

  /// Commits `theirs` on a branch and `ours` on main, then merges the branch.
  func merge(ours: String, theirs: String) throws -> Output {
    try git("checkout", "-q", "-b", "side")
    try write(theirs)
    try git("commit", "-q", "-a", "-m", "theirs")
    try git("checkout", "-q", "main")
    try write(ours)
    try git("commit", "-q", "-a", "-m", "ours")
    return try git("merge", "-q", "--no-edit", "side")
  }

  static let base = """
    ## Groceries  @id(l1)

    - [ ] Milk  @id(a1)
    - [ ] Eggs  @id(a2)
    - [ ] Bread  @id(a3)

    """

  /// One case: ours and theirs as edits of the base, and the expected merge.
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var ours: String
    var theirs: String
    /// The merged file; for a conflict, the text the file must contain.
    var expected: String
    var conflict: Bool
    var testDescription: String { label }
  }

  static let cases: [Case] = [
    Case(
      label: "check-offs of adjacent items",
      ours: base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk"),
      theirs: base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs"),
      expected: base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        .replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs"),
      conflict: false),
    Case(
      label: "additions on both sides",
      ours: base + "- [ ] Jam  @id(c1)\n",
      theirs: base + "- [ ] Tea  @id(c2)\n",
      expected: base + "- [ ] Jam  @id(c1)\n- [ ] Tea  @id(c2)\n",
      conflict: false),
    Case(
      label: "rename vs check",
      ours: base.replacingOccurrences(of: "Bread", with: "Rye bread"),
      theirs: base.replacingOccurrences(
        of: "- [ ] Bread  @id(a3)", with: "- [x] Bread  @done(2024-05-01)  @id(a3)"),
      expected: base.replacingOccurrences(
        of: "- [ ] Bread  @id(a3)", with: "- [x] Rye bread  @done(2024-05-01)  @id(a3)"),
      conflict: false),
    Case(
      label: "reorder vs edit",
      ours: base.replacingOccurrences(
        of: "- [ ] Milk  @id(a1)\n- [ ] Eggs  @id(a2)\n",
        with: "- [ ] Eggs  @id(a2)\n- [ ] Milk  @id(a1)\n"),
      theirs: base.replacingOccurrences(
        of: "- [ ] Milk  @id(a1)", with: "- [ ] Milk  @id(a1)  # oat"),
      expected: base.replacingOccurrences(
        of: "- [ ] Milk  @id(a1)\n- [ ] Eggs  @id(a2)\n",
        with: "- [ ] Eggs  @id(a2)\n- [ ] Milk  @id(a1)  # oat\n"),
      conflict: false),
    Case(
      label: "delete vs no change",
      ours: base.replacingOccurrences(of: "- [ ] Eggs  @id(a2)\n", with: ""),
      theirs: base.replacingOccurrences(of: "- [ ] Bread", with: "- [x] Bread"),
      expected: base.replacingOccurrences(of: "- [ ] Eggs  @id(a2)\n", with: "")
        .replacingOccurrences(of: "- [ ] Bread", with: "- [x] Bread"),
      conflict: false),
    Case(
      label: "delete vs edit",
      ours: base.replacingOccurrences(of: "- [ ] Eggs  @id(a2)\n", with: ""),
      theirs: base.replacingOccurrences(of: "Eggs", with: "Brown eggs"),
      expected: "<<<<<<< ours\n=======\n- [ ] Brown eggs  @id(a2)\n>>>>>>> theirs\n",
      conflict: true),
    Case(
      label: "different @done dates",
      ours: base.replacingOccurrences(
        of: "- [ ] Milk  @id(a1)", with: "- [x] Milk  @done(2024-05-01)  @id(a1)"),
      theirs: base.replacingOccurrences(
        of: "- [ ] Milk  @id(a1)", with: "- [x] Milk  @done(2024-05-02)  @id(a1)"),
      expected: "<<<<<<< ours\n- [x] Milk  @done(2024-05-01)  @id(a1)\n=======\n"
        + "- [x] Milk  @done(2024-05-02)  @id(a1)\n>>>>>>> theirs\n",
      conflict: true),
    Case(
      label: "CRLF files",
      ours: base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        .replacingOccurrences(of: "\n", with: "\r\n"),
      theirs: base.replacingOccurrences(of: "- [ ] Bread", with: "- [x] Bread")
        .replacingOccurrences(of: "\n", with: "\r\n"),
      expected: base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        .replacingOccurrences(of: "- [ ] Bread", with: "- [x] Bread")
        .replacingOccurrences(of: "\n", with: "\r\n"),
      conflict: false),
  ]

  @Test(arguments: cases)
  func mergesByItem(_ testCase: Case) throws {
    guard Self.hasGit else { try Skips.skip("git end to end", because: "no git") }
    defer { try? FileManager.default.removeItem(at: directory) }
    let base =
      testCase.label == "CRLF files"
      ? Self.base.replacingOccurrences(of: "\n", with: "\r\n") : Self.base
    try repository(base)
    let merged = try merge(ours: testCase.ours, theirs: testCase.theirs)
    let status = try git("status", "--porcelain")
    if testCase.conflict {
      #expect(merged.status != 0, "\(merged.text)")
      let text = try read()
      #expect(text.contains(testCase.expected), "\(text)")
      #expect(status.text.hasPrefix("UU CHECKLIST.md"), "\(status.text)")
    } else {
      #expect(merged.status == 0, "\(merged.text)")
      #expect(try read() == testCase.expected)
      #expect(status.text.isEmpty, "\(status.text)")
    }
  }

  @Test func withoutTheDriverGitConflictsAndResolveMergesByItem() throws {
    guard Self.hasGit else { try Skips.skip("git end to end", because: "no git") }
    defer { try? FileManager.default.removeItem(at: directory) }
    try repository(Self.base, setUp: false)
    let ours = Self.base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
    let theirs = Self.base.replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs")
    let merged = try merge(ours: ours, theirs: theirs)
    #expect(merged.status != 0)
    #expect(try read().contains("<<<<<<<"))
    let resolved = try chk("resolve", "CHECKLIST.md")
    #expect(resolved.status == 0, "\(resolved.text)")
    #expect(resolved.text.contains("versions from git's index"))
    #expect(
      try read()
        == Self.base.replacingOccurrences(of: "- [ ] Milk", with: "- [x] Milk")
        .replacingOccurrences(of: "- [ ] Eggs", with: "- [x] Eggs"))
    // A true conflict stays marked, and the status says so.
    try git("merge", "--abort")
    let other = try chk("resolve", "CHECKLIST.md")
    #expect(other.status == 0 && other.text.contains("no conflict markers"))
  }

  @Test func resolveUsesBaseSectionsAndKeepsTrueConflictsMarked() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try write(
      """
      ## L

      <<<<<<< ours
      - [x] a  @done(2024-01-01)  @id(a1)
      - [ ] b  @id(a2)
      ||||||| base
      - [ ] a  @id(a1)
      - [ ] b  @id(a2)
      =======
      - [x] a  @done(2024-02-02)  @id(a1)
      - [x] b  @id(a2)
      >>>>>>> theirs

      """)
    let result = try run(EndToEndTests.binary.path, ["resolve", "CHECKLIST.md"])
    #expect(result.status == 1, "\(result.text)")
    #expect(result.text.contains("1 conflict remains marked"))
    #expect(
      try read()
        == """
        ## L

        <<<<<<< ours
        - [x] a  @done(2024-01-01)  @id(a1)
        =======
        - [x] a  @done(2024-02-02)  @id(a1)
        >>>>>>> theirs
        - [x] b  @id(a2)

        """)
    try write("## L\n\n<<<<<<< ours\n- [ ] a\n=======\n- [x] a\n")
    let malformed = try run(EndToEndTests.binary.path, ["resolve", "CHECKLIST.md"])
    #expect(malformed.status == 65)
    #expect(malformed.text.contains("CHECKLIST.md:6: a conflict region is not closed"))
    #expect(try read() == "## L\n\n<<<<<<< ours\n- [ ] a\n=======\n- [x] a\n")
  }

  @Test func setupIsIdempotentAndCheckReportsIt() throws {
    guard Self.hasGit else { try Skips.skip("git end to end", because: "no git") }
    defer { try? FileManager.default.removeItem(at: directory) }
    // Outside a repository: said so (64), not taken for git missing.
    let outside = try chk("git", "setup")
    #expect(outside.status == 64 && outside.text.contains("not in a git repository"))
    try git("init", "-q", "-b", "main")
    let before = try chk("git", "setup", "--check")
    #expect(before.status == 1)
    #expect(before.text.contains("missing '*.md merge=chk diff=chk'"))
    try write("docs/\n", to: ".gitattributes")
    #expect(try chk("git", "setup").status == 0)
    #expect(try chk("git", "setup").status == 0)
    #expect(try read(".gitattributes") == "docs/\n*.md merge=chk diff=chk\n")
    #expect(
      try git("config", "--get", "merge.chk.driver").text == "chk merge-driver %O %A %B %L %P\n")
    let after = try chk("git", "setup", "--check")
    #expect(after.status == 0, "\(after.text)")
    #expect(try git("check-attr", "merge", "--", "notes/CHECKLIST.md").text.contains("merge: chk"))
    let global = try chk("git", "setup", "--global", "--pattern", "*.todo.md")
    #expect(global.status == 0, "\(global.text)")
    #expect(
      try read(".git/config-home/git/attributes") == "*.todo.md merge=chk diff=chk\n")
    #expect(try chk("git", "setup", "--global", "--pattern", "*.todo.md", "--check").status == 0)
  }

  @Test func diffHunkHeadersNameTheList() throws {
    guard Self.hasGit else { try Skips.skip("git end to end", because: "no git") }
    defer { try? FileManager.default.removeItem(at: directory) }
    var text = "## Groceries\n\n"
    for number in 1...12 { text += "- [ ] item \(number)  @id(g\(number))\n" }
    try repository(text)
    try write(text.replacingOccurrences(of: "- [ ] item 11", with: "- [x] item 11"))
    let diff = try git("diff")
    #expect(diff.text.contains("@@ ## Groceries"), "\(diff.text)")
  }

  @Test func theDriverFallsBackToLinesForFilesThatAreNotUTF8() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // Changes two lines apart merge; the line between keeps them from touching.
    try Data([0x61, 0x0A, 0x78, 0x0A, 0x62, 0x0A]).write(
      to: directory.appendingPathComponent("base"))
    try Data([0x61, 0xFF, 0x0A, 0x78, 0x0A, 0x62, 0x0A]).write(
      to: directory.appendingPathComponent("ours"))
    try Data([0x61, 0x0A, 0x78, 0x0A, 0x42, 0x0A]).write(
      to: directory.appendingPathComponent("theirs"))
    let result = try run(
      EndToEndTests.binary.path, ["merge-driver", "base", "ours", "theirs", "7", "list.md"])
    #expect(result.status == 0, "\(result.text)")
    #expect(result.text.contains("list.md: not valid UTF-8 in every version; merged line by line"))
    #expect(
      try Data(contentsOf: directory.appendingPathComponent("ours"))
        == Data([0x61, 0xFF, 0x0A, 0x78, 0x0A, 0x42, 0x0A]))
  }
}
