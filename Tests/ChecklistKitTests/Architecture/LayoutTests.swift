import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// The three-target layout (and the language server beside the commands), checked on
/// the sources: the library is the file format and nothing else, and the front ends
/// use only its public API.
@Suite("Layout")
struct LayoutTests {
  /// Every Swift file under a folder, with its text.
  static func sources(_ folder: String) -> [(path: String, text: String)] {
    let root = TestSupport.packageRoot.appendingPathComponent(folder).path
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
      (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)).map { (path, $0) }
    }
  }

  /// Records every code line of `files` that holds one of `words`.
  static func expectNone(
    of words: [String], in files: [(path: String, text: String)], target: String
  ) {
    for (path, text) in files {
      for (number, line) in code(text).enumerated() {
        for word in words where line.contains(word) {
          Issue.record("\(target)/\(path):\(number + 1) uses \(word)")
        }
      }
    }
  }

  /// Lines of code, without comments and string literals' contents.
  static func code(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var code = String(line.split(separator: "//", maxSplits: 1).first ?? "")
      while let open = code.firstIndex(of: "\""),
        let close = code[code.index(after: open)...].firstIndex(of: "\"")
      {
        code.removeSubrange(open...close)
      }
      return code
    }
  }

  @Test func theLibraryNeverPrintsExitsOrTouchesProcessState() {
    let forbidden = ["print(", "exit(", "signal(", "environ", "fatalError(", "getenv(", "chdir("]
    let files = Self.sources("Sources/ChecklistKit")
    #expect(files.count > 40)
    Self.expectNone(of: forbidden, in: files, target: "ChecklistKit")
  }

  @Test func theCommandsUseOnlyTheLibrarysPublicAPI() {
    // `package` declarations of ChecklistKit are test hooks; the commands must not
    // reach for them (the line records and raw bytes of a document).
    let forbidden = [
      "document.lines[", "document.lines.", "LineRecord", "document.bytes", "@testable",
      "ParsedLine",
    ]
    let files = Self.sources("Sources/ChkCommands")
    #expect(files.count > 20)
    Self.expectNone(of: forbidden, in: files, target: "ChkCommands")
  }

  @Test func theLanguageServerUsesOnlyTheLibrarysPublicAPI() {
    // Its own buffers are `document.bytes`; a parsed checklist's internals are not.
    let forbidden = [
      "LineRecord", "ParsedLine", "@testable", "parsedDocument.lines[", "parsedDocument.lines.",
      "parsedDocument.bytes",
    ]
    let files = Self.sources("Sources/ChkLanguageServer")
    #expect(files.count > 8)
    Self.expectNone(of: forbidden, in: files, target: "ChkLanguageServer")
  }

  @Test func theExecutableOnlySetsUpTheProcess() throws {
    let main = try #require(Self.sources("Sources/chk").first { $0.path == "main.swift" })
    let calls = Self.code(main.text).filter { $0.contains("ChkTool.") }
    #expect(calls.count == 1)
    #expect(Self.code(main.text).count < 60)
  }

  @Test func theLintRuleTableIsInStep() {
    #expect(LintRule.all.count == LintRule.ID.allCases.count)
    for (index, rule) in LintRule.all.enumerated() {
      #expect(rule.id.rawValue == index, "\(rule.name) is at \(index)")
    }
    #expect(Set(LintRule.all.map(\.name)).count == LintRule.all.count)
    for rule in LintRule.all { #expect(LintRule.named(rule.name) == rule) }
  }
}
