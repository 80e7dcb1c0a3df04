import ChecklistKit
import ChkWorkspace

/// `chk remind`: the reminders that fell due since the last run (or in the last few
/// minutes), for cron or a systemd timer.
extension Command {
  static let remind = Command(
    "remind", operands: [.paths],
    "the reminders whose time fell in the last few minutes: printed, notified or run",
    options: [.window, .now, .notify, .exec, .timeout, .verbose],
    exclusive: [[.notify, .exec]]
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    let window =
      try arguments.value(.window).map { text throws(CommandError) in
        guard let seconds = Self.seconds(text, bareUnit: 60), seconds % 60 == 0 else {
          throw .usage(
            "--window: '\(text)' is not a duration; write minutes such as 5m, 10 minutes, 1h or 2 hours"
          )
        }
        return seconds / 60
      } ?? 5
    let timeLimit =
      try arguments.value(.timeout).map { text throws(CommandError) in
        guard let seconds = Self.seconds(text, bareUnit: 1) else {
          throw .usage(
            "--timeout: '\(text)' is not a duration; write seconds such as 30, 30s, 2m or 1h")
        }
        return Double(seconds)
      } ?? 30
    // `--now` previews that moment: the record of what was delivered is neither read
    // nor written.
    let preview =
      try arguments.value(.now).map { text throws(CommandError) in
        guard let moment = DueMoment(text), let time = moment.time else {
          throw .usage("--now: '\(text)' is not a day and a time; write YYYY-MM-DD HH:MM")
        }
        return LocalMoment(day: moment.day, time: time)
      }
    let now = preview ?? invocation.environment.now
    let search = invocation.environment.variables["PATH"]
    // The program, found before any reminder is printed but reported after them: a
    // missing program never hides a reminder.
    var program: (command: [String], missing: String?)?
    if arguments.has(.notify) {
      program = (
        ["notify-send", "--app-name=chk"],
        Subprocess.find("notify-send", path: search) == nil
          ? "--notify needs notify-send, which is not on PATH (it comes with libnotify: "
            + "apt install libnotify-bin); nothing was notified" : nil
      )
    } else if let text = arguments.value(.exec) {
      let words = text.split(separator: " ").map(String.init)
      program = (
        words,
        words.first.flatMap { Subprocess.find($0, path: search) } == nil
          ? "--exec: '\(text)' is not a program on PATH; nothing was run" : nil
      )
    }
    let files = try ParsedChecklists.load(invocation, paths: invocation.operands)
    var record: ReminderRecordFile?
    if preview == nil {
      if let state = invocation.workspace.stateDirectory {
        record = try ReminderRecordFile(stateDirectory: state)
        if let warning = record?.warning { invocation.errors.line("chk: " + warning) }
      } else if arguments.has(.verbose) {
        invocation.errors.line(
          "chk: no record of what was delivered (\(StateDirectory.missing)): "
            + "this run looked in its window only")
      }
    }
    var fired: [(entry: AgendaEntry, at: LocalMoment, key: UInt64)] = []
    var fileKeys: [UInt64] = []
    for (fileIndex, file) in files.documents.enumerated() {
      // The window (start, now]: a reminder at 09:00 fires in the run at 09:00, and in
      // no later one; with a record, the start is the last run that looked at the file.
      let fileKey = ReminderRecord.key(file: file.path.absolute)
      fileKeys.append(fileKey)
      let start =
        record?.record.start(file: fileKey, now: now.minuteNumber, window: window)
        ?? now.minuteNumber - window
      for (list, item) in file.document.openItemsWithDueTags {
        guard let due = item.dueDate, let at = item.remindAt(file.reminders),
          at.minuteNumber > start, at.minuteNumber <= now.minuteNumber
        else { continue }
        let key = ReminderRecord.key(
          file: file.path.absolute, item: item.id ?? (list ?? "") + "\n" + item.name, at: at)
        if record?.record.wasDelivered(key) == true { continue }
        let entry = AgendaEntry(
          file: fileIndex, path: file.path.shown, list: list, item: item,
          number: file.numbers.number(ofLine: item.line) ?? 0,
          section: AgendaEntry.Section(due: due, today: now.day), reminders: file.reminders)
        fired.append((entry, at, key))
      }
    }
    fired.sort {
      ($0.at, $0.entry.file, $0.entry.item.line) < ($1.at, $1.entry.file, $1.entry.item.line)
    }
    var failures = 0
    for (entry, at, key) in fired {
      let item = entry.item
      let due = item.due?.description ?? ""
      let visible = Visible.Printer(invocation.output)
      // A reminder from another day (caught up after a gap) shows its day.
      let when =
        at.day == now.day ? at.time.description : at.day.description + " " + at.time.description
      invocation.output.lineExact(
        when + "  " + visible(entry.address) + "  " + visible(item.name) + "  (due " + due + ")")
      record?.record.deliver(key, at: at.minuteNumber)
      guard let program, program.missing == nil else { continue }
      var environment = invocation.environment.variables
      environment["CHK_NAME"] = item.name
      environment["CHK_DUE"] = due
      environment["CHK_FILE"] = files.documents[entry.file].path.typed
      environment["CHK_ID"] = item.id ?? String(entry.number)
      environment["CHK_LIST"] = entry.list ?? ""
      environment["CHK_REMIND_AT"] = at.description
      // Text from the file goes after `--`: an item named `-w` is a name, not an option.
      let operands =
        arguments.has(.notify)
        ? ["--", item.name, (entry.list.map { $0 + " · " } ?? "") + "due " + due] : []
      invocation.output.flush()
      let outcome = Subprocess.run(
        program.command + operands, environment: environment, errors: .separate,
        timeLimit: timeLimit, relay: Self.relay(invocation))
      let name = program.command.first.map(SystemPath.display) ?? ""
      if outcome.timedOut {
        failures += 1
        invocation.errors.line(
          "chk: \(name) ran longer than \(Self.describe(seconds: Int(timeLimit))) for "
            + "\(entry.address) and was ended (--timeout sets the limit)")
      } else if outcome.status != 0 {
        failures += 1
        invocation.errors.line("chk: \(name) exited \(outcome.status) for \(entry.address)")
      }
    }
    if var record {
      record.record.finishRun(over: fileKeys, now: now.minuteNumber, window: window)
      try record.save()
    }
    // A file that cannot be read is reported; the others have reminded all the same, and
    // the run counts as done (cron would otherwise mail every few minutes).
    _ = files.finish(invocation)
    if let missing = program?.missing {
      throw CommandError(message: missing, kind: .unavailable)
    }
    return failures > 0 ? .failure : .success
  }

  /// Passes a program's output on as it arrives (standard output to chk's, standard
  /// error to chk's), keeping none of it: a program that prints without end costs no
  /// memory. Control characters are shown as chk's own output shows them.
  private static func relay(_ invocation: Invocation) -> Subprocess.Relay {
    { piece, isError in
      let output = isError ? invocation.errors : invocation.output
      let visible = output.visible
      if isError, visible != nil { output.visible = .lines }
      output.write(piece)
      output.visible = visible
      output.flush()
    }
  }

  /// Seconds from a number and a unit: `30`, `30s`, `5m`, `5 minutes`, `1h`, `2 hours`,
  /// `1d`, `1 day`; a bare number counts `bareUnit` seconds. `nil` for anything else,
  /// zero or more than a year.
  static func seconds(_ text: String, bareUnit: Int) -> Int? {
    let lowered = text.lowercased().filter { $0 != " " }
    let digits = lowered.prefix { $0.isASCII && $0.isNumber }
    guard let count = Int(digits), count > 0 else { return nil }
    let factor: Int
    switch lowered.dropFirst(digits.count) {
    case "": factor = bareUnit
    case "s", "sec", "secs", "second", "seconds": factor = 1
    case "m", "min", "mins", "minute", "minutes": factor = 60
    case "h", "hour", "hours": factor = 3_600
    case "d", "day", "days": factor = 86_400
    default: return nil
    }
    let (seconds, overflow) = count.multipliedReportingOverflow(by: factor)
    return overflow || seconds > 366 * 86_400 ? nil : seconds
  }

  /// `30 s`, `2 min`: a limit as a message names it.
  private static func describe(seconds: Int) -> String {
    seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
  }
}
