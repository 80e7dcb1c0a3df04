import ChkTestSupport
import Foundation
import Testing

@testable import ChkWorkspace

/// `.chk.json`'s exclude patterns against git's own `.gitignore` matching: random
/// lists of one to four patterns (`*`, `?`, sets and ranges, negated sets, `**`,
/// anchored and trailing-slash patterns, escapes, `!` negations that take back an
/// earlier pattern's exclusion) and random trees, each path asked of
/// `git check-ignore --no-index`. The cases are seeded; `CHK_DIFFERENTIAL_CASES` runs
/// more.
@Suite("Exclude patterns against git check-ignore")
struct GlobDifferentialTests {
  static var git: String? {
    ["/usr/bin/git", "/usr/local/bin/git"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static let tokens = [
    "a", "b", "ab", "*", "?", "[ab]", "[!a]", "[^a]", "[a-c]", "a*", "*b", "?b", "**", #"\a"#,
    #"a\*"#, "[]a]", #"\!a"#,
  ]
  // Names with the characters patterns give a meaning to, which an escape matches.
  static let names = ["a", "b", "ab", "ba", "abc", "bb", "c", "aa", "a*", "[a]", "a]", "^b", "!a"]

  static func pattern(_ random: inout TestRandom) -> String {
    var segments: [String] = []
    for _ in 0..<random.int(1...3) { segments.append(random.pick(tokens)) }
    // `**` only as a whole segment, as .gitignore gives it a meaning.
    var text = segments.joined(separator: "/")
    if random.int(0...3) == 0 { text = "/" + text }
    if random.int(0...3) == 0 { text += "/" }
    return text
  }

  /// One to four patterns, any but the first a negation one time in two.
  static func patterns(_ random: inout TestRandom) -> [String] {
    (0..<random.int(1...4)).map { index in
      (index > 0 && random.int(0...1) == 0 ? "!" : "") + pattern(&random)
    }
  }

  /// Asks git which of `paths` `patterns` (the lines of a `.gitignore`) ignore.
  static func gitIgnored(
    _ patterns: [String], _ paths: [String], git: String, in directory: String
  ) throws -> Set<String> {
    try Data(patterns.map { $0 + "\n" }.joined().utf8).write(
      to: URL(fileURLWithPath: directory + "/.gitignore"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: git)
    process.arguments = ["check-ignore", "--no-index", "--stdin", "-v", "-n"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "GIT_CONFIG_NOSYSTEM": "1"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(paths.joined(separator: "\n").utf8 + [10]))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var ignored: Set<String> = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      // `SOURCE:LINE:PATTERN<TAB>PATH`, or `::<TAB>PATH` when nothing matched; a
      // negation that decided is named too, and the path is not ignored.
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2, !parts[0].hasPrefix("::") else { continue }
      let decider = parts[0].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      if decider.count == 3, decider[2].hasPrefix("!") { continue }
      ignored.insert(String(parts[1]))
    }
    return ignored
  }

  @Test func excludePatternsMatchAsGitIgnoresThem() throws {
    guard let git = Self.git else {
      try Skips.skip("exclude patterns against git check-ignore", because: "no git")
    }
    let directory = try TemporaryDirectory()
    // check-ignore wants a repository, even with --no-index.
    let initialize = Process()
    initialize.executableURL = URL(fileURLWithPath: git)
    initialize.arguments = ["init", "-q", directory.path]
    initialize.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
    try initialize.run()
    initialize.waitUntilExit()
    var random = TestRandom(seed: 29)
    let count =
      Int(ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"] ?? "") ?? 400
    var mismatches: [String] = []
    for _ in 0..<count {
      let patterns = Self.patterns(&random)
      let globs = patterns.compactMap(Glob.init)
      guard globs.count == patterns.count else { continue }
      // A real tree, so that git knows a directory from a file: every prefix of a path
      // is a directory, a path that is no other's prefix a file or (one in four) an
      // empty directory.
      let tree = directory.path + "/tree"
      try? FileManager.default.removeItem(atPath: tree)
      var leaves: Set<String> = []
      var directories: Set<String> = []
      for _ in 0..<12 {
        let parts = (0..<random.int(1...4)).map { _ in random.pick(Self.names) }
        for end in 1..<parts.count { directories.insert(parts[..<end].joined(separator: "/")) }
        leaves.insert(parts.joined(separator: "/"))
      }
      for leaf in leaves where !directories.contains(leaf) && random.int(0...3) == 0 {
        directories.insert(leaf)
      }
      for path in directories {
        try FileManager.default.createDirectory(
          atPath: tree + "/" + path, withIntermediateDirectories: true)
      }
      for path in leaves where !directories.contains(path) {
        try Data().write(to: URL(fileURLWithPath: tree + "/" + path))
      }
      let paths = Array(leaves.union(directories)).sorted()
      let ignored = try Self.gitIgnored(patterns, paths, git: git, in: tree)
      for path in paths {
        let ours =
          Glob.excluding(path, isDirectory: directories.contains(path), among: globs) != nil
        if ours != ignored.contains(path) {
          let kind = directories.contains(path) ? "directory" : "file"
          mismatches.append("\(patterns) on the \(kind) \(path): chk \(ours), git \(!ours)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(8))")
  }
}
