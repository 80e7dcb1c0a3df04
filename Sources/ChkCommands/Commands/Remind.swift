import ChecklistKit
import ChkWorkspace

/// `chk remind`: the reminders that fell due in the last few minutes, for cron or a
/// systemd timer.
extension Command {
  static let remind = Command(
    "remind", operands: [.paths],
    "the reminders whose time fell in the last few minutes: printed, notified or run",
    options: [.window, .now, .notify, .exec, .verbose],
    exclusive: [[.notify, .exec]]
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    let window =
      try arguments.value(.window).map { text throws(CommandError) in
        guard let minutes = Self.minutes(text) else {
          throw .usage(
            "--window: '\(text)' is not a duration; write minutes such as 5m, 10 minutes, 1h or 2 hours"
          )
        }
        return minutes
      } ?? 5
    let now =
      try arguments.value(.now).map { text throws(CommandError) in
        guard let moment = DueMoment(text), let time = moment.time else {
          throw .usage("--now: '\(text)' is not a day and a time; write YYYY-MM-DD HH:MM")
        }
        return LocalMoment(day: moment.day, time: time)
      } ?? LocalMoment.now()
    let notifier: String?
    if arguments.has(.notify) {
      guard
        let found = Subprocess.find("notify-send", path: invocation.environment.variables["PATH"])
      else {
        throw CommandError(
          message: "--notify needs notify-send, which is not on PATH (it comes with libnotify: "
            + "apt install libnotify-bin); nothing was notified", status: .unavailable)
      }
      notifier = found
    } else {
      notifier = nil
    }
    var command: [String]?
    if let text = arguments.value(.exec) {
      let words = text.split(separator: " ").map(String.init)
      guard let program = words.first,
        let found = Subprocess.find(program, path: invocation.environment.variables["PATH"])
      else {
        throw CommandError(
          message: "--exec: '\(text)' is not a program on PATH; nothing was run",
          status: .unavailable)
      }
      command = [found] + words.dropFirst()
    }
    // Fired in the window (now - window, now]: a reminder at 09:00 fires in the run at
    // 09:00, and in no later one.
    let files = try ChecklistFiles.load(invocation, paths: invocation.operands)
    var fired: [(entry: AgendaEntry, at: LocalMoment)] = []
    for (fileIndex, file) in files.documents.enumerated() {
      for (list, item) in file.document.openItemsWithDueTags {
        guard let due = item.dueDate, let at = item.remindAt(file.reminders),
          at.minuteNumber > now.minuteNumber - window, at.minuteNumber <= now.minuteNumber
        else { continue }
        let entry = AgendaEntry(
          file: fileIndex, path: file.path.shown, list: list, item: item,
          number: file.numbers.number(ofLine: item.line) ?? 0,
          section: AgendaEntry.Section(due: due, today: now.day), reminders: file.reminders)
        fired.append((entry, at))
      }
    }
    fired.sort {
      ($0.at, $0.entry.file, $0.entry.item.line) < ($1.at, $1.entry.file, $1.entry.item.line)
    }
    var failures = 0
    for (entry, at) in fired {
      let item = entry.item
      let due = item.due?.description ?? ""
      let visible = Visible.Printer(invocation.output)
      invocation.output.lineExact(
        at.time.description + "  " + visible(entry.address) + "  " + visible(item.name) + "  (due "
          + due + ")")
      var environment = invocation.environment.variables
      environment["CHK_NAME"] = item.name
      environment["CHK_DUE"] = due
      environment["CHK_FILE"] = entry.path
      environment["CHK_ID"] = item.id ?? String(entry.number)
      environment["CHK_LIST"] = entry.list ?? ""
      environment["CHK_REMIND_AT"] = at.description
      let outcome: Subprocess.Outcome
      if let notifier {
        let body = (entry.list.map { $0 + " · " } ?? "") + "due " + due
        outcome = Subprocess.run(
          [notifier, "--app-name=chk", item.name, body], environment: environment,
          errors: .merged)
      } else if let command {
        outcome = Subprocess.run(command, environment: environment, errors: .merged)
      } else {
        continue
      }
      if outcome.status != 0 {
        failures += 1
        invocation.errors.line(
          "chk: \((notifier ?? command?.first).map(SystemPath.display) ?? "") exited \(outcome.status) "
            + "for \(entry.address)" + (outcome.text.isEmpty ? "" : ": " + outcome.text))
      }
    }
    // A file that cannot be read is reported; the others have reminded all the same, and
    // the run counts as done (cron would otherwise mail every few minutes).
    _ = files.finish(invocation)
    return failures > 0 ? .failure : .success
  }

  /// Minutes from `5`, `5m`, `5min`, `5 minutes`, `1h`, `2 hours`, `1d`, `1 day`; `nil`
  /// for anything else, zero or more than a year.
  static func minutes(_ text: String) -> Int? {
    let lowered = text.lowercased().filter { $0 != " " }
    let digits = lowered.prefix { $0.isASCII && $0.isNumber }
    guard let count = Int(digits), count > 0 else { return nil }
    let unit = lowered.dropFirst(digits.count)
    let factor: Int
    switch unit {
    case "", "m", "min", "mins", "minute", "minutes": factor = 1
    case "h", "hour", "hours": factor = 60
    case "d", "day", "days": factor = 1_440
    default: return nil
    }
    let (minutes, overflow) = count.multipliedReportingOverflow(by: factor)
    return overflow || minutes > 366 * 1_440 ? nil : minutes
  }
}
