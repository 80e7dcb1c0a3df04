import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkWorkspace

/// The one context every front end takes: what it reads from the environment, once.
@Suite("Workspace")
struct WorkspaceTests {
  static func workspace(_ variables: [String: String]) -> Workspace {
    Workspace(variables: variables, currentDirectory: "/work")
  }

  @Test func chkTodayFixesTheDayAndABadOneIsSaid() {
    #expect(Self.workspace(["CHK_TODAY": "2024-02-29"]).today == CalendarDay("2024-02-29"))
    #expect(Self.workspace(["CHK_TODAY": "2024-02-29"]).todayProblem == nil)
    let bad = Self.workspace(["CHK_TODAY": "2023-02-29"])
    #expect(bad.fixedToday == nil)
    #expect(
      bad.todayProblem == "CHK_TODAY is '2023-02-29', not a date: set it to YYYY-MM-DD, or unset it"
    )
    #expect(Self.workspace(["CHK_TODAY": ""]).todayProblem == nil)
    #expect(Self.workspace([:]).fixedToday == nil)
  }

  /// A number seeds the generator as it is; any other text through its hash; the same
  /// seed gives the same IDs on every use, and no seed the system's random source.
  @Test func chkSeedMakesIDsRepeatable() {
    var first = Self.workspace(["CHK_SEED": "5"]).idGenerator
    var second = Self.workspace(["CHK_SEED": "5"]).idGenerator
    var numbered = IDGenerator.seeded(5)
    let ids = (0..<5).map { _ in first.makeID(avoiding: IDSet()) }
    #expect(ids == (0..<5).map { _ in second.makeID(avoiding: IDSet()) })
    #expect(ids == (0..<5).map { _ in numbered.makeID(avoiding: IDSet()) })
    var text = Self.workspace(["CHK_SEED": "seed"]).idGenerator
    #expect(ids != (0..<5).map { _ in text.makeID(avoiding: IDSet()) })
    let workspace = Self.workspace(["CHK_SEED": "5"])
    var again = workspace.idGenerator
    #expect(ids == (0..<5).map { _ in again.makeID(avoiding: IDSet()) }, "each use starts afresh")
  }

  /// `XDG_STATE_HOME/chk`, else `HOME/.local/state/chk`; a relative path counts as
  /// none (it would put chk's state in whatever directory it runs in).
  @Test(
    arguments: [
      (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/chk"),
      (["HOME": "/h"], "/h/.local/state/chk"),
      (["XDG_STATE_HOME": "s", "HOME": "/h"], "/h/.local/state/chk"),
      (["XDG_STATE_HOME": "s", "HOME": "h"], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theStateDirectoryIsAbsoluteOrNone(variables: [String: String], expected: String?) {
    #expect(Self.workspace(variables).stateDirectory == expected)
    #expect(Self.workspace(variables).fileEdit().undo?.directory == expected.map { $0 + "/undo" })
  }

  /// A day or generator set by a front end (`--today`, a test) stays when the variables
  /// change afterwards; what follows from the variables is worked out again.
  @Test func whatIsSetStaysWhenTheVariablesChange() {
    var workspace = Self.workspace(["CHK_TODAY": "2024-01-01", "HOME": "/a"])
    workspace.variables["HOME"] = "/b"
    #expect(workspace.fixedToday == CalendarDay("2024-01-01"))
    #expect(workspace.stateDirectory == "/b/.local/state/chk")
    workspace.fixedToday = CalendarDay("2025-05-05")
    workspace.variables["CHK_TODAY"] = "2026-06-06"
    #expect(workspace.today == CalendarDay("2025-05-05"))
    workspace.idGenerator = .seeded(1)
    workspace.variables["CHK_SEED"] = "2"
    var generator = workspace.idGenerator
    var one = IDGenerator.seeded(1)
    #expect(generator.makeID(avoiding: IDSet()) == one.makeID(avoiding: IDSet()))
  }

  @Test func theRepositoryIsTheNearestDirectoryWithGit() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("repo/.git/HEAD", "ref: refs/heads/main\n")
    _ = try directory.file("repo/a/b/c.md", "")
    let root = directory.path + "/repo"
    #expect(Workspace.repositoryRoot(of: root + "/a/b") == root)
    #expect(Workspace.repositoryRoot(of: root) == root)
    _ = try directory.file("repo/a/.git", "gitdir: elsewhere\n")
    #expect(Workspace.repositoryRoot(of: root + "/a/b") == root + "/a", "a worktree's .git file")
  }

  /// The rule every walk applies: a named file counts; a walked one only with items;
  /// `--checklists-only` asks items of named files too.
  @Test func aWalkedFileCountsOnlyWithItems() throws {
    let items = try ChecklistDocument(parsing: Array("- [ ] a\n".utf8))
    let prose = try ChecklistDocument(parsing: Array("# Notes\n\ntext\n".utf8))
    let path = UserPath("a.md", in: "/work")
    let named = FileWalker.Entry(path: path, isExplicit: true)
    let walked = FileWalker.Entry(path: path, isExplicit: false)
    #expect(named.counts(prose) && named.counts(items))
    #expect(!walked.counts(prose) && walked.counts(items))
    #expect(!named.counts(prose, checklistsOnly: true) && named.counts(items, checklistsOnly: true))
  }
}
