import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// The layers, checked on the sources: the library is the file format and nothing else,
/// each target imports only the targets below it, and the front ends use only the
/// library's public API.
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
    let files = Self.sources("Sources/ChkCommands") + Self.sources("Sources/ChkWorkspace")
    #expect(files.count > 30)
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

  /// What each target may import: the targets below it, and the toolchain's modules
  /// listed. Dependencies point down only, so no front end reaches another but the
  /// commands, which run the others (`chk lsp`).
  static let allowedImports: [String: Set<String>] = [
    "ChkPlatform": [],
    "ChecklistKit": ["CSupport", "ChkPlatform"],
    "ChkWorkspace": ["ChecklistKit", "CSupport", "ChkPlatform"],
    "ChkLanguageServer": ["ChecklistKit", "ChkWorkspace", "ChkPlatform"],
    "ChkTerminalUI": ["ChecklistKit", "ChkWorkspace", "ChkPlatform"],
    "ChkCommands": [
      "ChecklistKit", "ChkWorkspace", "ChkLanguageServer", "ChkTerminalUI", "ChkPlatform",
    ],
    "chk": ["ChecklistKit", "ChkWorkspace", "ChkCommands", "ChkPlatform"],
    "Benchmark": ["ChecklistKit", "CSupport", "ChkPlatform"],
    "chk-bench": ["Benchmark", "ChecklistKit", "ChkPlatform"],
  ]

  @Test(arguments: allowedImports.keys.sorted())
  func eachTargetImportsOnlyTheLayersBelowIt(_ target: String) throws {
    let allowed = try #require(Self.allowedImports[target])
    let files = Self.sources("Sources/" + target)
    #expect(!files.isEmpty)
    // Generated sources hold text (the man pages), not imports.
    for (path, text) in files where !path.hasPrefix("Generated/") {
      for line in Self.code(text) {
        let words = line.split(separator: " ").map(String.init)
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
          continue
        }
        // ChkPlatform is where the C library is named, once per platform.
        let module = words[index + 1]
        if ["Glibc", "Musl", "Darwin"].contains(module), target == "ChkPlatform" { continue }
        #expect(allowed.contains(module), "\(target)/\(path) imports \(module)")
      }
    }
  }

  /// The library's tests build the library alone, not the front ends.
  @Test func theLibrarysTestsDependOnTheLibraryAlone() throws {
    let manifest = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"),
      encoding: .utf8)
    let declaration = try #require(
      manifest.range(
        of: #"name: "ChecklistKitTests", dependencies: [^\]]*\]"#,
        options: .regularExpression))
    #expect(manifest[declaration].hasSuffix(#"["ChecklistKit", "ChkTestSupport"]"#))
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

extension LayoutTests {
  /// One place spawns git (`Git.run`, which turns off the configuration that runs
  /// programs): no other source file starts it.
  @Test func onlyGitSwiftRunsGit() {
    for target in ["ChkWorkspace", "ChkCommands", "ChkLanguageServer"] {
      for (path, text) in Self.sources("Sources/" + target) where path != "System/Git.swift" {
        #expect(!text.contains(#"["git""#), "\(target)/\(path) runs git itself")
      }
    }
  }
}

extension LayoutTests {
  /// No hand-written Swift file is over 400 lines: a longer one holds more than one
  /// responsibility (generated files, under `Generated/`, are exempt).
  @Test func noHandWrittenFileIsOver400Lines() {
    for folder in ["Sources", "Tests"] {
      for (path, text) in Self.sources(folder) where !path.contains("/Generated/") {
        let count = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(count <= 400, "\(folder)/\(path) has \(count) lines")
      }
    }
  }
}

extension LayoutTests {
  /// The library product re-exports nothing: its clients see its API, not libc (as
  /// swift-system keeps its own). ChkPlatform, which is in no product, is the one
  /// place that re-exports the C library, and the library imports it `internal`ly.
  @Test func theLibraryDoesNotLeakTheCLibrary() {
    for (path, text) in Self.sources("Sources") where path != "ChkPlatform/Platform.swift" {
      #expect(!Self.code(text).contains { $0.contains("@_exported") }, "\(path) re-exports")
    }
    for (path, text) in Self.sources("Sources/ChecklistKit") {
      for line in Self.code(text) where line.contains("import ChkPlatform") {
        #expect(line == "internal import ChkPlatform", "ChecklistKit/\(path): \(line)")
      }
    }
  }

  /// The front ends make no file system call of their own: they go through the POSIX
  /// layer (`POSIX`, `SystemPath`, `ChecklistFile`), which handles raw bytes in names,
  /// `EINTR`, links and modes once.
  @Test func theFrontEndsMakeNoRawFileCalls() {
    let calls = [
      "open", "openat", "stat", "lstat", "fstat", "unlink", "chmod", "access", "mkdir", "rmdir",
      "rename", "readlink", "symlink", "ftruncate", "opendir",
    ]
    for target in ["ChkCommands", "ChkLanguageServer", "ChkTerminalUI"] {
      for (path, text) in Self.sources("Sources/" + target) where !path.hasPrefix("Generated/") {
        for (number, line) in Self.code(text).enumerated() {
          for call in calls where Self.calls(line, call) {
            Issue.record("\(target)/\(path):\(number + 1) calls \(call)")
          }
        }
      }
    }
  }

  /// Whether `line` calls the free function `name` (not a method of that name, a
  /// function whose name ends with it, or a declaration).
  static func calls(_ line: String, _ name: String) -> Bool {
    var rest = Substring(line)
    while let range = rest.range(of: name + "(") {
      let before = rest[..<range.lowerBound]
      let isName = before.last.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      if isName != true, !before.hasSuffix("func ") { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}

extension LayoutTests {
  /// Below the command line, failures are `WorkspaceError`s with a kind; only
  /// ChkCommands turns a kind into an exit status (`CommandError.status`).
  @Test func onlyTheCommandLineSpeaksOfExitStatuses() {
    for target in ["ChkWorkspace", "ChkLanguageServer", "ChkTerminalUI"] {
      Self.expectNone(
        of: ["CommandError", "error.status"], in: Self.sources("Sources/" + target), target: target)
    }
  }
}

extension LayoutTests {
  /// ChecklistKit's `package` types that the front ends may use, as CONTRIBUTING.md
  /// lists them.
  static let sharedPackageTypes: Set<String> = [
    "POSIX", "SystemPath", "FileStatus", "SystemError", "Parallel", "ByteHistory", "SplitMix64",
    "LintStream", "LintFindings", "LintSections", "ItemLineBytes", "ItemLineTag",
    "DecimalDigits", "WorkLog",
    // POSIX's own.
    "Kind", "ResolveFailure",
  ]
  /// Its `package` types that only the tests use.
  static let testHookTypes: Set<String> = ["LineRecord", "LineKind", "Rendering", "IDSet"]

  /// Every `package` type of ChecklistKit is on one side (a new one must be put on
  /// one), and no front end names a test hook.
  @Test func everyPackageTypeIsSharedOrATestHook() {
    var declared: Set<String> = []
    for (_, text) in Self.sources("Sources/ChecklistKit") {
      for line in Self.code(text) {
        let words = line.split(separator: " ").map(String.init).filter { $0 != "final" }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("package "), words.count > 2,
          ["struct", "enum", "class", "protocol", "typealias"].contains(words[1])
        else { continue }
        declared.insert(String(words[2].prefix { $0.isLetter || $0.isNumber }))
      }
    }
    #expect(declared == Self.sharedPackageTypes.union(Self.testHookTypes))
    for target in ["ChkWorkspace", "ChkCommands", "ChkLanguageServer", "ChkTerminalUI"] {
      Self.expectNone(
        of: Self.testHookTypes.sorted(), in: Self.sources("Sources/" + target), target: target)
    }
  }
}
