import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkWorkspace

@Suite("Walking directories")
struct DirectoryWalkTests {
  /// A tree with a file of each kind a walk must decide on.
  static func tree() throws -> CLIHarness {
    let cli = try CLIHarness()
    let item = "- [ ] a  @done(2024-01-02)\n"
    for name in [
      "a.md", "docs/b.md", "docs/old/c.md", "node_modules/pkg/d.md", ".hidden/e.md",
      ".github/PULL_REQUEST_TEMPLATE.md", "sub/ignored.md", ".top.md", "notes.txt",
    ] {
      try FileManager.default.createDirectory(
        atPath: cli.directory.path + "/" + (name as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
      try cli.write(name, item)
    }
    try cli.write("docs/prose.md", "no items\n")
    try cli.write(".chk.json", #"{"exclude": ["docs/old/"]}"#)
    try FileManager.default.createSymbolicLink(
      atPath: cli.directory.path + "/sub/loop", withDestinationPath: "..")
    return cli
  }

  static func linted(_ result: CLIHarness.Result) -> [String] {
    result.output.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
  }

  /// Outside git: hidden files and folders, node_modules, excluded paths and links to
  /// directories (a loop here) are skipped, and --verbose says so.
  @Test func outsideGitHiddenAndNodeModulesAreSkipped() throws {
    let cli = try Self.tree()
    let result = cli.run("lint", "-v", ".")
    #expect(Self.linted(result) == ["a.md", "docs/b.md", "sub/ignored.md"])
    #expect(
      result.errors == """
        chk: configured by .chk.json
        chk: skipped .github/: hidden
        chk: skipped .hidden/: hidden
        chk: skipped .top.md: hidden
        chk: skipped docs/old/: excluded by 'docs/old/' in .chk.json
        chk: skipped node_modules/: node_modules
        chk: skipped sub/loop: a symbolic link to a directory (not followed)
        chk: skipped docs/prose.md: no task items

        """)
    #expect(cli.run("lint", ".").errors == "")
    #expect(cli.run("fmt", "--check", "-v", "docs").errors.contains("skipped docs/old/"))
  }

  /// Inside a git work tree: the files git lists (tracked or not, hidden ones too),
  /// not the ignored ones; and the same order as a plain walk.
  @Test(.enabled(if: DirectoryWalkTests.hasGit, "git is not installed"))
  func insideGitTheFilesGitListsAreWalked()
    throws
  {
    let cli = try Self.tree()
    try cli.write(".gitignore", "sub/ignored.md\nnode_modules/\n")
    try git(["init", "-q"], in: cli)
    try git(["add", "a.md", "docs/b.md"], in: cli)
    let result = cli.run("lint", "-v", ".")
    #expect(
      Self.linted(result) == [
        ".github/PULL_REQUEST_TEMPLATE.md", ".hidden/e.md", ".top.md", "a.md", "docs/b.md",
      ])
    #expect(
      result.errors == """
        chk: configured by .chk.json
        chk: skipped docs/old/c.md: excluded by 'docs/old/' in .chk.json
        chk: skipped node_modules/: ignored by git
        chk: skipped sub/ignored.md: ignored by git
        chk: skipped docs/prose.md: no task items

        """)
    // A tracked file deleted from the work tree is not looked for.
    try FileManager.default.removeItem(atPath: cli.directory.path + "/docs/b.md")
    let after = cli.run("lint", "docs")
    #expect(after.output == "" && after.errors == "" && after.status == .success)
    // A subdirectory lists relative to itself.
    #expect(Self.linted(cli.run("lint", ".github")) == [".github/PULL_REQUEST_TEMPLATE.md"])
  }

  /// Links to `.` and `..` (a loop that once listed one file 41 times, and two that
  /// never ended) are not followed; a file reached by several operands or links is
  /// linted once.
  @Test func linkLoopsEndAndEachFileIsLintedOnce() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/d/sub", withIntermediateDirectories: true)
    try cli.write("d/a.md", "- [ ] a  @done(2024-01-02)\n")
    try cli.write("d/sub/b.md", "- [ ] b  @done(2024-01-02)\n")
    for (name, target) in [
      ("d/self", "."), ("d/sub/up", ".."), ("d/sub/top", "../.."), ("d/alias.md", "a.md"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: cli.directory.path + "/" + name, withDestinationPath: target)
    }
    let result = cli.run("lint", "-v", "d", "d/sub", "d/a.md")
    #expect(Self.linted(result) == ["d/a.md", "d/sub/b.md"])
    #expect(
      result.errors.contains("chk: skipped d/self: a symbolic link to a directory (not followed)"))
    #expect(result.errors.contains("chk: skipped d/alias.md: the same file as one listed before"))
  }

  /// A file named on the command line is never left out.
  @Test func namedFilesAreNeverExcluded() throws {
    let cli = try Self.tree()
    #expect(
      Self.linted(cli.run("lint", "docs/old/c.md", ".top.md")) == ["docs/old/c.md", ".top.md"])
  }

  /// The nearest `.chk.json` governs, with patterns relative to its directory.
  @Test func theNearestConfigurationExcludes() throws {
    let cli = try Self.tree()
    try cli.write("docs/.chk.json", #"{"exclude": ["b.md"]}"#)
    let result = cli.run("lint", "-v", ".")
    // docs/old/ is no longer excluded: docs/.chk.json governs docs/ and does not merge.
    #expect(Self.linted(result) == ["a.md", "docs/old/c.md", "sub/ignored.md"])
    #expect(
      result.errors.contains("chk: skipped docs/b.md: excluded by 'b.md' in docs/.chk.json\n"))
  }

  /// A `!` pattern takes back an earlier exclusion, the last match deciding, but not
  /// for a file in an excluded directory: as in git, with and without it.
  @Test func aNegationTakesBackAnExclusionButNotInsideAnExcludedDirectory() throws {
    let item = "- [ ] a  @done(2024-01-02)\n"
    for usesGit in DirectoryWalkTests.hasGit ? [false, true] : [false] {
      let cli = try CLIHarness()
      for name in ["d/a.md", "d/keep.md", "e/keep.md", "f/b.md", "f/keep.md"] {
        try FileManager.default.createDirectory(
          atPath: cli.directory.path + "/" + (name as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        try cli.write(name, item)
      }
      try cli.write(
        ".chk.json", #"{"exclude": ["d/*", "!keep.md", "e/", "!e/keep.md", "f/*.md", "!f/*"]}"#)
      if usesGit { try git(["init", "-q"], in: cli) }
      let result = cli.run("lint", "-v", ".")
      #expect(Self.linted(result) == ["d/keep.md", "f/b.md", "f/keep.md"], "git: \(usesGit)")
      #expect(result.errors.contains("skipped d/a.md: excluded by 'd/*' in .chk.json"))
      let skippedE = usesGit ? "skipped e/keep.md" : "skipped e/"
      #expect(result.errors.contains("\(skippedE): excluded by 'e/' in .chk.json"))
    }
  }
  /// A file found by walking that has no item is skipped, unless a line in it was
  /// meant as one: a template whose every box is `[]` shows no checkbox at all.
  @Test func aFileWithoutItemsIsLintedWhenALineWasMeantAsOne() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/lists", withIntermediateDirectories: true)
    try cli.write("lists/prose.md", "no items, [] nor [x]\n")
    try cli.write("lists/template.md", "- [] read the guide\n- [] add tests\n")
    let result = cli.run("lint", "-v", "lists")
    #expect(Self.linted(result) == ["lists/template.md", "lists/template.md"])
    #expect(result.errors == "chk: skipped lists/prose.md: no task items\n")
    #expect(cli.run("lint", "--checklists-only", "lists/template.md").output.contains("[]"))
    #expect(cli.run("lint", "--checklists-only", "lists/prose.md").output == "")
  }

  @Test func aBadExcludeIsAUsageError() throws {
    let cli = try Self.tree()
    try cli.write(".chk.json", #"{"exclude": "docs"}"#)
    let result = cli.run("lint", ".")
    #expect(result.status == .usage)
    #expect(result.errors.contains(".chk.json: \"exclude\" must be a list of path patterns"))
    try cli.write(".chk.json", #"{"exclude": [""]}"#)
    #expect(cli.run("fmt", "--check", ".").errors.contains("the exclude pattern '' is empty"))
    try cli.write(".chk.json", #"{"excludes": []}"#)
    #expect(cli.run("lint", ".").errors.contains("unknown key 'excludes'"))
  }

  static var hasGit: Bool {
    ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  func git(_ arguments: [String], in cli: CLIHarness) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", cli.directory.path] + arguments
    process.environment = ["HOME": cli.directory.path, "PATH": "/usr/bin:/bin:/usr/local/bin"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
  }
}

/// One `.chk.json` that is not valid stops only the files it governs: every command over
/// a tree reports it (naming how many files it left out) and goes on with the rest, as
/// git skips a bad `.gitattributes` line.
@Suite("CLI: an invalid .chk.json in a tree")
struct InvalidConfigurationTests {
  @Test func theRestOfTheTreeGoesOn() throws {
    let cli = try CLIHarness(files: [
      "bad/.chk.json": "{", "good/a.md": "- [ ] Good  @due(2024-03-10 09:00)  @id(g1)\n",
    ])
    try cli.write("bad/b.md", "- [ ] Bad  @due(2024-03-10 09:00)  @id(b1)\n")
    try cli.write("bad/c.md", "- [ ] Also  @due(2024-03-10 09:00)  @id(c1)\n")
    let message =
      "/bad/.chk.json: not valid JSON (expected a string at byte 1); the 2 checklist files it "
      + "governs were left out: correct it, or move it away"
    let remind = cli.run("remind", ".", "--now", "2024-03-10 09:00")
    #expect(remind.status == .success)
    #expect(remind.output == "09:00  good/a.md:g1  Good  (due 2024-03-10 09:00)\n")
    #expect(remind.errors.contains(message), "\(remind.errors)")
    for arguments in [["due", "."], ["list", "--in", "."], ["export", "."], ["lint", "."]] {
      let result = cli.run(arguments)
      #expect(result.status == .usage, "\(arguments)")
      #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
      #expect(result.output.contains("Good") || arguments == ["lint", "."], "\(arguments)")
      #expect(!result.output.contains("Bad"), "\(arguments)")
    }
    #expect(cli.run("fmt", "--check", ".").errors.contains(message))
  }

  /// `list --in DIR` prints each file in file order, and `--sort` orders every file's
  /// items, whichever way each file is printed.
  @Test func listInADirectoryHonoursTheSortOrder() throws {
    let cli = try CLIHarness(files: [
      "a.md": "# A\n\n- [ ] pear  @due(2024-03-02)\n- [ ] apple  @due(2024-03-09)\n",
      "b.md": "- [ ] zucchini\n- [ ] beans  @due(2024-03-01)\n",
    ])
    func names(_ arguments: String...) -> [String] {
      cli.run(arguments).output.split(separator: "\n").compactMap { line in
        ["pear", "apple", "zucchini", "beans"].first { line.contains($0) }
      }
    }
    #expect(names("list", "--in", ".") == ["pear", "apple", "zucchini", "beans"])
    #expect(names("list", "--in", ".", "--sort", "name") == ["apple", "pear", "beans", "zucchini"])
    #expect(names("list", "--in", ".", "--sort", "due") == ["pear", "apple", "beans", "zucchini"])
  }
}
