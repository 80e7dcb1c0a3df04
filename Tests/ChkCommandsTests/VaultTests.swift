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

  /// A vault whose plugin writes the Dataview format: read, checked and edited in it.
  @Test func theDataviewFormatIsReadAndWritten() throws {
    let cli = try Self.vault(
      #"{"taskFormat": "dataview"}"#,
      tasks:
        "# Home\n\n- [ ] Pay rent  [repeat:: every month]  [priority:: high]  [due:: 2026-12-05]\n"
        + "- [ ] Call (due:: 2026-12-08) #family\n")
    let due = cli.run("due", ".")
    #expect(due.output.contains("2026-12-05  notes/tasks.md:1  Pay rent"), "\(due.output)")
    #expect(due.output.contains("Call #family"))
    #expect(cli.run("check", "1").status == .success)
    #expect(cli.run("edit", "/call", "--due", "2026-12-09 10:00").status == .success)
    #expect(cli.run("add", "Milk", "--due", "2026-12-10").status == .success)
    #expect(
      try cli.read("notes/tasks.md") == """
        # Home

        - [ ] Pay rent  [priority:: high]  [repeat:: every month]  [due:: 2027-01-05]
        - [x] Pay rent  [priority:: high]  [repeat:: every month]  [due:: 2026-12-05]  [completion:: 2026-12-07]
        - [ ] Call #family @due(10:00)  [due:: 2026-12-09]
        - [ ] Milk  [due:: 2026-12-10]

        """)
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

  /// `add`, `edit`, `rm`, `mv` and `archive` are made on chk's view and written back as
  /// the plugin writes tasks: the changed tasks in the plugin's order of fields, a moved
  /// task with its bytes, the other lines as they were; no `🆔` for the IDs chk makes.
  @Test func otherEditsWriteThePluginsFields() throws {
    let cli = try Self.vault(
      "{\"setCreatedDate\": true}", tasks: Self.tasks + "\n> [!todo] Later\n> - [ ] In a callout\n")
    let add = cli.run("add", "Buy milk", "--due", "2026-12-09", "--every", "2 weeks", "--top")
    #expect(add.status == .success, "\(add.errors)")
    #expect(add.output == "added \"Buy milk\" at the top of \"Home\"\n")
    #expect(
      cli.run("edit", "talk01", "--name", "Draft the talk", "--due", "2026-12-24").status
        == .success)
    #expect(cli.run("edit", "/pay", "--every", "monday").status == .success)
    #expect(cli.run("rm", "/send").status == .success)
    #expect(cli.run("mv", "/half", "--top").status == .success)
    #expect(cli.run("add", "Also later", "--after", "/callout").status == .success)
    #expect(cli.run("archive").output.contains("archived 2 items"))
    #expect(
      try cli.read("notes/tasks.md") == """
        # Home

        - [/] Half done 📅 2026-12-08
        - [ ] Buy milk 🔁 every 2 weeks ➕ 2026-12-07 📅 2026-12-09
        - [ ] Pay rent ⏫ 🔁 every week on Monday 📅 2026-12-05
        - [ ] Draft the talk 🆔 talk01 🛫 2026-12-01 ⏳ 2026-12-03 📅 2026-12-24
        - [ ] Throw away 🏁 delete

        > [!todo] Later
        > - [ ] In a callout
        > - [ ] Also later ➕ 2026-12-07

        # Archive

        - [x] Book dentist ✅ 2026-11-30 📅 2026-11-28
        - [-] Old idea ❌ 2026-11-02

        """)
    // The plugin reads every task as chk meant it.
    let list = cli.run("list").output
    #expect(list.contains("Buy milk") && list.contains("every 2 weeks"), "\(list)")
    for _ in 0..<7 { #expect(cli.run("undo").status == .success) }
    #expect(
      try cli.read("notes/tasks.md") == Self.tasks + "\n> [!todo] Later\n> - [ ] In a callout\n")
  }

  /// Found by a hostile probe and a review: tasks that read alike in chk's view (`[ ]`
  /// and `[/]`, a block link) are told apart; renumbering keeps each task's fields; a
  /// task moved out of a callout leaves its quote marks, one edited after a callout
  /// keeps none; a global filter stays on the tasks chk writes; names that would hide
  /// tasks or read as chk's own fields, and a task that would land in a comment, are
  /// refused.
  @Test func editsKnowEachTaskForSure() throws {
    func after(
      _ text: String, _ arguments: [String], settings: String? = nil
    ) throws -> (CLIHarness.Result, String) {
      let cli = try Self.vault(settings, tasks: text)
      let result = cli.run(arguments)
      return (result, try cli.read("notes/tasks.md"))
    }
    #expect(
      try after("- [ ] Same\n- [ ] Other\n- [/] Same\n", ["rm", "1", "2"]).1 == "- [/] Same\n")
    #expect(
      try after("- [ ] A\n- [ ] Same\n- [/] Same ^keep\n- [ ] B\n", ["mv", "3", "--top"]).1
        == "- [/] Same ^keep\n- [ ] A\n- [ ] Same\n- [ ] B\n")
    #expect(
      try after("1. [ ] a\n2. [ ] b 🆔 bid ^x\n3. [/] c\n", ["rm", "1"]).1
        == "1. [ ] b 🆔 bid ^x\n2. [/] c\n")
    let callout = "> [!todo] T\n> - [ ] P\n> - [ ] Q\n\n- [ ] Out\n"
    #expect(
      try after(callout, ["mv", "/Q", "--after", "/Out"]).1
        == "> [!todo] T\n> - [ ] P\n\n- [ ] Out\n- [ ] Q\n")
    #expect(
      try after("> [!note]\n> - [ ] a\n- [ ] b\n", ["edit", "/b", "--due", "2026-12-09"]).1
        == "> [!note]\n> - [ ] a\n- [ ] b 📅 2026-12-09\n")
    let filtered = ##"{"globalFilter": "#task"}"##
    #expect(
      try after("- [ ] #task Real\n", ["edit", "1", "--name", "Renamed"], settings: filtered).1
        == "- [ ] #task Renamed\n")
    #expect(
      try after("- [ ] #task Real\n", ["add", "New"], settings: filtered).1
        == "- [ ] #task Real\n- [ ] #task New\n")
    for (text, arguments, words) in [
      ("- [ ] A\n- [ ] B\n", ["edit", "2", "--name", "has %% c"], "opens an Obsidian comment"),
      ("- [ ] A\n", ["edit", "1", "--name", "x @due(2026-01-01)"], "chk reads as its own"),
      ("# L\n\n- [ ] A\n%%\n- [ ] hidden\n", ["add", "X"], "inside an Obsidian comment"),
    ] {
      let (result, file) = try after(text, arguments)
      #expect(result.status == .dataError, "\(arguments)")
      #expect(result.errors.contains(words), "\(arguments): \(result.errors)")
      #expect(file == text, "\(arguments)")
    }
  }

  /// A rule whose next day would be past 9999 brings no next instance, and says so; a
  /// recurring task with `🏁 delete` is replaced by its next one, which is said.
  @Test func checkingSaysWhenNoNextOneCame() throws {
    let cli = try Self.vault(
      tasks: "- [ ] A 🔁 every month 📅 9999-12-31\n- [ ] B 🔁 every day 🏁 delete 📅 2026-12-05\n")
    let ended = cli.run("check", "1")
    #expect(ended.status == .success)
    #expect(ended.errors.contains("'every month' gives no day after the task's dates"))
    let deleted = cli.run("check", "/B")
    #expect(deleted.output.contains("added the next one, due 2026-12-06"), "\(deleted.output)")
    #expect(
      try cli.read("notes/tasks.md")
        == "- [x] A 🔁 every month 📅 9999-12-31 ✅ 2026-12-07\n"
        + "- [ ] B 🔁 every day 🏁 delete 📅 2026-12-06\n")
  }

  /// `chk sync` with a vault: the tasks get the plugin's own `🆔` (by which the phone's
  /// copies are found again); a tick and a new name on the phone come back as the
  /// plugin writes them; the phone's note stays on the phone (the format has none),
  /// through later syncs.
  @Test func syncCarriesAVaultsTasksBothWays() throws {
    let cli = try Self.vault(
      tasks: "# Home\n\n- [ ] Pay rent ⏫ 📅 2026-12-05\n- [/] Call mum @due(14:30) 📅 2026-12-08\n")
    let first = cli.run("sync", ".", "--vdir", "vdir")
    #expect(first.status == .success, "\(first.errors)")
    let tasks = try cli.read("notes/tasks.md")
    #expect(tasks.contains("- [ ] Pay rent 🆔 ") && tasks.contains("⏫ 📅 2026-12-05\n"), "\(tasks)")
    let call = try SyncCommandTests.todo(cli, named: "Call mum")
    #expect(call.file.todo.property("DUE")?.value == "20261208T143000")
    try SyncCommandTests.edit(call.path) { text in
      text.replacingOccurrences(
        of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261207T120000Z"
      )
      .replacingOccurrences(
        of: "SUMMARY:Call mum", with: "SUMMARY:Call mum back\r\nDESCRIPTION:from the phone")
    }
    let second = cli.run("sync", ".", "--vdir", "vdir")
    #expect(second.status == .success, "\(second.errors)")
    let after = try cli.read("notes/tasks.md")
    #expect(after.contains("- [x] Call mum back @due(14:30) 🆔 "), "\(after)")
    #expect(after.contains("📅 2026-12-08 ✅ 2026-12-07\n"), "\(after)")
    #expect(cli.run("sync", ".", "--vdir", "vdir").output.contains("up to date"))
    let kept = try SyncCommandTests.todo(cli, named: "Call mum back")
    #expect(kept.file.todo.property("DESCRIPTION")?.text == "from the phone")
  }

  /// What the plugin's format cannot say is refused (65), the file untouched; `fmt -w`
  /// and `lint --fix` would write chk's own form (64).
  @Test func editsThePluginCannotSayAreRefused() throws {
    let cli = try Self.vault()
    for (arguments, words) in [
      (["add", "x", "--note", "n"], "has no notes"),
      (["edit", "1", "--name", "Pay 📅 2026-01-01"], "its end reads as one of its fields"),
    ] {
      let result = cli.run(arguments)
      #expect(result.status == .dataError, "\(arguments)")
      #expect(result.errors.contains(words), "\(arguments): \(result.errors)")
      #expect(result.errors.contains("the file is left as it was"), "\(arguments)")
    }
    for arguments in [["fmt", "-w", "notes/tasks.md"], ["lint", "--fix", "notes"]] {
      let result = cli.run(arguments)
      #expect(result.status == .usage, "\(arguments)")
      #expect(result.errors.contains("Obsidian Tasks format"), "\(arguments): \(result.errors)")
    }
    #expect(try cli.read("notes/tasks.md") == Self.tasks)
    // The feed gives its items UIDs without writing an ID into the vault.
    let export = cli.run("export", ".", "-o", "feed.ics")
    #expect(export.status == .success && export.output.contains("3 items"))
    // A cancelled task is CANCELLED, not COMPLETED.
    let cancelled = try Self.vault(tasks: "- [-] Gone 📅 2026-12-01 ❌ 2026-11-30\n")
    #expect(cancelled.run("export", ".", "--include-done", "-o", "feed.ics").status == .success)
    let feed = try cancelled.read("feed.ics")
    #expect(feed.contains("STATUS:CANCELLED") && !feed.contains("COMPLETED"))
    #expect(try cli.read("notes/tasks.md") == Self.tasks)
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
