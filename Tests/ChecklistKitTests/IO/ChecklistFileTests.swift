import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

@Suite("Safe writes")
struct ChecklistFileTests {
  @Test func writesNewContentsAndLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "- [ ] a\n")
    let file = try ChecklistFile(editing: path)
    #expect(file.contents == Array("- [ ] a\n".utf8))
    let report = try file.write(Array("- [x] a\n".utf8))
    #expect(report.method == .replaced)
    #expect(try directory.read("list.md") == "- [x] a\n")
    // The lock file lives while the file is open for the edit, and goes with it.
    #expect(directory.names == [".list.md.chk-lock", "list.md"])
    file.unlock()
    #expect(directory.names == ["list.md"])
  }

  /// The bytes of a file opened for an edit come with room for the edit to lengthen
  /// them in place (`ByteHistoryTests` checks that an edit uses it); the bytes handed
  /// over are the file's, and `write` is then told whether they changed.
  @Test func aFileOpenedForAnEditHasRoomToGrow() throws {
    let directory = try TemporaryDirectory()
    let text = String(repeating: "- [ ] an item\n", count: 1_000)
    let path = try directory.file("list.md", text)
    var file = try ChecklistFile(editing: path)
    var bytes = file.takeContents()
    #expect(bytes == Array(text.utf8))
    #expect(bytes.capacity >= bytes.count + POSIX.growthRoom)
    #expect(file.contents.isEmpty)
    let buffer = bytes.withUnsafeBufferPointer { $0.baseAddress }
    bytes.replaceSubrange(2..<5, with: Array("[x]  @done(2026-12-02)".utf8))
    #expect(bytes.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    #expect(try file.write(bytes, isUnchanged: true).method == .unchanged)
    #expect(try directory.read("list.md") == text)
    try file.write(bytes, isUnchanged: false)
    #expect(try directory.read("list.md").hasPrefix("- [x]  @done(2026-12-02) an item\n"))
  }

  @Test(arguments: [0o640, 0o600, 0o664, 0o400] as [mode_t])
  func keepsPermissionBits(_ mode: mode_t) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    chmod(path, mode)
    try ChecklistFile(editing: path).write(Array("new\n".utf8))
    #expect(fileStatus(path).st_mode & 0o7777 == mode)
    #expect(try directory.read("list.md") == "new\n")
  }

  @Test func keepsTheOwner() throws {
    guard geteuid() == 0 else { return }
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    chown(path, 65534, 65534)
    let before = fileStatus(path).st_ino
    try ChecklistFile(editing: path).write(Array("new\n".utf8))
    #expect(fileStatus(path).st_uid == 65534)
    #expect(fileStatus(path).st_gid == 65534)
    // Kept by giving the new copy the owner, so the file is still replaced whole (a new
    // inode), not rewritten in place as when the owner cannot be given.
    #expect(fileStatus(path).st_ino != before)
  }

  /// A file of this user's in another group keeps that group: the new copy is given
  /// it, not the writer's own.
  @Test func keepsTheGroupOfAnOwnFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    // As root any group will do; otherwise one of this user's other groups, if any.
    var groups = [gid_t](repeating: 0, count: 64)
    let count = getgroups(64, &groups)
    let other =
      geteuid() == 0 ? 65534 : groups.prefix(Int(max(0, count))).first { $0 != getegid() }
    guard let other, chown(path, geteuid(), other) == 0 else { return }
    try ChecklistFile(editing: path).write(Array("new\n".utf8))
    #expect(fileStatus(path).st_uid == geteuid())
    #expect(fileStatus(path).st_gid == other)
    #expect(try directory.read("list.md") == "new\n")
  }

  @Test func followsSymbolicLinksAndKeepsThem() throws {
    let directory = try TemporaryDirectory()
    let target = try directory.file("real.md", "old\n")
    symlink(target, directory.path + "/middle.md")
    symlink("middle.md", directory.path + "/link.md")
    let file = try ChecklistFile(editing: directory.path + "/link.md")
    #expect(file.resolvedPath == target)
    try file.write(Array("new\n".utf8))
    #expect(fileStatus(directory.path + "/link.md").st_mode & S_IFMT == S_IFLNK)
    #expect(fileStatus(directory.path + "/middle.md").st_mode & S_IFMT == S_IFLNK)
    #expect(try directory.read("real.md") == "new\n")
    // The lock is beside the file the links point to.
    #expect(directory.names == [".real.md.chk-lock", "link.md", "middle.md", "real.md"])
    file.unlock()
    #expect(directory.names == ["link.md", "middle.md", "real.md"])
  }

  /// Shorter and longer contents (a longer file reserves its space first, which must
  /// not read as a change by another program).
  @Test(arguments: ["new\n", "much longer new contents than before\n"])
  func rewritesHardLinkedFilesInPlace(_ contents: String) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("a.md", "old contents\n")
    link(path, directory.path + "/b.md")
    let inode = fileStatus(path).st_ino
    let report = try ChecklistFile(editing: path).write(Array(contents.utf8))
    #expect(report.method == .rewrittenInPlace)
    #expect(try directory.read("b.md") == contents)
    #expect(try directory.read("a.md") == contents)
    #expect(fileStatus(path).st_ino == inode)
    #expect(fileStatus(path).st_nlink == 2)
  }

  @Test func unchangedBytesAreNotWritten() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "same\n")
    let before = fileStatus(path)
    usleep(20_000)
    let report = try ChecklistFile(editing: path).write(Array("same\n".utf8))
    #expect(report.method == .unchanged)
    let after = fileStatus(path)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
  }

  @Test func aChangeOnDiskIsDetected() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let file = try ChecklistFile(editing: path)
    usleep(10_000)
    _ = try directory.file("list.md", "changed by another program\n")
    #expect(throws: FileError.changedOnDisk(path: path)) { try file.write(Array("mine\n".utf8)) }
    #expect(try directory.read("list.md") == "changed by another program\n")
    file.unlock()
    #expect(directory.names == ["list.md"])
  }

  /// The kernel's change time is coarse (a clock tick): a file replaced or rewritten
  /// within one tick keeps it, so every other part must count on its own.
  @Test func anyPartDifferingIsAChange() {
    var status = stat()
    status.st_dev = 1
    status.st_ino = 2
    status.st_size = 3
    status.st_mtim.tv_sec = 4
    status.st_ctim.tv_sec = 5
    let old = FileStatus(status)
    #expect(old.isUnchanged(comparedTo: FileStatus(status)))
    var changed: [FileStatus] = []
    for part in 0..<5 {
      var other = status
      switch part {
      case 0: other.st_dev = 9
      case 1: other.st_ino = 9
      case 2: other.st_size = 9
      case 3: other.st_mtim.tv_nsec = 9
      default: other.st_ctim.tv_nsec = 9
      }
      changed.append(FileStatus(other))
    }
    #expect(changed.allSatisfy { !old.isUnchanged(comparedTo: $0) })
  }

  @Test func aDeletedFileIsAChangeOnDisk() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let file = try ChecklistFile(editing: path)
    unlink(path)
    #expect(throws: FileError.changedOnDisk(path: path)) { try file.write(Array("mine\n".utf8)) }
    file.unlock()
    #expect(directory.names.isEmpty)
  }

  @Test func staleTemporaryFilesAreRemoved() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    // A PID above any pid_max: its writer is gone.
    _ = try directory.file(".list.md.chk-2147483647-abc.tmp", "partial")
    _ = try directory.file(".list.md.chk-garbled.tmp", "partial")
    _ = try directory.file(".other.md.chk-1-a.tmp", "someone else's")
    let report = try ChecklistFile(editing: path).write(Array("new\n".utf8))
    #expect(report.removedTemporaryFiles == 2)
    #expect(directory.names == [".other.md.chk-1-a.tmp", "list.md"])
  }

  /// One listing of a directory serves every file written there: each write removes
  /// its own file's stale temporary files and no other's.
  @Test func oneListingServesEveryFileOfADirectory() throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("a.md", "old\n")
    let second = try directory.file("b.md", "old\n")
    _ = try directory.file(".a.md.chk-2147483647-x.tmp", "partial")
    _ = try directory.file(".b.md.chk-2147483647-y.tmp", "partial")
    _ = try directory.file(".b.md.chk-2147483646-z.tmp", "partial")
    #expect(try ChecklistFile(editing: first).write(Array("new\n".utf8)).removedTemporaryFiles == 1)
    #expect(
      directory.names == [
        ".b.md.chk-2147483646-z.tmp", ".b.md.chk-2147483647-y.tmp", "a.md", "b.md",
      ])
    #expect(
      try ChecklistFile(editing: second).write(Array("new\n".utf8)).removedTemporaryFiles == 2)
    #expect(directory.names == ["a.md", "b.md"])
    // Written again at once: nothing left to remove, and nothing listed as if it were.
    #expect(
      try ChecklistFile(editing: second).write(Array("newer\n".utf8)).removedTemporaryFiles == 0)
  }

  /// A running writer's temporary file stays: it may be an edit that went ahead without
  /// the lock (a lock file it could not use), about to rename it.
  @Test func aRunningWritersTemporaryFileIsKept() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let running = ".list.md.chk-\(getpid())-abc.tmp"
    _ = try directory.file(running, "being written")
    let report = try ChecklistFile(editing: path).write(Array("new\n".utf8))
    #expect(report.removedTemporaryFiles == 0)
    #expect(directory.names == [running, "list.md"])
  }

  @Test func aSecondEditorWaitsForTheLockThenGivesUp() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let holder = try ChecklistFile(editing: path)
    let start = Date()
    #expect {
      _ = try ChecklistFile(editing: path, lockTimeout: 0.3)
    } throws: { error in
      // The holder is named from /proc/locks: this process.
      guard case FileError.locked(path, 1, let holder?) = error else { return false }
      return holder.hasPrefix("pid \(getpid()), ")
    }
    #expect(Date().timeIntervalSince(start) >= 0.3)
    try holder.write(Array("new\n".utf8))
    _ = consume holder
    let next = try ChecklistFile(editing: path, lockTimeout: 0.3)
    #expect(next.contents == Array("new\n".utf8))
  }

  @Test func missingFilesDirectoriesAndFIFOsAreRefused() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: FileError.notFound(path: directory.path + "/none.md")) {
      _ = try ChecklistFile.read(directory.path + "/none.md")
    }
    #expect(throws: FileError.notRegularFile(path: directory.path, kind: "directory")) {
      _ = try ChecklistFile.read(directory.path)
    }
    mkfifo(directory.path + "/fifo", 0o600)
    #expect(throws: FileError.notRegularFile(path: directory.path + "/fifo", kind: "FIFO")) {
      _ = try ChecklistFile(editing: directory.path + "/fifo")
    }
    symlink(directory.path + "/gone.md", directory.path + "/dangling.md")
    #expect(throws: FileError.notFound(path: directory.path + "/dangling.md")) {
      _ = try ChecklistFile.read(directory.path + "/dangling.md")
    }
  }

  @Test func createNeverOverwrites() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/new.md"
    try ChecklistFile.create(path, contents: Array("# New\n".utf8))
    #expect(try directory.read("new.md") == "# New\n")
    #expect(throws: FileError.alreadyExists(path: path)) {
      try ChecklistFile.create(path, contents: Array("other\n".utf8))
    }
    #expect(try directory.read("new.md") == "# New\n")
  }

  @Test func messagesNameThePathAndSayWhatToDo() {
    let errors: [FileError] = [
      .notFound(path: "a.md"), .notRegularFile(path: "a.md", kind: "directory"),
      .permissionDenied(path: "a.md", operation: "x"), .alreadyExists(path: "a.md"),
      .changedOnDisk(path: "a.md"), .locked(path: "a.md", seconds: 3, holder: nil),
      .locked(path: "a.md", seconds: 3, holder: "pid 1, chk"),
      .readOnly(path: "a.md", mode: 0o444), .protectedSymlink(path: "a.md", link: "/tmp/x"),
      .tooLarge(path: "a.md"),
      .io(path: "a.md", operation: "writing", reason: "no space left on device"),
    ]
    for error in errors {
      #expect(error.message.hasPrefix("a.md: "))
      #expect(error.message.contains(";"))
    }
  }
}
