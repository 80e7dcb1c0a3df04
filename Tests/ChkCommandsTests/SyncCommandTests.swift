import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// `chk sync`: a checklist file and a vdir brought to agree, both ways, field by field.
@Suite("CLI: chk sync")
struct SyncCommandTests {
  static let file = """
    ## Groceries

    - [ ] Milk  @due(2024-03-12)  @id(milk)
    - [x] Eggs  @done(2024-03-01)  @id(eggs)
      - [ ] Brown ones  @id(brwn)

    ## Work

    - [ ] Standup  @due(2024-03-10)  @every(day)  @id(stnd)
    - [ ] Report  @due(2024-03-11 17:00)  @remind(1 hour before)  @id(rprt)  # quarterly

    """

  /// A harness with the file synced once.
  static func synced(_ contents: String = file) throws -> CLIHarness {
    let cli = try CLIHarness(files: ["CHECKLIST.md": contents])
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success, "\(result.errors)")
    return cli
  }

  /// The `.ics` files of the vdir by UID, parsed.
  static func todos(_ cli: CLIHarness) throws -> [String: (path: String, file: VTodoFile)] {
    var found: [String: (String, VTodoFile)] = [:]
    let root = cli.directory.path + "/vdir"
    for folder in try FileManager.default.contentsOfDirectory(atPath: root) {
      for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
      where name.hasSuffix(".ics") {
        let path = root + "/" + folder + "/" + name
        let todo = try VTodoFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        found[todo.uid] = (path, todo)
      }
    }
    return found
  }

  /// The to-do named `name`.
  static func todo(_ cli: CLIHarness, named name: String) throws -> (path: String, file: VTodoFile)
  {
    let all = try todos(cli).values.filter { $0.file.todo.property("SUMMARY")?.text == name }
    #expect(all.count == 1, "to-dos named \(name): \(all.count)")
    return try #require(all.first)
  }

  /// Rewrites a to-do's file as a phone would: `change` edits its text.
  static func edit(_ path: String, _ change: (String) -> String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try change(text).write(toFile: path, atomically: false, encoding: .utf8)
  }

  /// Every file's bytes and modification time, under `directory`.
  static func snapshot(_ directory: String) throws -> [String: String] {
    var result: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let name = enumerator?.nextObject() as? String {
      let path = directory + "/" + name
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, !name.hasPrefix(".state")
      else { continue }
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
      result[name] = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(bytes.hashValue)"
    }
    return result
  }

  @Test func eachListIsACollectionAndEachItemAFile() throws {
    let cli = try Self.synced()
    let todos = try Self.todos(cli)
    #expect(todos.count == 5)
    let report = try Self.todo(cli, named: "Report").file
    #expect(
      report.uid == CalendarFeed.uid(id: "rprt", stablePath: cli.directory.path + "/CHECKLIST.md")
        || report.uid.hasPrefix("rprt-"))
    #expect(report.todo.property("DESCRIPTION")?.text == "quarterly")
    #expect(report.todo.property("DUE")?.value == "20240311T170000")
    let alarm = try #require(SyncFields.ownedAlarm(of: report.todo))
    #expect(alarm.property("TRIGGER")?.value == "-PT1H")
    let brown = try Self.todo(cli, named: "Brown ones").file
    let eggs = try Self.todo(cli, named: "Eggs").file
    #expect(brown.parentUID == eggs.uid)
    #expect(eggs.todo.property("STATUS")?.value == "COMPLETED")
    #expect(try Self.todo(cli, named: "Standup").file.todo.property("RRULE")?.value == "FREQ=DAILY")
    let names = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path + "/vdir")
    #expect(names.count == 2)
    let displayNames = try names.map {
      try String(contentsOfFile: cli.directory.path + "/vdir/\($0)/displayname", encoding: .utf8)
    }
    #expect(Set(displayNames) == ["Groceries", "Work"])
  }

  @Test func aSecondRunWritesNothingOnEitherSide() throws {
    let cli = try Self.synced()
    let before = try Self.snapshot(cli.directory.path)
    let again = cli.run("sync", "--vdir", "vdir")
    #expect(again.status == .success)
    #expect(again.output.contains("is up to date (5 items)"), "\(again.output)")
    #expect(try Self.snapshot(cli.directory.path) == before)
  }

  @Test func changesMadeOnThePhoneReachTheFile() throws {
    let cli = try Self.synced()
    try Self.edit(Self.todo(cli, named: "Milk").path) {
      $0.replacingOccurrences(
        of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20240309T080000Z")
    }
    try Self.edit(Self.todo(cli, named: "Report").path) {
      $0.replacingOccurrences(of: "SUMMARY:Report", with: "SUMMARY:Quarterly report")
        .replacingOccurrences(of: "DUE:20240311T170000", with: "DUE:20240315T170000")
    }
    let eggs = try Self.todo(cli, named: "Brown ones").path
    try FileManager.default.removeItem(atPath: eggs)
    let folder = URL(fileURLWithPath: try Self.todo(cli, named: "Milk").path)
      .deletingLastPathComponent().path
    try
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:phone\r\nBEGIN:VTODO\r\nUID:phone-1\r\nSUMMARY:Bread\r\nDUE;VALUE=DATE:20240314\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
      .write(toFile: folder + "/phone-1.ics", atomically: false, encoding: .utf8)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success, "\(result.errors)")
    let text = try cli.read("CHECKLIST.md")
    #expect(text.contains("- [x] Milk  @due(2024-03-12)  @done(2024-03-09)  @id(milk)"), "\(text)")
    #expect(text.contains("- [ ] Quarterly report  @due(2024-03-15 17:00)"), "\(text)")
    #expect(!text.contains("Brown ones"))
    #expect(text.contains("- [ ] Bread  @due(2024-03-14)  @id("), "\(text)")
    // The new item is the phone's to-do: no second file for it.
    #expect(try Self.todos(cli).count == 5)
    #expect(try Self.todos(cli)["phone-1"] != nil)
    let before = try Self.snapshot(cli.directory.path)
    #expect(cli.run("sync", "--vdir", "vdir").output.contains("up to date"))
    #expect(try Self.snapshot(cli.directory.path) == before)
  }

  @Test func changesMadeInTheFileReachTheVdir() throws {
    var cli = try Self.synced()
    cli.today = CalendarDay(year: 2024, month: 3, day: 11) ?? cli.today
    #expect(cli.run("check", "milk", "-q").status == .success)
    #expect(cli.run("edit", "rprt", "--name", "Annual report", "-q").status == .success)
    #expect(cli.run("rm", "brwn", "-q").status == .success)
    #expect(cli.run("add", "Butter", "--list", "Groceries", "-q").status == .success)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success, "\(result.errors)")
    let milk = try Self.todo(cli, named: "Milk").file
    #expect(milk.todo.property("STATUS")?.value == "COMPLETED")
    #expect(
      try Self.todo(cli, named: "Annual report").file.todo.property("DESCRIPTION")?.text
        == "quarterly")
    let names = try Self.todos(cli).values.compactMap { $0.file.todo.property("SUMMARY")?.text }
    #expect(Set(names) == ["Milk", "Eggs", "Annual report", "Standup", "Butter"])
  }

  @Test func aTickOnThePhoneAndARenameInTheFileBothSurvive() throws {
    let cli = try Self.synced()
    try Self.edit(Self.todo(cli, named: "Milk").path) {
      $0.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
    }
    #expect(cli.run("edit", "milk", "--name", "Oat milk", "-q").status == .success)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Oat milk  @due(2024-03-12)  @id(milk)"))
    let milk = try Self.todo(cli, named: "Oat milk").file
    #expect(milk.todo.property("STATUS")?.value == "COMPLETED")
  }

  @Test func theSameFieldChangedOnBothSidesKeepsTheFileAndSaysSo() throws {
    let cli = try Self.synced()
    try Self.edit(Self.todo(cli, named: "Milk").path) {
      $0.replacingOccurrences(of: "SUMMARY:Milk", with: "SUMMARY:Soy milk")
    }
    #expect(cli.run("edit", "milk", "--name", "Oat milk", "-q").status == .success)
    let result = cli.run("sync", "--vdir", "vdir", "--json")
    #expect(result.status == .success)
    #expect(
      result.errors.contains(
        "SUMMARY changed on both sides; kept the file's 'Oat milk', the vdir had 'Soy milk'"),
      "\(result.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let conflicts = try #require(json?["conflicts"] as? [[String: Any]])
    #expect(conflicts.first?["vdirValue"] as? String == "Soy milk")
    #expect(try Self.todo(cli, named: "Oat milk").file.uid.hasPrefix("milk-"))
  }

  @Test func whatChkDoesNotOwnStaysByteForByte() throws {
    let cli = try Self.synced()
    let kept = [
      "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Shop:geo:52.5,13.4",
      "ATTACH;FMTTYPE=image/png:https://example.com/a-very-long-attachment-name-that-is-fol\r\n ded-over-two-lines.png",
      "X-TASKS-ORG-PRIORITY:1",
    ]
    let location =
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:PT0S\r\nX-APPLE-PROXIMITY:ARRIVE\r\nEND:VALARM\r\n"
    let path = try Self.todo(cli, named: "Milk").path
    try Self.edit(path) {
      $0.replacingOccurrences(
        of: "SUMMARY:Milk\r\n", with: "SUMMARY:Milk\r\n" + kept.joined(separator: "\r\n") + "\r\n"
      )
      .replacingOccurrences(of: "END:VTODO", with: location + "END:VTODO")
    }
    #expect(cli.run("edit", "milk", "--name", "Whole milk", "-q").status == .success)
    #expect(cli.run("sync", "--vdir", "vdir").status == .success)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("SUMMARY:Whole milk"))
    for line in kept + [location] { #expect(text.contains(line), "\(line)") }
  }

  @Test func aVanishedCollectionOrAMassRemovalIsRefused() throws {
    let cli = try Self.synced()
    let folder = URL(fileURLWithPath: try Self.todo(cli, named: "Milk").path)
      .deletingLastPathComponent().path
    let before = try cli.read("CHECKLIST.md")
    try FileManager.default.removeItem(atPath: folder)
    let refused = cli.run("sync", "--vdir", "vdir")
    #expect(refused.status == .failure)
    #expect(
      refused.errors.contains("is missing; chk sync does not read a vanished folder"),
      "\(refused.errors)")
    #expect(try cli.read("CHECKLIST.md") == before)
    #expect(cli.run("sync", "--vdir", "vdir", "--allow-deletes").status == .success)
    #expect(!(try cli.read("CHECKLIST.md")).contains("Milk"))
  }

  @Test func removingMostOfAListInTheFileIsRefused() throws {
    let items = (1...8).map { "- [ ] item \($0)  @id(it0\($0))" }.joined(separator: "\n")
    let cli = try Self.synced("## Chores\n\n" + items + "\n")
    try cli.write("CHECKLIST.md", "## Chores\n\n- [ ] item 1  @id(it01)\n")
    let refused = cli.run("sync", "--vdir", "vdir")
    #expect(refused.status == .failure)
    #expect(
      refused.errors.contains("would remove 7 of the 8 items of 'Chores'"), "\(refused.errors)")
    #expect(try Self.todos(cli).count == 8)
    #expect(cli.run("sync", "--vdir", "vdir", "--allow-deletes").status == .success)
    #expect(try Self.todos(cli).count == 1)
  }

  @Test(arguments: [
    (
      "not UTF-8",
      [UInt8]("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:\u{FF}".utf8) + [0xFF, 13, 10]
    ),
    (
      "no UID",
      Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
    ),
    (
      "two to-dos",
      Array(
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
          .utf8)
    ),
    ("not iCalendar", Array("hello\r\n".utf8)),
  ])
  func badFilesAreSaidAndLeftAlone(_ label: String, _ bytes: [UInt8]) throws {
    let cli = try Self.synced()
    let path = try Self.todo(cli, named: "Milk").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let before = try cli.read("CHECKLIST.md")
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success)
    #expect(result.errors.contains("skipped (left as it is)"), "\(label): \(result.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "\(label)")
    #expect(try cli.read("CHECKLIST.md") == before, "\(label)")
  }

  @Test func aDryRunWritesNothing() throws {
    let cli = try Self.synced()
    try Self.edit(Self.todo(cli, named: "Milk").path) {
      $0.replacingOccurrences(of: "SUMMARY:Milk", with: "SUMMARY:Soy milk")
    }
    let before = try Self.snapshot(cli.directory.path)
    let result = cli.run("sync", "--vdir", "vdir", "--dry-run")
    #expect(result.output.contains("file  would be updated 'Milk'"), "\(result.output)")
    #expect(try Self.snapshot(cli.directory.path) == before)
  }

  @Test func undoTakesBackWhatASyncDidToAFile() throws {
    let cli = try Self.synced()
    let before = try cli.read("CHECKLIST.md")
    try Self.edit(Self.todo(cli, named: "Milk").path) {
      $0.replacingOccurrences(of: "SUMMARY:Milk", with: "SUMMARY:Soy milk")
    }
    #expect(cli.run("sync", "--vdir", "vdir").status == .success)
    #expect(try cli.read("CHECKLIST.md") != before)
    #expect(cli.run("undo", "-q").status == .success)
    #expect(try cli.read("CHECKLIST.md") == before)
  }

  @Test func aCollectionMadeOnThePhoneBecomesAList() throws {
    let cli = try Self.synced()
    let folder = cli.directory.path + "/vdir/d2c4-phone-list"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "Hardware store".write(toFile: folder + "/displayname", atomically: false, encoding: .utf8)
    try
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:nails\r\nSUMMARY:Nails\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
      .write(toFile: folder + "/nails.ics", atomically: false, encoding: .utf8)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(
      result.errors.contains("it is now the list 'Hardware store' in CHECKLIST.md"),
      "\(result.errors)")
    #expect(
      try cli.read("CHECKLIST.md").hasSuffix(
        "## Hardware store\n\n- [ ] Nails  @id(\(try Self.idOf("Nails", cli)))\n"))
    #expect(cli.run("sync", "--vdir", "vdir").output.contains("up to date"))
  }

  static func idOf(_ name: String, _ cli: CLIHarness) throws -> String {
    let document = try ChecklistDocument(parsing: Array(try cli.read("CHECKLIST.md").utf8))
    return try #require(document.items.first { $0.name == name }?.id)
  }

  @Test func symbolicLinksInTheVdirAreNotFollowed() throws {
    let cli = try Self.synced()
    let outside = try TemporaryDirectory()
    let secret = try outside.file(
      "secret.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:s\r\nSUMMARY:secret\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    try FileManager.default.createSymbolicLink(
      atPath: cli.directory.path + "/vdir/linked", withDestinationPath: outside.path)
    let folder = URL(fileURLWithPath: try Self.todo(cli, named: "Milk").path)
      .deletingLastPathComponent().path
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/s.ics", withDestinationPath: secret)
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.errors.contains("a symbolic link (not followed)"))
    #expect(!(try cli.read("CHECKLIST.md")).contains("secret"))
  }

  /// One item changed on the phone: the `.ics` files read and written are that one,
  /// whatever the tree's size (the others are known unchanged by their identity).
  @Test(arguments: [50, 400])
  func oneChangeOnThePhoneReadsOneFile(_ count: Int) throws {
    let items = (0..<count).map { "- [ ] item \($0)  @id(i\($0))" }.joined(separator: "\n")
    let cli = try Self.synced("## Many\n\n" + items + "\n")
    try Self.edit(Self.todo(cli, named: "item 7").path) {
      $0.replacingOccurrences(of: "SUMMARY:item 7", with: "SUMMARY:item seven")
    }
    let result = cli.run("sync", "--vdir", "vdir", "--verbose")
    #expect(result.output.contains("read 1 .ics file,"), "\(result.output)")
    #expect(result.output.components(separatedBy: "\n").filter { $0.hasPrefix("vdir") }.count <= 1)
  }

  @Test func anIDChangedByHandKeepsTheUIDAndThePhonesChange() throws {
    let cli = try Self.synced()
    let milk = try Self.todo(cli, named: "Milk")
    try Self.edit(milk.path) {
      $0.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
    }
    try cli.write(
      "CHECKLIST.md",
      try cli.read("CHECKLIST.md").replacingOccurrences(of: "@id(milk)", with: "@id(mlk2)"))
    let result = cli.run("sync", "--vdir", "vdir")
    #expect(result.status == .success)
    #expect(result.errors.contains("has a new ID ('mlk2', was 'milk')"), "\(result.errors)")
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Milk  @due(2024-03-12)  @id(mlk2)"))
    let after = try Self.todo(cli, named: "Milk")
    #expect(after.path == milk.path)
    #expect(after.file.uid == milk.file.uid)
    #expect(try Self.todos(cli).count == 5)
    #expect(cli.run("sync", "--vdir", "vdir").output.contains("up to date"))
  }

  /// Another user's vdir in a directory anyone can write is refused, as such a
  /// `.chk.json` is: anyone could have put it there. Needs root, to give the vdir away.
  @Test func anotherUsersVdirInASharedDirectoryIsRefused() throws {
    guard geteuid() == 0 else {
      try Skips.missing(
        "another user's vdir", "not root, so the vdir cannot be given to another user",
        required: false)
      return
    }
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    let shared = cli.directory.path + "/shared"
    try FileManager.default.createDirectory(
      atPath: shared + "/vdir", withIntermediateDirectories: true)
    chmod(shared, 0o1777)
    chown(shared + "/vdir", 65_534, 65_534)
    let result = cli.run("sync", "--vdir", "shared/vdir")
    #expect(result.status == .usage)
    #expect(result.errors.contains("belongs to another user (uid 65534)"), "\(result.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared + "/vdir").isEmpty)
    // In a private directory, the vdir itself writable by others is refused too.
    let open = cli.directory.path + "/private/vdir"
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
    chmod(cli.directory.path + "/private", 0o755)
    chmod(open, 0o777)
    chown(open, 65_534, 65_534)
    #expect(cli.run("sync", "--vdir", "private/vdir").status == .usage)
  }
}
