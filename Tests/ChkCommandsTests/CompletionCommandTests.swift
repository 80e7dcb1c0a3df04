import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `chk completions`: the scripts for bash, zsh and fish, read by those shells.
@Suite("CLI: shell completions")
struct CompletionCommandTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func completionsNameEveryCommand(_ shell: String) throws {
    let cli = try CLIHarness()
    let result = cli.run("completions", shell)
    #expect(result.status == .success)
    for command in Command.all { #expect(result.output.contains(command.name)) }
    #expect(cli.run("completions", "tcsh").status == .usage)
  }

  /// zsh, with its completion functions stubbed to print what they are given, reads the
  /// script's words as meant: apostrophes kept, and each command's options offered.
  @Test func zshCompletesOptionsAndKeepsApostrophes() throws {
    guard let zsh = which("zsh") else { return }
    let cli = try CLIHarness()
    let script = cli.directory.path + "/_chk"
    try Data(cli.run("completions", "zsh").output.utf8).write(to: URL(fileURLWithPath: script))
    func complete(_ words: String, current: Int) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: zsh)
      process.arguments = [
        "-f", "-c",
        """
        _describe() { shift; print -l -- "${(@P)1}"; }
        _arguments() { print -l -- "$@"; }
        _files() { print _files; }
        words=(\(words)); CURRENT=\(current)
        source \(script)
        """,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let commands = try complete("chk ''", current: 2).split(separator: "\n")
    #expect(commands.contains("edit:change an item's name, note, dates, repeat or reminder"))
    #expect(commands.contains("version:print chk's version"))
    let add = try complete("chk add --", current: 3).split(separator: "\n")
    #expect(add.contains("--list[the list to add to]:NAME:"))
    #expect(add.contains("-n[show what would change and write nothing]"))
    #expect(add.contains("--dry-run[show what would change and write nothing]"))
    #expect(add.contains("*:file:_files"))
    let list = try complete("chk list --tag ''", current: 4).split(separator: "\n")
    #expect(
      list.contains { $0.hasPrefix("--tag[") && $0.contains(":KEY:(") && $0.contains(" due ") })
  }

  /// bash completes the value of the option before the cursor from the one table the
  /// three shells share (formats, rules, sort keys, days), leaves a path's value to its
  /// own file completion, and the options after them.
  @Test func bashCompletesOptionValues() throws {
    guard let bash = which("bash") else {
      try Skips.skip("bash completion of option values", because: "no bash")
    }
    let cli = try CLIHarness()
    let script = cli.directory.path + "/chk.bash"
    try Data(cli.run("completions", "bash").output.utf8).write(to: URL(fileURLWithPath: script))
    func complete(_ words: [String]) throws -> [String] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: bash)
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      process.arguments = [
        "-c",
        "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _chk; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\"",
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(try complete(["chk", "lint", "--format", ""]) == ["gnu", "json", "github", "sarif"])
    #expect(try complete(["chk", "export", "--format", ""]) == ["ics"])
    #expect(try complete(["chk", "list", "--sort", "d"]) == ["due", "done"])
    #expect(try complete(["chk", "lint", "--enable", "missing-"]) == ["missing-id"])
    #expect(try complete(["chk", "add", "x", "--due", "tom"]) == ["tomorrow"])
    #expect(try complete(["chk", "export", "--as", ""]) == ["todos", "events"])
    #expect(try complete(["chk", "list", "--file", ""]) == [])
    #expect(try complete(["chk", "remind", "--no"]) == ["--now", "--notify"])
    // The usage message names the choices once.
    #expect(
      cli.run("completions").errors
        == "chk: usage: chk completions (bash | zsh | fish); see 'chk help completions'\n")
  }

  @Test func completionScriptsAreValidShell() throws {
    let cli = try CLIHarness()
    for (shell, check) in [
      ("bash", ["bash", "-n"]), ("zsh", ["zsh", "-n"]), ("fish", ["fish", "--no-execute"]),
    ] {
      guard let path = which(check[0]) else { continue }
      let script = cli.directory.path + "/completion." + shell
      try Data(cli.run("completions", shell).output.utf8).write(to: URL(fileURLWithPath: script))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = Array(check.dropFirst()) + [script]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(shell) rejects its completion script")
    }
  }
}

func which(_ program: String) -> String? {
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
    separator: ":")
  {
    let path = directory + "/" + program
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}
