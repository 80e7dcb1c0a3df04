import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// What an attacker tried, through the built `chk`: file names that are not UTF-8,
/// escapes in names and arguments, links planted in shared directories.
@Suite("chk binary against hostile input")
struct HostileInputTests {
  /// Runs `script` with /bin/sh in `directory`, `CHK` naming the binary: a shell can
  /// pass arguments that are not UTF-8 (`printf '\377'`), which Foundation cannot.
  func shell(_ script: String, in directory: String) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = TestSupport.childEnvironment([
      "PATH": "/usr/bin:/bin", "HOME": directory, "NO_COLOR": "1",
      "CHK": EndToEndTests.binary.path, "XDG_STATE_HOME": directory + "/.state",
    ])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
  }

  func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-hostile-" + UUID().uuidString
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A file named with a byte that is not UTF-8 is walked, named, edited and shown as
  /// `\xFF`; a name or value that is not UTF-8 is refused (65); a missing such file is
  /// 66, named visibly.
  @Test func fileNamesThatAreNotUTF8() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let setup = try shell(
      #"printf -- '- [ ] a  @done(2024-01-02)\n' > "$(printf 'bad\377.md')""#, in: directory)
    #expect(setup.status == 0)
    let walked = try shell(#""$CHK" lint ."#, in: directory)
    #expect(
      String(decoding: walked.output, as: UTF8.self).hasPrefix(#"bad\xFF.md:1:10: warning: "#))
    let named = try shell(
      #""$CHK" -f "$(printf 'bad\377.md')" check 1 && cat "$(printf 'bad\377.md')""#,
      in: directory)
    #expect(named.status == 0)
    #expect(String(decoding: named.output, as: UTF8.self).contains("- [x] a  @done("))
    let value = try shell(
      #""$CHK" -f "$(printf 'bad\377.md')" add "$(printf 'x\377')""#, in: directory)
    #expect(value.status == 65)
    #expect(String(decoding: value.output, as: UTF8.self).contains(#"'x\xFF' is not valid UTF-8"#))
    let missing = try shell(#""$CHK" -f "$(printf 'gone\376.md')" list"#, in: directory)
    #expect(missing.status == 66)
    #expect(
      String(decoding: missing.output, as: UTF8.self)
        == "chk: gone\\xFE.md: no such file; check the path, or create it with 'chk init'\n")
  }

  /// Standard error is one visible line even when not a terminal: a file name with an
  /// escape and a line feed cannot forge a second message.
  @Test func errorsAreOneVisibleLine() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try shell(
      #""$CHK" -f "$(printf 'x\033[2J\nchk: all good.md')" list"#, in: directory)
    #expect(result.status == 66)
    let text = String(decoding: result.output, as: UTF8.self)
    #expect(
      text
        == "chk: x^[[2J^Jchk: all good.md: no such file; check the path, or create it with 'chk init'\n"
    )
  }

  /// A link another user planted in a sticky, world-writable directory is not
  /// followed, even by root and whatever fs.protected_symlinks says: `chk add` through
  /// it used to write into a root-only 0600 file.
  @Test func linksPlantedInSharedDirectoriesAreRefused() throws {
    guard geteuid() == 0 else {
      try Skips.skip("what only root can set up", because: "not root")
    }
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let secret = directory + "/secret.md"
    try Data("- [ ] root only\n".utf8).write(to: URL(fileURLWithPath: secret))
    chmod(secret, 0o600)
    let shared = directory + "/tmp"
    mkdir(shared, 0o777)
    chmod(shared, 0o1777)
    symlink(secret, shared + "/todo.md")
    lchown(shared + "/todo.md", 65534, 65534)
    let result = try shell(#""$CHK" -f tmp/todo.md add planted"#, in: directory)
    #expect(result.status == 73)
    #expect(
      String(decoding: result.output, as: UTF8.self).contains(
        "refusing to follow the symbolic link"))
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "- [ ] root only\n")
  }
}
