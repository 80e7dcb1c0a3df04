import ChkTestSupport
import Foundation
import Testing

/// The examples of README.md, .github/CONTRIBUTING.md and the man pages are tests:
/// every shell session in them (a ```console block of a Markdown file, a literal block
/// of a man page with `$ ` lines) runs in order, in a fresh directory, with the built
/// `chk` first on `PATH`, and each command's output must be the one shown under it.
///
/// The conventions, as cram and trycmd have them:
/// - a line starting with `$ ` is a command, run by `/bin/sh` (so `&&`, `#` comments and
///   quotes mean what they mean in a shell); the lines up to the next command are its
///   standard output and standard error, interleaved;
/// - `[N]` as the last line of an output is the command's exit status, which must be 0
///   when not shown;
/// - a line `...` stands for any number of lines, and `[..]` in a line for any text.
///
/// Every session runs with `CHK_SEED=1` and `CHK_TODAY=2024-06-03` (chk(1),
/// ENVIRONMENT, says so), `NO_COLOR`, a `HOME` of its own and a git identity.
@Suite("Documentation examples")
struct DocumentationExampleTests {
  struct Command {
    var line: Int
    var text: String
    var expected: [String]
  }

  struct Session: CustomTestStringConvertible {
    var file: String
    var line: Int
    var commands: [Command]
    var testDescription: String { "\(file):\(line)" }
  }

  static let root = TestSupport.packageRoot

  /// The ```console blocks of a Markdown file.
  static func markdownSessions(_ name: String) -> [Session] {
    guard let text = try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    else { return [] }
    var sessions: [Session] = []
    var block: [(Int, String)]?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if block == nil {
        if line == "```console" { block = [] }
      } else if line.hasPrefix("```") {
        if let lines = block, let first = lines.first {
          sessions.append(Session(file: name, line: first.0, commands: commands(lines)))
        }
        block = nil
      } else {
        block?.append((index + 1, line))
      }
    }
    return sessions
  }

  /// The literal blocks of a man page that hold `$ ` lines, with roff escapes undone.
  static func manPageSessions(_ name: String) -> [Session] {
    guard let text = try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    else { return [] }
    var sessions: [Session] = []
    var block: [(Int, String)]?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix(".Bd -literal") {
        block = []
      } else if line == ".Ed" {
        if let lines = block, let first = lines.first,
          lines.contains(where: { $0.1.hasPrefix("$ ") })
        {
          sessions.append(Session(file: name, line: first.0, commands: commands(lines)))
        }
        block = nil
      } else if !line.hasPrefix(".\\\"") {
        block?.append((index + 1, unescapeRoff(line)))
      }
    }
    return sessions
  }

  static func unescapeRoff(_ line: String) -> String {
    var text = line
    if text.hasPrefix("\\&") { text.removeFirst(2) }
    return text.replacingOccurrences(of: "\\(dq", with: "\"")
      .replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: "\\&", with: "")
      .replacingOccurrences(of: "\\e", with: "\\")
  }

  static func commands(_ lines: [(Int, String)]) -> [Command] {
    var commands: [Command] = []
    for (number, line) in lines {
      if line.hasPrefix("$ ") {
        commands.append(Command(line: number, text: String(line.dropFirst(2)), expected: []))
      } else if commands.isEmpty {
        // Text before the first command is a mistake in the example: keep it, so the
        // test fails on it.
        commands.append(Command(line: number, text: "", expected: [line]))
      } else {
        commands[commands.count - 1].expected.append(line)
      }
    }
    return commands
  }

  /// Every page whose examples run: the README and every manual page (the guides that
  /// moved out of the README among them).
  static let sessions: [Session] =
    markdownSessions("README.md") + markdownSessions(".github/CONTRIBUTING.md")
    + ["chk.1", "checklist.5", "chk-editors.7", "chk-git.7", "chk-reminders.7"].flatMap {
      manPageSessions("man/" + $0)
    }

  @Test func theDocumentsHaveExamples() {
    #expect(Self.sessions.filter { $0.file == "README.md" }.count >= 3)
    #expect(Self.sessions.contains { $0.file == "man/chk.1" })
    #expect(Self.sessions.contains { $0.file == "man/chk-git.7" })
    #expect(Self.sessions.contains { $0.file == "man/chk-reminders.7" })
    #expect(Self.sessions.flatMap(\.commands).count >= 45)
  }

  @Test(arguments: sessions)
  func theSessionRunsAsShown(_ session: Session) throws {
    let directory = try TemporaryDirectory()
    let home = URL(fileURLWithPath: directory.path).appendingPathComponent(".home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let work = URL(fileURLWithPath: directory.path).appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("CHK_") || key.hasPrefix("GIT_") {
      environment.removeValue(forKey: key)
    }
    environment["PATH"] =
      EndToEndTests.binary.deletingLastPathComponent().path + ":"
      + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["CHK_SEED"] = "1"
    environment["CHK_TODAY"] = "2024-06-03"
    environment["NO_COLOR"] = "1"
    environment["HOME"] = home.path
    environment["XDG_STATE_HOME"] = home.appendingPathComponent(".local/state").path
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
    environment["TZ"] = "UTC"
    environment["GIT_AUTHOR_NAME"] = "Example"
    environment["GIT_AUTHOR_EMAIL"] = "example@example.com"
    environment["GIT_COMMITTER_NAME"] = "Example"
    environment["GIT_COMMITTER_EMAIL"] = "example@example.com"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    for command in session.commands {
      let place = "\(session.file):\(command.line)"
      guard !command.text.isEmpty else {
        Issue.record("\(place): text before the first '$ ' command: \(command.expected)")
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command.text]
      process.currentDirectoryURL = work
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      let (status, text) = try process.runCollecting(.both)
      // As a terminal shows it: a carriage return before a line feed (iCalendar's
      // lines end so) is not seen.
      var actual = text.replacingOccurrences(of: "\r\n", with: "\n")
        .components(separatedBy: "\n")
      if actual.last == "" { actual.removeLast() }
      if status != 0 { actual.append("[\(status)]") }
      var expected = command.expected
      while expected.last == "" { expected.removeLast() }
      if !Self.matches(actual[...], expected[...]) {
        Issue.record(
          """
          \(place): $ \(command.text)
          shown:
          \(expected.joined(separator: "\n"))
          printed:
          \(actual.joined(separator: "\n"))
          """)
        return
      }
    }
  }

  /// Whether the printed lines match the shown ones (`...` any lines, `[..]` any text).
  static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
    guard let pattern = expected.first else { return actual.isEmpty }
    if pattern == "..." {
      let rest = expected.dropFirst()
      for start in actual.startIndex...actual.endIndex where matches(actual[start...], rest) {
        return true
      }
      return false
    }
    guard let line = actual.first, lineMatches(line, pattern) else { return false }
    return matches(actual.dropFirst(), expected.dropFirst())
  }

  static func lineMatches(_ line: String, _ pattern: String) -> Bool {
    let pieces = pattern.components(separatedBy: "[..]")
    guard pieces.count > 1 else { return line == pattern }
    guard let first = pieces.first, let last = pieces.last, line.hasPrefix(first),
      line.count >= first.count + last.count, line.hasSuffix(last)
    else { return false }
    var rest = line.dropFirst(first.count).dropLast(last.count)
    for piece in pieces.dropFirst().dropLast() {
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }

  @Test func theMatcherKeepsItsPromises() {
    #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
    #expect(Self.matches(["a", "c"], ["a", "...", "c"]))
    #expect(!Self.matches(["a", "b"], ["a", "...", "c"]))
    #expect(!Self.matches(["a", "b"], ["a"]))
    #expect(Self.lineMatches("added k3f9 \"Milk\"", "added [..] \"Milk\""))
    #expect(!Self.lineMatches("added k3f9 \"Milk\"", "added [..] \"Eggs\""))
    #expect(!Self.lineMatches("ab", "a[..]b[..]b"))
    #expect(Self.unescapeRoff("\\&$ chk add \\(dqx\\(dq \\-\\-list") == "$ chk add \"x\" --list")
  }
}
