import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// What a hostile repository, a shared directory and a second user on the machine could
/// do through the built `chk` (security round 3): each test failed on the binary before
/// the fix (`CHK_TEST_BINARY` runs them against another build).
@Suite("chk binary against hostile repositories and other users")
struct HostileRepositoryTests {
  /// A scratch directory (mode 0755) for one test.
  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-repo-" + UUID().uuidString
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    chmod(path, 0o755)
    return path
  }

  /// Runs `script` with /bin/sh in `directory`: `$CHK` is the binary, `$NOBODY` runs a
  /// command as user 65534 (when the tests run as root with setpriv).
  static func shell(
    _ script: String, in directory: String, environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var variables = [
      "PATH": "/usr/bin:/bin", "HOME": directory, "NO_COLOR": "1", "CHK_SEED": "3",
      "CHK": EndToEndTests.binary.path, "XDG_STATE_HOME": directory + "/.state",
      "NOBODY": "setpriv --reuid=65534 --regid=65534 --clear-groups",
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
      "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    ]
    variables.merge(environment) { $1 }
    process.environment = variables
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static var hasGit: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }
  static var canDropPrivileges: Bool { PermissionTests.canDropPrivileges }

  // MARK: - 1. Git config that runs programs

  /// `core.fsmonitor` (and a pager, an external diff) set by the repository: no chk
  /// command that asks git anything runs them. `chk resolve` used to run the monitor.
  @Test(.enabled(if: hasGit, "git is not installed"))
  func gitConfigurationThatRunsProgramsIsNotRun() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let setup = try Self.shell(
      #"""
      set -e
      git init -q repo && cd repo
      printf '#!/bin/sh\ntouch "%s/ran"\n' "$PWD/.." > x.sh && chmod +x x.sh
      printf '## To do\n\n- [ ] a  @id(a1)\n- [ ] b  @id(b1)\n' > a.md
      git add a.md && git commit -qm base
      git checkout -qb topic && sed -i 's/- \[ \] a /- [ ] a from topic /' a.md && git commit -qam topic
      git checkout -q - && sed -i 's/- \[ \] a /- [ ] a from main /' a.md && git commit -qam main
      git merge -q topic >/dev/null 2>&1 || true
      git config core.fsmonitor ./x.sh
      git config core.pager ./x.sh
      git config diff.external ./x.sh
      rm -f ../ran
      """#, in: directory)
    try #require(setup.status == 0, "\(setup.output)")
    let repository = directory + "/repo"
    for command in [
      "resolve a.md", "lint .", "due .", "list --in .", "lists --in .", "fmt --check .",
      "git setup --check", "git setup",
    ] {
      try? FileManager.default.removeItem(atPath: directory + "/ran")
      _ = try Self.shell(#""$CHK" \#(command)"#, in: repository)
      #expect(!FileManager.default.fileExists(atPath: directory + "/ran"), "chk \(command) ran it")
    }
  }

  // MARK: - 2. A committed .gitattributes link

  /// A `.gitattributes` committed as a link to a file outside the repository
  /// (`~/.gitconfig`): `chk git setup` refuses it (73) and writes nothing there.
  @Test(.enabled(if: hasGit, "git is not installed"))
  func aCommittedAttributesLinkIsNotWrittenThrough() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      #"""
      printf '[user]\n\tname = me\n' > gitconfig
      git init -q repo && cd repo && ln -s ../gitconfig .gitattributes
      "$CHK" git setup
      """#, in: directory)
    #expect(result.status == 73, "\(result.output)")
    #expect(result.output.contains(".gitattributes is a symbolic link"))
    #expect(
      try String(contentsOfFile: directory + "/gitconfig", encoding: .utf8)
        == "[user]\n\tname = me\n")
  }

  // MARK: - 3. Links out of the walked tree

  /// A file in the tree that links to one outside it: `fmt -w .` and `lint --fix .`
  /// leave the outside file alone, `list --in .` does not show it, and `-v` says
  /// why; with git (a committed link) and without.
  @Test(arguments: [false, true])
  func walksLeaveOutLinksToFilesOutsideTheTree(_ usesGit: Bool) throws {
    guard !usesGit || Self.hasGit else { try Skips.skip("git end to end", because: "no git") }
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outside = "- [ ]   Secret  @id(s1)\n- [ ] twin  @id(s1)\n"
    try outside.write(toFile: directory + "/TODO.md", atomically: false, encoding: .utf8)
    let result = try Self.shell(
      """
      mkdir tree && cd tree
      printf -- '- [ ] mine  @id(m1)\\n' > own.md
      ln -s ../TODO.md notes.md
      mkdir sub && ln -s ../own.md sub/inside.md
      \(usesGit ? "git init -q . && git add -A && git commit -qm files" : "true")
      "$CHK" fmt -w . ; "$CHK" lint --fix . ; "$CHK" list --in . ; "$CHK" lint -v .
      """, in: directory)
    #expect(try String(contentsOfFile: directory + "/TODO.md", encoding: .utf8) == outside)
    #expect(!result.output.contains("Secret"))
    #expect(
      result.output.contains(
        "chk: skipped notes.md: a symbolic link to a file outside the directory (not followed)"),
      "\(result.output)")
    // A link that stays inside the tree is one of its files, read once.
    #expect(!result.output.contains("sub/inside.md: a symbolic link"))
  }

  // MARK: - 4. Another user's .chk.json

  /// Another user's `.chk.json` in a shared (world-writable) ancestor does not govern
  /// the project below it, even a broken one; the user's own does, and the search
  /// stops at home; `-v` names the file it uses and the one it ignores.
  @Test func anotherUsersConfigurationInASharedDirectoryIsIgnored() throws {
    guard geteuid() == 0 else {
      try Skips.skip("what only root can set up", because: "not root")
    }
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let shared = directory + "/tmp"
    let result = try Self.shell(
      """
      mkdir -m 1777 tmp && mkdir tmp/project
      printf -- '- [ ] one  @id(d1)\\n- [ ] two  @id(d1)\\n' > tmp/project/a.md
      printf '{"exclude": ["*"]}' > tmp/.chk.json && chown 65534:65534 tmp/.chk.json
      cd tmp/project && "$CHK" lint . ; echo "status $?"
      printf '{"exclude": [' > ../.chk.json && chown 65534:65534 ../.chk.json
      "$CHK" lint a.md ; echo "status $?"
      "$CHK" lint -v . 2>&1 | grep '^chk: ignored'
      """, in: directory)
    #expect(result.output.contains("a.md:2:12: error: duplicate ID 'd1'"), "\(result.output)")
    #expect(!result.output.contains("status 0"))
    #expect(!result.output.contains("status 64"))
    #expect(
      result.output.contains(
        "chk: ignored \(shared)/.chk.json: owned by another user (uid 65534) in a directory "
          + "others can write"))
    // The user's own file above home is not searched; one at home is.
    let mine = try Self.shell(
      """
      mkdir -p home/project && printf '{"rules": {"duplicate-id": "off"}}' > .chk.json
      printf -- '- [ ] one  @id(d1)\\n- [ ] two  @id(d1)\\n' > home/project/a.md
      cd home/project && HOME=\(directory)/home "$CHK" lint -v . ; echo "status $?"
      printf '{"rules": {"duplicate-id": "off"}}' > ../.chk.json
      HOME=\(directory)/home "$CHK" lint -v . ; echo "status $?"
      """, in: directory)
    #expect(mine.output.contains("duplicate ID 'd1'"))
    #expect(mine.output.contains("status 1\n"))
    #expect(mine.output.contains("chk: configured by \(directory)/home/.chk.json\nstatus 0\n"))
  }

  // MARK: - 5. Another user's lock file

  /// A lock file another user planted in a sticky directory (0600, theirs): the edit
  /// goes ahead, says it held no lock, and writes the file. It used to fail with 75
  /// for as long as the planted file stayed.
  @Test func aLockFileAnotherUserPlantedDoesNotBlockEdits() throws {
    guard Self.canDropPrivileges else {
      try Skips.skip("permissions as an unprivileged user", because: "not root with setpriv")
    }
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      mkdir -m 1777 shared
      printf -- '- [ ] a  @id(a1)\\n' > shared/a.md && chown 65534:65534 shared/a.md
      : > shared/.a.md.chk-lock && chmod 600 shared/.a.md.chk-lock
      chown 4242:4242 shared/.a.md.chk-lock
      cd shared && CHK_LOCK_TIMEOUT=1 XDG_STATE_HOME=/nonexistent $NOBODY "$CHK" -f a.md check a1
      echo "status $?"
      """, in: directory, environment: ["CHK_LOCK_TIMEOUT": "1"])
    #expect(result.output.contains("status 0"), "\(result.output)")
    #expect(result.output.contains("edited without the lock"))
    #expect(
      try String(contentsOfFile: directory + "/shared/a.md", encoding: .utf8)
        == "- [x] a  @done(\(CalendarDay.today()))  @id(a1)\n")
  }

  /// A lock file of the file's own user that nobody holds (a killed chk's) is reused;
  /// one that another chk holds still makes the edit wait and then fail with 75.
  @Test func aLockFileNobodyHoldsIsReusedAndAHeldOneStillBlocks() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      printf -- '- [ ] a  @id(a1)\\n' > a.md
      : > .a.md.chk-lock && chmod 000 .a.md.chk-lock
      "$CHK" -f a.md check -q a1 ; echo "status $?"
      : > .a.md.chk-lock
      flock .a.md.chk-lock sleep 3 &
      sleep 0.5
      CHK_LOCK_TIMEOUT=0.5 "$CHK" -f a.md uncheck -q a1 ; echo "status $?"
      wait
      """, in: directory)
    #expect(result.output.hasPrefix("status 0\n"), "\(result.output)")
    #expect(result.output.hasSuffix("status 75\n"))
  }

  // MARK: - 6. Uninstall through a planted link

  /// `PREFIX/bin` replaced by a link to another directory holding a file with the
  /// installed bytes: uninstall removes nothing there, and install refuses to write
  /// through the link.
  @Test func installAndUninstallStayInsideThePrefix() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      "$CHK" install --prefix p >/dev/null || exit 9
      mkdir elsewhere && mv p/bin/chk elsewhere/chk && rmdir p/bin && ln -s ../elsewhere p/bin
      "$CHK" uninstall --prefix p
      test -f elsewhere/chk && echo "kept elsewhere/chk"
      "$CHK" install --prefix p ; echo "status $?"
      """, in: directory)
    #expect(result.output.contains("kept elsewhere/chk"), "\(result.output)")
    #expect(result.output.contains("left (outside \(directory)/p): \(directory)/p/bin/chk"))
    #expect(result.output.contains("leads outside \(directory)/p through a symbolic link"))
    #expect(result.output.hasSuffix("status 73\n"))
  }

  // MARK: - 9. An unreadable directory

  /// A directory the user may not read, in a walked tree: reported with what to do,
  /// status 66, with git and without (it used to pass over it with status 0).
  @Test(arguments: [false, true])
  func anUnreadableDirectoryIsReported(_ usesGit: Bool) throws {
    guard Self.canDropPrivileges, !usesGit || Self.hasGit else {
      try Skips.skip(
        "a hostile repository as an unprivileged user", because: "not root with setpriv, or no git")
    }
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      printf -- '- [ ] fine  @id(f1)\\n' > ok.md
      mkdir private && printf -- '- [ ] x  @id(d1)\\n- [ ] y  @id(d1)\\n' > private/bad.md
      \(usesGit ? "git init -q . && git add ok.md && git config --global --add safe.directory '*' 2>/dev/null;" : "")
      chown -R 65534:65534 . && chmod 000 private
      $NOBODY "$CHK" lint . ; echo "status $?"
      """, in: directory,
      environment: usesGit
        ? ["HOME": directory, "GIT_CONFIG_GLOBAL": directory + "/.gitconfig"] : [:])
    #expect(result.output.hasSuffix("status 66\n"), "\(result.output)")
    #expect(result.output.contains("chk: private: cannot read the directory (permission denied)"))
  }

  // MARK: - 10, 11. Installing

  /// Installing over a `PREFIX/bin/chk` without execute bits makes it executable.
  @Test func installMakesTheProgramExecutable() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      mkdir -p p/bin && cp "$CHK" p/bin/chk && chmod 644 p/bin/chk
      "$CHK" install --prefix p | grep 'bin/chk' ; test -x p/bin/chk && echo executable
      """, in: directory)
    #expect(result.output.contains("(made executable)"), "\(result.output)")
    #expect(result.output.hasSuffix("executable\n"))
  }

  /// An install killed half way (here as it creates the third file) has recorded what
  /// it wrote: uninstall removes it.
  @Test func anInterruptedInstallCanBeUninstalled() throws {
    guard let shim = FailingWriteTests.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Self.shell(
      """
      LD_PRELOAD=\(shim) CHK_FAULT=KILL_AT_CREATE CHK_FAULT_MATCH=checklist.5 \
        "$CHK" install --prefix p >/dev/null ; echo "install $?"
      "$CHK" uninstall --prefix p
      echo "left:" && find p -type f | sort
      """, in: directory)
    #expect(result.output.contains("install 137\n"), "\(result.output)")
    #expect(result.output.contains("removed \(directory)/p/bin/chk"))
    #expect(result.output.contains("removed \(directory)/p/share/man/man1/chk.1"))
    #expect(result.output.hasSuffix("left:\n"))
  }

  // MARK: - 12. A file-size limit

  /// Under `ulimit -f`, an edit that would exceed it fails with chk's own error (74)
  /// and leaves the file as it was, instead of dying of SIGXFSZ (153).
  @Test func aFileSizeLimitIsAnIOError() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var text = ""
    for index in 0..<40 { text += "- [ ] item \(index)  @id(i\(index))\n" }
    try text.write(toFile: directory + "/a.md", atomically: false, encoding: .utf8)
    let result = try Self.shell(
      #"ulimit -f 1; "$CHK" -f a.md add a new item with a long name ; echo "status $?""#,
      in: directory)
    #expect(result.output.hasSuffix("status 74\n"), "\(result.output)")
    #expect(result.output.contains("a.md:"))
    #expect(try String(contentsOfFile: directory + "/a.md", encoding: .utf8) == text)
  }
}
