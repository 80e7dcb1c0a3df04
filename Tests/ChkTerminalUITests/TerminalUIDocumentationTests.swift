import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

@Suite("TUI: documentation")
struct TerminalUIDocumentationTests {
  /// chk(1)'s list of keys, as (keys, what they do): the `.It` lines of the list
  /// after "The keys:", with the spaces mandoc needs around commas taken out.
  static func manPageKeys() throws -> [(keys: String, what: String)] {
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk.1"), encoding: .utf8)
    let list = try #require(
      page.components(separatedBy: "\nThe keys:\n").dropFirst().first?
        .components(separatedBy: "\n.El").first)
    var entries: [(keys: String, what: String)] = []
    for line in list.split(separator: "\n") {
      if line.hasPrefix(".It ") {
        entries.append((line.dropFirst(4).replacingOccurrences(of: " ,", with: ","), ""))
      } else if !line.hasPrefix("."), !entries.isEmpty {
        entries[entries.count - 1].what += line + " "
      }
    }
    return entries
  }

  /// The help screen's lines and chk(1)'s list of keys are the same keys in the same
  /// order, and every key of the lists, due and help screens is named in its line
  /// there: both come from `Session.bindings`, which dispatch reads.
  @Test func theManPageListsExactlyTheBindings() throws {
    let page = try Self.manPageKeys()
    #expect(page.map(\.keys) == Session.helpLines.map(\.keys))
    for binding in Session.bindings {
      guard let parent = binding.listedUnder else { continue }
      let what = try #require(page.first { $0.keys == parent }?.what)
      let words = Set(what.split { !$0.isLetter && !$0.isNumber }.map(String.init))
      for word in binding.label.split(separator: " ") {
        #expect(words.contains(String(word)), "chk.1's \(parent) does not name \(word)")
      }
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
      Session.helpLines.flatMap {
        $0.keys.split(separator: ",").flatMap { $0.split(separator: " ") }
      }
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
