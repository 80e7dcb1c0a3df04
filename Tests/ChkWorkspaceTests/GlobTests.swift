import ChkTestSupport
import Foundation
import Testing

@testable import ChkWorkspace

@Suite("Exclude patterns")
struct GlobTests {
  /// Pattern, path (relative to the configuration), whether it is excluded.
  static let cases: [(String, String, Bool)] = [
    ("drafts", "drafts/a.md", true),
    ("drafts", "docs/drafts/a.md", true),
    ("drafts", "docs/drafts.md", false),
    ("*.draft.md", "a/b/c.draft.md", true),
    ("*.draft.md", "a/b/c.md", false),
    ("docs/old", "docs/old/x/y.md", true),
    ("docs/old", "a/docs/old/y.md", false),
    ("/TODO.md", "TODO.md", true),
    ("/TODO.md", "sub/TODO.md", false),
    ("./TODO.md", "TODO.md", true),
    ("build/", "build/a.md", true),
    ("build/", "build", false),
    ("a.md/", "a.md", false),
    ("docs/**/draft.md", "docs/draft.md", true),
    ("docs/**/draft.md", "docs/a/b/draft.md", true),
    ("docs/**/draft.md", "docs/a/b/final.md", false),
    ("**/old", "x/y/old/z.md", true),
    ("docs/**", "docs/a/b.md", true),
    ("docs/*.md", "docs/a.md", true),
    ("docs/*.md", "docs/sub/a.md", false),
    ("?.md", "a.md", true),
    ("?.md", "ab.md", false),
    ("[ab].md", "b.md", true),
    ("[!ab].md", "b.md", false),
    ("[a-c]x.md", "cx.md", true),
    ("[a-c]x.md", "dx.md", false),
    ("[unclosed.md", "[unclosed.md", true),
    ("\\*.md", "*.md", true),
    ("\\*.md", "a.md", false),
    ("*a*b*c", "xxaxxbxxcxx", false),
    ("*a*b*c", "xxaxxbxxc", true),
    ("notes-*", "notes-2024/a.md", true),
    ("naïve*", "naïve.md", true),
  ]

  @Test func patternsMatchAsGitignoreDoes() throws {
    for (pattern, path, expected) in Self.cases {
      let glob = try #require(Glob(pattern))
      #expect(glob.matches(path) == expected, "'\(pattern)' on '\(path)'")
    }
    #expect(Glob("") == nil)
    #expect(Glob("/") == nil)
    #expect(try #require(Glob("build/")).matches("build", isDirectory: true))
  }

  /// Many stars against a long name that never matches: the match backtracks only to
  /// the last star, so it stays quick (a naive matcher takes exponential time here).
  @Test func manyStarsDoNotBacktrackWithoutEnd() throws {
    let glob = try #require(Glob(String(repeating: "*a", count: 30) + "b"))
    #expect(!glob.matches(String(repeating: "a", count: 5_000)))
  }
}
