import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// The edit lock and the other promises of round 2: a lock file only writers can
/// take, held until the edit is done (across the rename), read-only files refused,
/// protected symbolic links refused, an interrupted run's temporary files removed.
@Suite("Edit lock and permissions")
struct EditLockTests {
  /// The lock used to be an `flock` on the file itself: after an edit renamed its new
  /// file over the path, the next edit could lock the new, unlocked inode and write
  /// before the first edit had taken its undo identity.
  @Test func theLockHoldsAcrossTheRename() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let first = try ChecklistFile(editing: path)
    try first.write(Array("new\n".utf8))
    #expect(throws: (any Error).self) { _ = try ChecklistFile(editing: path, lockTimeout: 0.2) }
    first.unlock()
    let second = try ChecklistFile(editing: path, lockTimeout: 0.2)
    #expect(second.contents == Array("new\n".utf8))
  }

  /// A lock file the target's owner made is one of its writers': while held, it holds
  /// root's edit of that user's file back too (not only locks of root's own or of
  /// root).
  @Test func theTargetOwnersHeldLockIsTrusted() throws {
    guard geteuid() == 0 else { return }
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let lock = try directory.file(".list.md.chk-lock", "")
    chown(path, 65534, 65534)
    chown(lock, 65534, 65534)
    let holder = open(lock, O_RDWR)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    #expect(throws: FileError.self) { _ = try ChecklistFile(editing: path, lockTimeout: 0.2) }
    #expect(try directory.read("list.md") == "old\n")
  }

  /// A lock file another user planted (neither the target's owner nor root) holds
  /// nothing back, held or not: it is removed and the edit takes a lock of its own. (A
  /// survivor of the generated mutants trusted every owner but root.)
  @Test func aLockFilePlantedByAnotherUserHoldsNothingBack() throws {
    guard geteuid() == 0 else { return }
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let lock = try directory.file(".list.md.chk-lock", "")
    chown(path, 1000, 1000)
    chown(lock, 65534, 65534)
    let holder = open(lock, O_RDWR)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    let file = try ChecklistFile(editing: path, lockTimeout: 0.2)
    try file.write(Array("new\n".utf8))
    #expect(try directory.read("list.md") == "new\n")
  }

  /// The lock file takes the target's owner and group, also when only the group
  /// differs from this process's (a survivor of the generated mutants gave it the
  /// group only when the owner differed too).
  @Test func theLockFileTakesTheTargetsGroup() throws {
    guard geteuid() == 0 else { return }
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    chown(path, 0, 65534)
    chmod(path, 0o664)
    let file = try ChecklistFile(editing: path)
    let lock = fileStatus(directory.path + "/.list.md.chk-lock")
    #expect(lock.st_uid == 0 && lock.st_gid == 65534)
    file.unlock()
  }

  /// Any user who can read a file could `flock` it; the lock file is what counts now.
  @Test func aReaderLockingTheFileDoesNotBlockEdits() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let reader = open(path, O_RDONLY)
    defer { close(reader) }
    #expect(flock(reader, LOCK_EX | LOCK_NB) == 0)
    let file = try ChecklistFile(editing: path, lockTimeout: 0.2)
    try file.write(Array("new\n".utf8))
    #expect(try directory.read("list.md") == "new\n")
  }

  /// The lock file opens for the target's writers only: read and write for each class
  /// with write permission on the target, nothing for the others.
  @Test(
    arguments: [(0o644, 0o600), (0o664, 0o660), (0o666, 0o666), (0o620, 0o660)]
      as [(
        mode_t, mode_t
      )])
  func theLockFileOpensForWritersOnly(_ target: mode_t, _ expected: mode_t) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    chmod(path, target)
    let file = try ChecklistFile(editing: path)
    #expect(fileStatus(directory.path + "/.list.md.chk-lock").st_mode & 0o7777 == expected)
    file.unlock()
  }

  /// A lock file a killed chk left holds no lock: the next edit takes it and removes
  /// it when done.
  @Test func aLeftoverLockFileIsReused() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    _ = try directory.file(".list.md.chk-lock", "")
    try ChecklistFile(editing: path, lockTimeout: 0.2).write(Array("new\n".utf8))
    #expect(directory.names == ["list.md"])
  }

  /// A lock file that exists is opened as it is, never created over: its owner and
  /// mode stay what its creator gave it while the edit holds it.
  @Test func anExistingLockFileKeepsItsMode() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    chmod(path, 0o666)
    let lock = try directory.file(".list.md.chk-lock", "")
    chmod(lock, 0o640)
    let file = try ChecklistFile(editing: path, lockTimeout: 0.2)
    #expect(fileStatus(lock).st_mode & 0o7777 == 0o640)
    try file.write(Array("new\n".utf8))
    file.unlock()
    #expect(directory.names == ["list.md"])
  }

  /// A symbolic link planted where the lock file goes is not followed.
  @Test func aLinkInPlaceOfTheLockFileIsRefused() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let victim = try directory.file("victim", "keep\n")
    symlink(victim, directory.path + "/.list.md.chk-lock")
    #expect(throws: (any Error).self) { _ = try ChecklistFile(editing: path, lockTimeout: 0.2) }
    #expect(try directory.read("victim") == "keep\n")
    #expect(try directory.read("list.md") == "old\n")
  }

  /// Anything but a regular file where the lock file goes (a FIFO that would block, a
  /// directory) is refused, and the target is not touched.
  @Test func aLockThatIsNotARegularFileIsRefused() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    mkfifo(directory.path + "/.list.md.chk-lock", 0o666)
    #expect(throws: (any Error).self) { _ = try ChecklistFile(editing: path, lockTimeout: 0.2) }
    unlink(directory.path + "/.list.md.chk-lock")
    mkdir(directory.path + "/.list.md.chk-lock", 0o755)
    #expect(throws: (any Error).self) { _ = try ChecklistFile(editing: path, lockTimeout: 0.2) }
    #expect(try directory.read("list.md") == "old\n")
  }

  /// What undo compares comes from the file that was written: after the edit, the
  /// identity is the new file's, whatever the path names by the time it is asked.
  @Test func theIdentityIsTheWrittenFiles() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "old\n")
    let report = try ChecklistFile(editing: path).write(Array("new\n".utf8))
    let status = fileStatus(path)
    #expect(report.identity?.inode == UInt64(status.st_ino))
    #expect(report.identity?.size == 4)
    #expect(report.identity?.changed.seconds == Int64(status.st_ctim.tv_sec))
    #expect(report.identity?.changed.nanoseconds == Int64(status.st_ctim.tv_nsec))
  }

  /// An edit that changes nothing still removes an interrupted run's temporary files,
  /// as the man page says.
  @Test func anUnchangedEditRemovesStaleTemporaryFiles() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("list.md", "same\n")
    _ = try directory.file(".list.md.chk-99999-abc.tmp", "partial")
    let report = try ChecklistFile(editing: path).write(Array("same\n".utf8))
    #expect(report.method == .unchanged)
    #expect(report.removedTemporaryFiles == 1)
    #expect(directory.names == ["list.md"])
  }

  /// The kernel's protected_symlinks rule, whether or not the kernel enforces it: a
  /// link in a sticky, world-writable directory is followed only when this user or the
  /// directory's owner owns it.
  @Test func linksPlantedInASharedDirectoryAreNotFollowed() throws {
    guard geteuid() == 0 else { return }
    let directory = try TemporaryDirectory()
    let secret = try directory.file("secret.md", "- [ ] root only\n")
    chmod(secret, 0o600)
    let shared = directory.path + "/shared"
    mkdir(shared, 0o777)
    chmod(shared, 0o1777)
    chown(shared, 1000, 1000)
    // Planted by another user (65534): refused for reading and for editing.
    let planted = shared + "/list.md"
    symlink(secret, planted)
    lchown(planted, 65534, 65534)
    let refusal = FileError.protectedSymlink(path: planted, link: planted)
    #expect(throws: refusal) { _ = try ChecklistFile.read(planted) }
    #expect(throws: refusal) { _ = try ChecklistFile(editing: planted) }
    // The directory's owner's link, and this user's own link, are followed.
    let owners = shared + "/owners.md"
    symlink(secret, owners)
    lchown(owners, 1000, 1000)
    #expect(try ChecklistFile.read(owners) == Array("- [ ] root only\n".utf8))
    let mine = shared + "/mine.md"
    symlink(secret, mine)
    #expect(try ChecklistFile.read(mine) == Array("- [ ] root only\n".utf8))
    // Outside a sticky directory any link is followed.
    let plain = directory.path + "/plain.md"
    symlink(secret, plain)
    lchown(plain, 65534, 65534)
    #expect(try ChecklistFile.read(plain) == Array("- [ ] root only\n".utf8))
    #expect(try directory.read("secret.md") == "- [ ] root only\n")
  }

  /// A link to a link to a link, and a loop.
  @Test func linkChainsResolveAndLoopsFail() throws {
    let directory = try TemporaryDirectory()
    let target = try directory.file("real.md", "x\n")
    symlink(target, directory.path + "/a")
    symlink("a", directory.path + "/b")
    symlink("./b", directory.path + "/c")
    #expect(try ChecklistFile.snapshot(directory.path + "/c").resolvedPath == target)
    symlink("loop2", directory.path + "/loop1")
    symlink("loop1", directory.path + "/loop2")
    #expect(throws: (any Error).self) { _ = try ChecklistFile.read(directory.path + "/loop1") }
    mkdir(directory.path + "/sub", 0o755)
    symlink("../real.md", directory.path + "/sub/up.md")
    #expect(try ChecklistFile.snapshot(directory.path + "/sub/up.md").resolvedPath == target)
  }
}
