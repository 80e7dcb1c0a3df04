import ChkTestSupport
import Foundation
import Testing

/// `chk install` into a temporary prefix, from the built binary: what it puts where,
/// that `man -M` finds the page, that a second run changes nothing, and that
/// `chk uninstall` removes exactly that.
@Suite("Install")
struct InstallTests {
  static func run(_ arguments: [String], _ binary: URL = EndToEndTests.binary, home: String)
    throws -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = TestSupport.childEnvironment([
      "HOME": home, "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
    ])
    let (status, text) = try process.runCollecting(.both)
    return (status, text)
  }

  static let installed = [
    "bin/chk", "share/man/man1/chk.1", "share/man/man5/checklist.5",
    "share/bash-completion/completions/chk", "share/zsh/site-functions/_chk",
    "share/fish/vendor_completions.d/chk.fish",
  ]

  @Test func installIsIdempotentAndUninstallRemovesExactlyIt() throws {
    let directory = try TemporaryDirectory()
    let prefix = directory.path + "/prefix"
    // Something of the user's under the prefix stays.
    try FileManager.default.createDirectory(
      atPath: prefix + "/bin", withIntermediateDirectories: true)
    _ = try directory.file("prefix/bin/other-tool", "#!/bin/sh\n")

    let first = try Self.run(["install", "--prefix", prefix], home: directory.path)
    #expect(first.status == 0, "\(first.output)")
    for path in Self.installed {
      #expect(first.output.contains("installed \(prefix)/\(path)\n"), "\(path): \(first.output)")
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + path))
    }
    #expect(first.output.contains("is not on PATH"))
    // The installed binary runs and is the same program.
    let installedBinary = URL(fileURLWithPath: prefix + "/bin/chk")
    #expect(FileManager.default.isExecutableFile(atPath: installedBinary.path))
    let version = try Self.run(["--version"], installedBinary, home: directory.path)
    let ours = try Self.run(["--version"], home: directory.path)
    #expect(version.status == 0 && version.output == ours.output)
    // The pages are the repository's.
    let page = try String(contentsOfFile: prefix + "/share/man/man1/chk.1", encoding: .utf8)
    let source = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk.1"), encoding: .utf8)
    #expect(page == source)

    // The completion scripts load in their shells.
    try Self.checkCompletions(prefix)

    // The same prefix however it is typed.
    let second = try Self.run(
      ["install", "--prefix", prefix + "//bin/./../"], home: directory.path)
    #expect(second.status == 0)
    for path in Self.installed {
      #expect(second.output.contains("unchanged \(prefix)/\(path)\n"), "\(path): \(second.output)")
    }

    if let man = ["/usr/bin/man", "/bin/man"].first(where: FileManager.default.isExecutableFile) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: man)
      process.arguments = ["-M", prefix + "/share/man", "-P", "cat", "chk"]
      process.environment = ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "HOME": directory.path]
      let (status, text) = try process.runCollecting(.output)
      #expect(status == 0)
      #expect(
        text.contains("edit Markdown checklists") || text.contains("chk"), "\(text.prefix(300))")
    } else {
      Skips.record("install: 'man -M' finding the page", because: "no man")
    }

    // A record edited to name a file that is not chk's removes nothing else.
    let record = prefix + "/share/chk/installed-files"
    let listed = try String(contentsOfFile: record, encoding: .utf8)
    try (listed + prefix + "/bin/../bin/other-tool\n" + prefix + "/bin/other-tool\n").write(
      toFile: record, atomically: true, encoding: .utf8)
    // A file changed since install is the user's now: it stays.
    let changed = prefix + "/share/zsh/site-functions/_chk"
    try "#compdef chk\n# mine\n".write(toFile: changed, atomically: true, encoding: .utf8)
    let removed = try Self.run(["uninstall", "--prefix", prefix], home: directory.path)
    #expect(removed.status == 0, "\(removed.output)")
    for path in Self.installed where prefix + "/" + path != changed {
      #expect(removed.output.contains("removed \(prefix)/\(path)\n"))
      #expect(!FileManager.default.fileExists(atPath: prefix + "/" + path))
    }
    #expect(removed.output.contains("left (changed since install): \(changed)\n"))
    #expect(FileManager.default.fileExists(atPath: changed))
    #expect(FileManager.default.fileExists(atPath: prefix + "/bin/other-tool"), "not ours: stays")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/chk/installed-files"))
    let again = try Self.run(["uninstall", "--prefix", prefix], home: directory.path)
    #expect(again.status == 66)
    #expect(again.output.contains("nothing was installed here"))
  }

  /// bash sources its script and knows the completion; zsh and fish parse theirs
  /// (`-n`), where those shells are installed (`.ci/run` installs them).
  static func checkCompletions(_ prefix: String) throws {
    let checks: [(String, [String], String)] = [
      (
        "bash", ["-c", "source \(prefix)/share/bash-completion/completions/chk; complete -p chk"],
        "complete -o default -F _chk chk"
      ),
      ("zsh", ["-n", prefix + "/share/zsh/site-functions/_chk"], ""),
      ("fish", ["-n", prefix + "/share/fish/vendor_completions.d/chk.fish"], ""),
    ]
    for (shell, arguments, expected) in checks {
      guard
        let path = ["/usr/bin/", "/bin/"].map({ $0 + shell }).first(
          where: FileManager.default.isExecutableFile)
      else {
        let what = "install: the \(shell) completion script"
        if ProcessInfo.processInfo.environment["CHK_REQUIRE_SHELLS"] == "1" {
          Issue.record("\(what): no \(shell), and CHK_REQUIRE_SHELLS is set")
        } else {
          Skips.record(what, because: "no \(shell)")
        }
        continue
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
      process.environment = ["PATH": "/usr/bin:/bin", "HOME": prefix]
      let (status, output) = try process.runCollecting(.both)
      #expect(status == 0, "\(shell): \(output)")
      #expect(expected.isEmpty || output.contains(expected), "\(shell): \(output)")
    }
  }

  @Test func aSymbolicLinkInThePrefixIsNotFollowed() throws {
    let directory = try TemporaryDirectory()
    let prefix = directory.path + "/prefix"
    try FileManager.default.createDirectory(
      atPath: prefix + "/bin", withIntermediateDirectories: true)
    let elsewhere = try directory.file("elsewhere", "not chk\n")
    try FileManager.default.createSymbolicLink(
      atPath: prefix + "/bin/chk", withDestinationPath: elsewhere)
    let result = try Self.run(["install", "--prefix", prefix], home: directory.path)
    #expect(result.status == 73)
    #expect(result.output.contains("\(prefix)/bin/chk is a symbolic link"))
    #expect(try directory.read("elsewhere") == "not chk\n")
  }
  /// A prefix another user can write (owned by them, or writable by all without the
  /// sticky bit) is refused before anything is written, as that user could replace
  /// bin/chk after; `--force` installs all the same. A sticky /tmp on the way is fine.
  @Test func aPrefixAnotherUserCanWriteIsRefused() throws {
    let directory = try TemporaryDirectory()
    let shared = directory.path + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    chmod(shared, 0o777)
    let refused = try Self.run(["install", "--prefix", shared + "/prefix"], home: directory.path)
    #expect(refused.status == 73)
    #expect(
      refused.output.contains(
        "\(shared) is writable by every user, who could replace what is installed under it; "
          + "choose another --prefix, or --force if you trust them"), "\(refused.output)")
    #expect(!FileManager.default.fileExists(atPath: shared + "/prefix"))
    let forced = try Self.run(
      ["install", "--prefix", shared + "/prefix", "--force"], home: directory.path)
    #expect(forced.status == 0, "\(forced.output)")
    chmod(shared, 0o755)
    // Another user's directory: only root can make one here.
    guard geteuid() == 0 else {
      Skips.record("install: another user's prefix", because: "not root (chown)")
      return
    }
    let theirs = directory.path + "/theirs"
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
    #expect(chown(theirs, 4_321, 4_321) == 0)
    let owned = try Self.run(["install", "--prefix", theirs], home: directory.path)
    #expect(owned.status == 73)
    #expect(owned.output.contains("\(theirs) belongs to another user (uid 4321)"))
    // Root's, but writable by a group that is not root's own private one.
    let group = directory.path + "/group"
    try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
    #expect(chown(group, 0, 4_321) == 0 && chmod(group, 0o775) == 0)
    let grouped = try Self.run(["install", "--prefix", group], home: directory.path)
    #expect(grouped.status == 73)
    #expect(grouped.output.contains("\(group) is writable by its group (gid 4321)"))
    // Root's private group (root's primary group, named root) is root's own.
    #expect(chown(group, 0, 0) == 0)
    #expect(try Self.run(["install", "--prefix", group], home: directory.path).status == 0)
  }
}
