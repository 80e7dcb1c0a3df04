import ChkTestSupport
import Foundation
import Testing

/// chk-git(7)'s CI and pre-commit snippets, run as they stand in a repository that is
/// not chk's: the GitHub Actions job's chk steps (the install step is the release's
/// package, which Tests/Scripts/check-release.sh installs in a fresh Debian root), and
/// the `repo: local` pre-commit configuration through pre-commit itself.
@Suite("CI snippets in another repository")
struct CISnippetTests {
  /// The literal blocks of chk-git(7), in order.
  static func blocks() throws -> [String] {
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk-git.7"),
      encoding: .utf8)
    return page.components(separatedBy: ".Bd -literal -offset indent\n").dropFirst().compactMap {
      $0.components(separatedBy: "\n.Ed").first.map(DocumentationExampleTests.unescapeRoff)
    }
  }

  /// A scratch git repository with one checklist (an error and an unformatted line).
  static func repository() throws -> (TemporaryDirectory, [String: String]) {
    guard GitTests.hasGit else { try Skips.skip("CI snippets in a repository", because: "no git") }
    let directory = try TemporaryDirectory()
    _ = try directory.file("docs/TODO.md", "- [ ] Tent @due(2024-06-01)\n- [x]  Map\n")
    _ = try directory.file("README.md", "# A project\n\nNo checklist here.\n")
    let environment = [
      "PATH": EndToEndTests.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "HOME": directory.path, "XDG_STATE_HOME": directory.path + "/.state",
      "GIT_AUTHOR_NAME": "Example", "GIT_AUTHOR_EMAIL": "example@example.com",
      "GIT_COMMITTER_NAME": "Example", "GIT_COMMITTER_EMAIL": "example@example.com",
      "GIT_CONFIG_NOSYSTEM": "1",
    ]
    return (directory, environment)
  }

  static func shell(_ script: String, in directory: String, _ environment: [String: String])
    throws -> (status: Int32, text: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    return try process.runCollecting(.both)
  }

  /// The job's `run:` steps after the install, in a repository without chk's sources:
  /// no `swift build`, and the findings come out as GitHub annotations.
  @Test func theActionsJobRunsInAnotherRepository() throws {
    let job = try #require(try Self.blocks().first { $0.contains("runs-on: ubuntu-latest") })
    #expect(!job.contains("swift build"))
    #expect(!job.contains("OWNER") && !job.contains("URL-OF"))
    let steps = job.split(separator: "\n").compactMap { line -> String? in
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("- run: chk ") else { return nil }
      return String(text.dropFirst("- run: ".count))
    }
    #expect(steps == ["chk fmt --check .", "chk lint --format github ."])
    let (directory, environment) = try Self.repository()
    let format = try Self.shell(steps[0], in: directory.path, environment)
    #expect(format.status == 1 && format.text == "docs/TODO.md\n", "\(format.text)")
    let lint = try Self.shell(steps[1], in: directory.path, environment)
    #expect(lint.status == 0, "\(lint.text)")
    #expect(lint.text.hasPrefix("::warning file=docs/TODO.md,line=1,"), "\(lint.text)")
  }

  /// The `repo: local` configuration, through pre-commit (from PyPI, in the oracle's
  /// Python): the commit's checklist is linted and formatted, a file with no items is
  /// left alone, and the second run passes.
  @Test func thePreCommitHooksRunInAnotherRepository() throws {
    let config = try #require(try Self.blocks().first { $0.hasPrefix("repos:\n  - repo: local") })
    guard
      let python = try RenderingOracle.python(
        for: "pre-commit hooks in a repository", modules: ["pre_commit"], packages: "pre-commit")
    else { return }
    let (directory, environment) = try Self.repository()
    _ = try directory.file(".pre-commit-config.yaml", config + "\n")
    let setup = try Self.shell(
      "git init -q && git add -A", in: directory.path, environment)
    #expect(setup.status == 0, "\(setup.text)")
    let run = "'\(python)' -m pre_commit run --all-files"
    var withCache = environment
    withCache["PRE_COMMIT_HOME"] = directory.path + "/.cache"
    let first = try Self.shell(run, in: directory.path, withCache)
    #expect(first.status == 1, "\(first.text)")
    #expect(first.text.contains("chk lint"), "\(first.text)")
    #expect(first.text.contains("files were modified by this hook"), "\(first.text)")
    #expect(try directory.read("docs/TODO.md") == "- [ ] Tent @due(2024-06-01)\n- [x] Map\n")
    #expect(try directory.read("README.md") == "# A project\n\nNo checklist here.\n")
    let second = try Self.shell("git add -A && " + run, in: directory.path, withCache)
    #expect(second.status == 0, "\(second.text)")
  }
}
