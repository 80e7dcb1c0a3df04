import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

@Suite("TUI: documentation")
struct TerminalUIDocumentationTests {
  /// Every key the help screen lists is in chk(1)'s list of keys.
  @Test func everyKeyIsInTheManPage() throws {
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk.1"), encoding: .utf8)
    let items = Set(
      page.split(separator: "\n").filter { $0.hasPrefix(".It ") }.map { $0.dropFirst(4) })
    for (keys, _) in Session.keys {
      let words = keys.split(separator: ",").flatMap { $0.split(separator: " ") }
      #expect(
        items.contains { item in words.allSatisfy { item.contains($0) } },
        "chk.1 does not list \(keys)")
    }
  }

  /// Every key README.md's "In the terminal" names (in backquotes, and Space) is a key
  /// the screen knows.
  @Test func theReadmesKeysAreKeys() throws {
    let readme = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(
      readme.components(separatedBy: "\n## In the terminal\n").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let known = Set(
      Session.keys.flatMap { $0.keys.split(separator: ",").flatMap { $0.split(separator: " ") } }
        .map(String.init))
    var inFence = false
    let prose = section.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") { inFence.toggle() }
      return !inFence && !line.hasPrefix("```")
    }
    let quoted = prose.joined(separator: "\n").components(separatedBy: "`").enumerated()
      .filter { $0.offset % 2 == 1 }.map(\.element)
      .filter { !$0.contains(" ") && !$0.hasPrefix("@") && !$0.hasPrefix("NO_") }
      .flatMap { $0.split(separator: "/").map(String.init) }
    #expect(quoted.count > 12)
    for key in quoted + ["Space"] {
      #expect(known.contains(key) || key == "/", "README.md names a key chk tui lacks: \(key)")
    }
  }
}
