/// Every option of every command, each declared once. A command lists the ones it
/// takes (with its own help line where the general one would not do); the parser,
/// usage lines, help, completions and the man-page check all read them from there.
extension Option {
  // MARK: - Every command

  static let file = Option.value(
    "file", "f", "PATH",
    "the checklist file (default: $CHK_FILE, then CHECKLIST.md, TODO.md, checklist.md, todo.md)")
  static let color = Option.value(
    "color", nil, "WHEN", "colour output: auto (on a terminal), always or never")
  static let help = Option.flag("help", "h", "show help for the command")

  // MARK: - Every command that writes files

  static let dryRun = Option.flag("dry-run", "n", "show what would change and write nothing")
  static let diff = Option.flag("diff", "d", "print a unified diff of the change")
  static let quiet = Option.flag("quiet", "q", "print no confirmation")

  // MARK: - Items

  static let list = Option.value("list", "l", "NAME", "the list")
  static let after = Option.value("after", nil, "ITEM", "place it after ITEM, as its sibling")
  static let before = Option.value("before", nil, "ITEM", "place it before ITEM, as its sibling")
  static let under = Option.value("under", nil, "ITEM", "place it as ITEM's last sub-item")
  static let top = Option.flag("top", nil, "place it at the top of the list")
  static let bottom = Option.flag("bottom", nil, "place it at the bottom of the list")
  static let name = Option.value("name", nil, "TEXT", "the new name")
  static let note = Option.value("note", nil, "TEXT", "the note")
  static let noNote = Option.flag("no-note", nil, "remove the note")
  static let due = Option.value(
    "due", nil, "DATE", "the due day, and optionally the time: 2024-06-01, fri, '2024-06-01 09:30'")
  static let noDue = Option.flag("no-due", nil, "remove the due date")
  static let remind = Option.value(
    "remind", nil, "WHEN", "when to be reminded: 09:00, '30 minutes before', '1 day before', off")
  static let every = Option.value(
    "every", nil, "RULE", "repeat it: day, week, month, year, '2 weeks', weekday, monday, ... ")
  static let noEvery = Option.flag("no-every", nil, "remove @every (it no longer comes back)")
  static let noRemind = Option.flag("no-remind", nil, "remove @remind (the default applies)")
  static let doneDate = Option.value("done", nil, "DATE", "the new @done date")
  static let priority = Option.value(
    "priority", nil, "LEVEL",
    "in an Obsidian vault: the priority (highest, high, medium, normal, low, lowest)")
  static let scheduled = Option.value(
    "scheduled", nil, "DATE", "in an Obsidian vault: the day to work on it (⏳)")
  static let noScheduled = Option.flag("no-scheduled", nil, "remove the scheduled day (⏳)")
  static let start = Option.value("start", nil, "DATE", "in an Obsidian vault: the start day (🛫)")
  static let noStart = Option.flag("no-start", nil, "remove the start day (🛫)")
  static let noDone = Option.flag("no-done", nil, "remove the @done date")
  static let date = Option.value("date", nil, "DATE", "the @done date (YYYY-MM-DD)")
  static let noDate = Option.flag("no-date", nil, "add no @done date")
  static let noRepeat = Option.flag(
    "no-repeat", nil, "do not add the next occurrence of an item with @every")

  // MARK: - Lists

  static let icon = Option.value(
    "icon", nil, "ICON", "the list's icon (an SF Symbol name or an emoji)")
  static let force = Option.flag("force", nil, "remove the list even if it has items")
  static let noIcon = Option.flag("none", nil, "remove the icon")
  static let afterList = Option.value(
    "after", nil, "LIST", "put the copy after this list (default: at the end)")
  static let from = Option.value("from", nil, "FILE", "copy the list from another checklist file")
  static let archiveList = Option.value("to", nil, "LIST", "the archive list (default: Archive)")

  // MARK: - Reading

  static let inPaths = Option.value(
    "in", nil, "PATH", "read these files, or the checklists under a directory (repeatable)",
    repeatable: true)
  static let open = Option.flag("open", nil, "only unchecked items")
  static let doneOnly = Option.flag("done", nil, "only checked items")
  static let dueBefore = Option.value(
    "due-before", nil, "DATE", "only items due before DATE (YYYY-MM-DD)")
  static let tag = Option.value("tag", "t", "KEY", "only items with the tag @KEY")
  static let sort = Option.value("sort", nil, "KEY", "order items by due, done, name or file")
  static let json = Option.flag("json", nil, "print JSON (see chk(1) for its shape)")
  static let until = Option.value("until", nil, "DATE", "only items due on or before DATE")
  static let today = Option.value(
    "today", nil, "DATE", "the day the agenda counts from (default: today)")
  static let failOnOverdue = Option.flag(
    "fail-on-overdue", nil, "exit 1 when an item is overdue (for CI)")

  // MARK: - Many files

  static let verbose = Option.flag(
    "verbose", "v", "name the files a directory walk skipped, and why")
  static let checklistsOnly = Option.flag(
    "checklists-only", nil, "skip files without items even when named")
  static let standardInputPath = Option.value(
    "stdin-filepath", nil, "PATH", "the name of standard input ('-') in messages")

  // MARK: - fmt and lint

  static let write = Option.flag(
    "write", "w", "rewrite the files in place (only those that change; undoable)")
  static let check = Option.flag(
    "check", nil, "write nothing; list the files that would change, exit 1 if any")
  static let fix = Option.flag("fix", nil, "apply every available fix and report what remains")
  static let format = Option.value("format", nil, "FORMAT", "gnu (default), json, github or sarif")
  static let enable = Option.value(
    "enable", nil, "RULE", "turn a rule on (repeatable)", repeatable: true)
  static let disable = Option.value(
    "disable", nil, "RULE", "turn a rule off (repeatable)", repeatable: true)
  static let severity = Option.value(
    "severity", nil, "RULE=LEVEL", "set a rule to error, warning or off (repeatable)",
    repeatable: true)
  static let strict = Option.flag("strict", nil, "exit 1 on warnings too")

  // MARK: - export

  static let output = Option.value(
    "output", "o", "FILE", "write to FILE (safely; left alone when unchanged), not standard output")
  static let shape = Option.value(
    "as", nil, "WHAT", "todos (VTODO, the default) or events (VEVENT, what phones subscribe to)")
  static let includeDone = Option.flag(
    "include-done", nil, "checked items too, as completed to-dos")
  static let noAssign = Option.flag(
    "no-assign", nil, "give no item an ID (their UIDs then change when they are renamed)")

  // MARK: - remind

  static let window = Option.value(
    "window", nil, "DURATION", "how far back to look (default 5m; 10 minutes, 1h, 1 day)")
  static let now = Option.value(
    "now", nil, "TIME", "the moment the window ends, YYYY-MM-DD HH:MM (default: now)")
  static let notify = Option.flag("notify", nil, "show each reminder with notify-send")
  static let exec = Option.value(
    "exec", nil, "CMD", "run CMD once per reminder, the fields in CHK_* variables (no shell)")
  static let timeout = Option.value(
    "timeout", nil, "DURATION",
    "end a program --notify or --exec runs after DURATION (default 30s; 2m, 1h)")

  // MARK: - sync

  static let vdir = Option.value(
    "vdir", nil, "DIR", "the vdir to sync with (default: \"sync\" in .chk.json)")
  static let newLists = Option.value(
    "new-lists", nil, "FILE", "where lists made on the phone go (default: the first file)")
  static let allowDeletes = Option.flag(
    "allow-deletes", nil, "let a run remove most of a list's items, or take a missing collection")

  // MARK: - git, install, lsp

  static let global = Option.flag(
    "global", nil, "configure your user (~/.gitconfig and the global attributes file)")
  static let pattern = Option.value(
    "pattern", nil, "PATTERN", "the files to merge with chk (default: *.md)")
  static let command = Option.value(
    "command", nil, "CMD", "how git runs chk (default: chk, found in PATH)")
  static let prefix = Option.value(
    "prefix", nil, "DIR", "the directory (default ~/.local, or /usr/local as root)")
  static let log = Option.flag(
    "log", nil, "log to $XDG_STATE_HOME/chk/lsp.log instead of standard error")
  static let debounce = Option.value(
    "debounce", nil, "MS", "wait this long after typing stops to lint (default 150)")
}
