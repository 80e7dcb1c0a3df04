import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands

/// An Obsidian vault with the Tasks plugin, as chk reads and edits it: the views read
/// the plugin's fields; check, uncheck and toggle write what the plugin writes (its
/// own examples: `ObsidianTaskTests`), other edits write the plugin's fields, the other
/// lines keep their bytes; edits the plugin's format cannot say are refused and leave
/// the file as it was.
@Suite("Obsidian vaults: chk on the Tasks plugin's format")
struct VaultTests {
  static let plugin = ".obsidian/plugins/obsidian-tasks-plugin/"
  static let tasks = """
    # Home

    - [ ] Pay rent 🔁 every month ⏫ 📅 2026-12-05
    - [x] Book dentist ✅ 2026-11-30 📅 2026-11-28
    - [ ] Draft talk 🛫 2026-12-01 ⏳ 2026-12-03 📅 2026-12-10 🆔 talk01
    - [ ] Send slides ⛔ talk01
    - [-] Old idea ❌ 2026-11-02
    - [/] Half done 📅 2026-12-08
    - [ ] Throw away 🏁 delete

    """

  static func vault(_ settings: String? = nil, tasks: String = tasks) throws -> CLIHarness {
    var files = ["notes/tasks.md": tasks, plugin + "manifest.json": "{}"]
    if let settings { files[plugin + "data.json"] = settings }
    var cli = try CLIHarness(files: files)
    cli.today = CalendarDay(year: 2026, month: 12, day: 7) ?? cli.today
    cli.variables["CHK_FILE"] = "notes/tasks.md"
    return cli
  }

  @Test func theViewsReadThePluginsFields() throws {
    let cli = try Self.vault()
    let due = cli.run("due", ".", "-v")
    #expect(due.status == .success, "\(due.errors)")
    #expect(
      due.output.contains("2026-12-05  notes/tasks.md:1       Pay rent  (2 days ago)  every month"))
    #expect(due.output.contains("notes/tasks.md:talk01  Draft talk"))
    #expect(due.output.contains("Half done"))
    #expect(!due.output.contains("Book dentist"))
    let list = cli.run("list", "--json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
    let items = try #require(
      (json["lists"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
    #expect(
      items.map { $0["name"] as? String } == [
        "Pay rent", "Book dentist", "Draft talk", "Send slides", "Old idea", "Half done",
        "Throw away",
      ])
    // Done and cancelled are checked; to do and in progress are open.
    #expect(
      items.map { $0["checked"] as? Bool } == [false, true, false, false, true, false, false])
    #expect(items[2]["id"] as? String == "talk01" && items[1]["done"] as? String == "2026-11-30")
    // The plugin's other fields, as tags of their names.
    let tags = (items[2]["tags"] as? [[String: String]])?.map {
      ($0["key"] ?? "") + "=" + ($0["value"] ?? "")
    }
    #expect(tags == ["due=2026-12-10", "scheduled=2026-12-03", "start=2026-12-01", "id=talk01"])
    #expect(
      (items[0]["tags"] as? [[String: String]])?.contains(["key": "priority", "value": "high"])
        == true)
    // Nothing was written.
    #expect(try cli.read("notes/tasks.md") == Self.tasks)
  }

  @Test func checkAndToggleWriteWhatThePluginWrites() throws {
    let cli = try Self.vault()
    #expect(cli.run("toggle", "1").status == .success)
    #expect(cli.run("check", "talk01").status == .success)
    #expect(cli.run("uncheck", "/dentist").status == .success)
    #expect(cli.run("toggle", "/half").status == .success)
    #expect(cli.run("check", "/throw").output.contains("removed it"))
    #expect(
      try cli.read("notes/tasks.md") == """
        # Home

        - [ ] Pay rent ⏫ 🔁 every month 📅 2027-01-05
        - [x] Pay rent ⏫ 🔁 every month 📅 2026-12-05 ✅ 2026-12-07
        - [ ] Book dentist 📅 2026-11-28
        - [x] Draft talk 🆔 talk01 🛫 2026-12-01 ⏳ 2026-12-03 📅 2026-12-10 ✅ 2026-12-07
        - [ ] Send slides ⛔ talk01
        - [-] Old idea ❌ 2026-11-02
        - [x] Half done 📅 2026-12-08 ✅ 2026-12-07

        """)
    // Each is one step of the history.
    for _ in 0..<5 { #expect(cli.run("undo").status == .success) }
    #expect(try cli.read("notes/tasks.md") == Self.tasks)
  }

  /// The vault's plugin settings: the next instance below, no done date.
  @Test func thePluginsSettingsAreHonoured() throws {
    let cli = try Self.vault(
      ##"{"recurrenceOnNextLine": true, "setDoneDate": false, "globalFilter": "#task"}"##,
      tasks: "- [ ] #task Pay rent 🔁 every week 📅 2026-12-05\n- [ ] not a task 📅 2026-12-06\n")
    #expect(cli.run("toggle", "1").status == .success)
    #expect(
      try cli.read("notes/tasks.md")
        == "- [x] #task Pay rent 🔁 every week 📅 2026-12-05\n- [ ] #task Pay rent 🔁 every week 📅 2026-12-12\n- [ ] not a task 📅 2026-12-06\n"
    )
    // A line without the global filter is no task.
    #expect(!cli.run("due", ".").output.contains("not a task"))
    try cli.write(Self.plugin + "data.json", #"{"taskFormat": "orgmode"}"#)
    let other = cli.run("due", ".")
    #expect(other.status == .usage && other.errors.contains("'orgmode' format"))
  }

  /// Lines the plugin reads as tasks, and only those, are items: tasks in callouts
  /// and block quotes are; those in `%%` comments, without the global filter, or with
  /// a tab after the bullet are not. A byte-order mark and lone CRs change nothing.
  /// (Found by a probe of the built binary.)
  @Test func itemsAreTheLinesThePluginReadsAsTasks() throws {
    let cli = try Self.vault(
      ##"{"globalFilter": "#t"}"##,
      tasks: "\u{FEFF}- [ ] #t first 📅 2026-12-05\n> [!todo] Week\n> - [ ] #t quoted 📅 2026-12-06\n"
        + "%%\n- [ ] #t hidden 📅 2026-12-07\n%%\n- [ ] no filter 📅 2026-12-08\n-\t[ ] #t tab\n")
    let list = cli.run("list")
    #expect(list.output.contains("1  [ ] #t first") && list.output.contains("2  [ ] #t quoted"))
    for hidden in ["hidden", "no filter", "tab", "3  "] {
      #expect(!list.output.contains(hidden), "\(hidden): \(list.output)")
    }
    #expect(cli.run("check", "1", "2").status == .success)
    #expect(
      try cli.read("notes/tasks.md")
        == "\u{FEFF}- [x] #t first 📅 2026-12-05 ✅ 2026-12-07\n> [!todo] Week\n"
        + "> - [x] #t quoted 📅 2026-12-06 ✅ 2026-12-07\n%%\n- [ ] #t hidden 📅 2026-12-07\n%%\n"
        + "- [ ] no filter 📅 2026-12-08\n-\t[ ] #t tab\n")
    let lone = try Self.vault(tasks: "- [ ] a\r- [ ] b 📅 2026-12-05\r")
    #expect(lone.run("check", "/b").status == .success)
    #expect(try lone.read("notes/tasks.md") == "- [ ] a\r- [x] b 📅 2026-12-05 ✅ 2026-12-07\r")
  }

  /// A cancelled task is closed: `check` leaves it; a rule chk cannot read is said;
  /// `--date` is the day done, the clock's day the day created.
  @Test func closedTasksRulesAndDays() throws {
    let cli = try Self.vault(
      #"{"setCreatedDate": true}"#,
      tasks: "- [-] gone ❌ 2026-11-02\n- [ ] moon 🔁 every blue moon 📅 2026-12-05\n"
        + "- [ ] rent 🔁 every month 📅 2026-12-05\n")
    #expect(cli.run("check", "/gone").output.contains("already checked"))
    let moon = cli.run("check", "/moon")
    #expect(moon.errors.contains("the rule 'every blue moon' is not one chk reads"))
    #expect(cli.run("check", "/rent", "--date", "2026-12-01").status == .success)
    #expect(
      try cli.read("notes/tasks.md")
        == "- [-] gone ❌ 2026-11-02\n- [x] moon 🔁 every blue moon 📅 2026-12-05 ✅ 2026-12-07\n"
        + "- [ ] rent 🔁 every month ➕ 2026-12-07 📅 2027-01-05\n"
        + "- [x] rent 🔁 every month 📅 2026-12-05 ✅ 2026-12-01\n")
    // Settings that cannot be read are said, not taken for the defaults.
    try FileManager.default.removeItem(atPath: cli.directory.path + "/" + Self.plugin + "data.json")
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/" + Self.plugin + "data.json",
      withIntermediateDirectories: true)
    let unreadable = cli.run("list")
    #expect(unreadable.status == .usage && unreadable.errors.contains("cannot be read"))
  }

  /// `chk lint` reads a vault's file as the plugin's: a duplicate 🆔, a 📅 that is no
  /// day; each finding on its whole line of the file, in the plugin's signifiers.
  @Test func lintFindsThePluginsFieldsWrong() throws {
    let cli = try Self.vault(tasks: "# T\n\n- [ ] 😀 dup 🆔 a1 📅 2024-02-30\n- [ ] dup2 🆔 a1\n")
    let lint = cli.run("lint", "notes")
    #expect(lint.status == .failure)
    #expect(
      lint.output.hasPrefix(
        "notes/tasks.md:3:1: error: '2024-02-30' in 📅 is not a real day or day and time"))
    #expect(lint.output.contains("notes/tasks.md:4:1: error: duplicate ID 'a1'"))
    let json = cli.run("lint", "--format", "json", "notes").output
    #expect(json.contains(#""line":3,"column":1,"endLine":3,"endColumn":"#))
    #expect(!json.contains(#""fixable":true"#))
  }

  /// `⛔` against the IDs of the whole vault (another file's `🆔` counts, even when only
  /// this file is linted); `🔁` rules rrule's parser refuses before a unit.
  @Test func lintFindsDependenciesAndRulesThePluginCannotRead() throws {
    let cli = try Self.vault(
      tasks: "- [ ] A ⛔ t1\n- [ ] B ⛔ t1,zz9\n- [ ] C 🔁 sometimes\n- [ ] D 🔁 every 2\n"
        + "- [ ] E 🔁 everyday\n- [ ] F 🔁 every week on Caturday\n%% - [ ] G ⛔ gone %%\n")
    try cli.write("projects/talk.md", "- [ ] Talk 🆔 t1\n")
    let lint = cli.run("lint", "notes/tasks.md")
    #expect(lint.status == .success)
    let advice =
      "write 'every' and a unit (every week, every 2 days, every month on the 1st); it drops "
      + "it when it writes the task [invalid-recurrence]"
    let lines = lint.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines.first
        == "notes/tasks.md:2:1: warning: ⛔ zz9 names no task: no task of the vault has 🆔 zz9 "
        + "[unknown-dependency]")
    #expect(
      lines.dropFirst().first
        == "notes/tasks.md:3:1: warning: 🔁 'sometimes' is not a rule the plugin reads: " + advice)
    #expect(
      lines.last
        == "notes/tasks.md:4:1: warning: 🔁 'every 2' is not a rule the plugin reads: " + advice)
    // Off like any rule; and the other file's ID is what made t1 known.
    #expect(
      cli.run("lint", "--disable", "unknown-dependency", "notes").output.count { $0 == "\n" } == 2)
    try cli.write("projects/talk.md", "- [ ] Talk\n")
    #expect(cli.run("lint", "notes").output.contains("⛔ t1 names no task"))
  }

  /// The plugin's docs and sample vault, linted as a vault: only the docs' own bad
  /// examples are found (days that do not exist in the "Invalid Dates" pages, a `⛔`
  /// naming an ID no file has), none of chk's rules about its own syntax.
  @Test func lintFindsOnlyTheDocsOwnBadExamples() throws {
    var files = [Self.plugin + "manifest.json": "{}"]
    var ids = Set<String>()
    for file in Corpus.obsidianTasks {
      guard let text = file.text else { continue }
      files[file.name] = text
      for line in text.split(separator: "\n") {
        guard let task = ObsidianTask(line: String(line)) else { continue }
        ids.insert(task.id)
      }
    }
    let cli = try CLIHarness(files: files)
    let lint = cli.run("lint", "--format", "json", ".")
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(lint.output.utf8)) as? [[String: Any]])
    var byRule: [String: Int] = [:]
    for finding in findings {
      let path = finding["file"] as? String ?? ""
      let rule = finding["rule"] as? String ?? ""
      byRule[rule, default: 0] += 1
      let message = finding["message"] as? String ?? ""
      switch rule {
      case "invalid-date": #expect(path.contains("Invalid"), "\(path): \(message)")
      case "unknown-dependency":
        let id = message.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(!ids.contains(id), "\(path): \(message)")
      default: Issue.record("\(path): \(rule): \(message)")
      }
    }
    #expect(byRule == ["invalid-date": 8, "unknown-dependency": 6], "\(byRule)")
  }

  /// `.chk.json` decides over the vault; and makes a folder without one Obsidian's.
  @Test func chkJSONChoosesTheDialect() throws {
    let cli = try Self.vault()
    try cli.write(".chk.json", #"{"dialect": "chk"}"#)
    #expect(cli.run("add", "x").status == .success)
    let other = try CLIHarness(files: [
      ".chk.json": #"{"dialect": "obsidian-tasks"}"#, "CHECKLIST.md": "- [ ] a 📅 2026-12-05\n",
    ])
    #expect(other.run("list").output.contains("a"))
    #expect(other.run("due", ".").output.contains("2026-12-05"))
    #expect(other.run("add", "b", "--due", "2026-12-06").status == .success)
    #expect(try other.read("CHECKLIST.md") == "- [ ] a 📅 2026-12-05\n- [ ] b 📅 2026-12-06\n")
    // A .chk.json that cannot be read is lint's to report; the views and edits go on
    // (as with reminders), and a vault still decides.
    let bad = try CLIHarness(files: [
      ".chk.json": #"{"dialect": "org"}"#, "CHECKLIST.md": "- [ ] a\n",
    ])
    #expect(bad.run("lint").errors.contains("\"dialect\" is \"chk\" or \"obsidian-tasks\""))
    #expect(bad.run("check", "1").status == .success)
    try cli.write(".chk.json", "{not json")
    #expect(cli.run("add", "y", "--due", "2026-12-06").status == .success)
    #expect(try cli.read("notes/tasks.md").hasSuffix("- [ ] y 📅 2026-12-06\n"))
  }

  /// Every task line of the plugin's documentation and sample vault, toggled by chk in
  /// a vault: the file changes at that line only, into what `ObsidianTask` writes.
  @Test func togglingEveryFileOfThePluginsDocsChangesOnlyItsLine() throws {
    var toggled = 0
    for file in Corpus.obsidianTasks.prefix(60) {
      guard let text = file.text, !text.contains("\r") else { continue }
      let cli = try Self.vault(tasks: text)
      let before = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let result = cli.run("toggle", "1")
      guard result.status == .success else { continue }
      let after = try cli.read("notes/tasks.md").split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map(String.init)
      // The first item's line: the first line the file changed.
      guard
        let index = zip(before, after).enumerated().first(where: { $0.element.0 != $0.element.1 })?
          .offset
      else { continue }
      let expected = try #require(ObsidianTask(line: before[index])).toggled(
        today: cli.today, settings: ObsidianTaskSettings()
      ).map(\.line)
      #expect(
        Array(after[index..<(index + expected.count)]) == expected, "\(file.name)")
      #expect(
        Array(after[(index + expected.count)...]) == Array(before[(index + 1)...]), "\(file.name)")
      #expect(Array(after[..<index]) == Array(before[..<index]), "\(file.name)")
      toggled += 1
    }
    #expect(toggled > 20)
  }
}
