import ChecklistKit
import ChkPlatform
import ChkWorkspace

/// `chk export` and `chk remind` on any checklist: the first byte picks the options,
/// the rest is the file.
extension FuzzChecks {
  /// Writes `bytes` to the file `name` in the scratch directory, for a command to read;
  /// its path, or `nil` without a scratch directory.
  static func scratchFile(_ bytes: [UInt8], named name: String, in scratch: String?) -> String? {
    guard let scratch else { return nil }
    let path = scratch + "/" + name
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return nil }
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
    return path
  }

  private static func checklist(_ bytes: [UInt8], scratch: String?) -> String? {
    scratchFile(bytes, named: "fuzz-calendar.md", in: scratch)
  }

  /// Any checklist as a feed: the command does not crash, and what it writes is a feed
  /// a strict reader takes: CRLF line ends, lines of at most 75 octets that split no
  /// character, no control character in any value, BEGIN and END in pairs, no UID
  /// twice, a to-do's alarm related to its DUE and no DTSTART beside it.
  package static func exportViolation(in bytes: [UInt8], scratch: String?) -> String? {
    guard let options = bytes.first,
      let path = checklist(Array(bytes.dropFirst()), scratch: scratch)
    else { return nil }
    var arguments = ["export", "--no-assign", "-f", path, path]
    if options & 1 != 0 { arguments += ["--as", "events"] }
    if options & 2 != 0 { arguments.append("--include-done") }
    let run = cli(arguments, input: [])
    guard run.status == 0 || run.status == 65 else { return "export exited \(run.status)" }
    guard run.status == 0 else { return nil }
    return feedProblem(run.output, events: options & 1 != 0)
  }

  /// What a strict reader would refuse in a feed.
  static func feedProblem(_ feed: [UInt8], events: Bool) -> String? {
    guard feed.count >= 2, feed.suffix(2) == [13, 10] else {
      return "the feed does not end in CRLF"
    }
    var lines: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + 1 < feed.count {
      if feed[index] == 13, feed[index + 1] == 10 {
        lines.append(Array(feed[start..<index]))
        start = index + 2
        index += 2
        continue
      }
      if feed[index] == 13 || feed[index] == 10 { return "a bare line break" }
      index += 1
    }
    var unfolded: [[UInt8]] = []
    for line in lines {
      guard line.count <= 75 else { return "a line of \(line.count) octets" }
      guard String(validating: line, as: UTF8.self) != nil else {
        return "a line splits a character"
      }
      if line.first == 32, !unfolded.isEmpty {
        unfolded[unfolded.count - 1] += line.dropFirst()
      } else {
        unfolded.append(line)
      }
    }
    var depth: [String] = []
    var uids = Set<String>()
    var componentHas: Set<String> = []
    for line in unfolded {
      let text = String(decoding: line, as: UTF8.self)
      for scalar in text.unicodeScalars
      where (scalar.value < 0x20 && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029
      {
        return "a control character U+\(String(scalar.value, radix: 16)) in '\(text.prefix(40))'"
      }
      let name = String(text.prefix { $0 != ":" && $0 != ";" })
      let value = String(text.drop { $0 != ":" }.dropFirst())
      switch name {
      case "BEGIN":
        depth.append(value)
        if value == "VTODO" || value == "VEVENT" { componentHas = [] }
      case "END":
        guard depth.popLast() == value else { return "END:\(value) without its BEGIN" }
        if value == "VTODO" {
          if componentHas.contains("DTSTART") { return "a to-do with DTSTART" }
          if !componentHas.contains("DUE") { return "a to-do without DUE" }
        }
        if value == "VEVENT", !componentHas.contains("DTSTART") {
          return "an event without DTSTART"
        }
      case "UID":
        guard uids.insert(value).inserted else { return "the UID \(value) twice" }
      case "TRIGGER":
        let related = text.hasPrefix("TRIGGER;RELATED=END") ? "END" : "START"
        if related == "START", depth.contains("VTODO") { return "a to-do's alarm related to START" }
      default:
        if depth.last == "VTODO" || depth.last == "VEVENT" { componentHas.insert(name) }
      }
    }
    return depth.isEmpty ? nil : "BEGIN:\(depth.last ?? "") without its END"
  }

  /// Any checklist, reminded at a moment the first bytes pick: the command does not
  /// crash; it prints exactly the open items whose reminder falls in the window, each
  /// once; with a record, a second run at the same moment prints nothing.
  package static func remindViolation(in bytes: [UInt8], scratch: String?) -> String? {
    guard bytes.count >= 3, let scratch,
      let path = checklist(Array(bytes.dropFirst(3)), scratch: scratch),
      let start = CalendarDay(year: 2024, month: 1, day: 1)
    else { return nil }
    let minutes = (Int(bytes[0]) << 8 | Int(bytes[1])) * 20
    guard let now = LocalMoment(day: start, time: .midnight).adding(minutes: minutes) else {
      return nil
    }
    let window = [1, 5, 60, 1_440, 10_000][Int(bytes[2]) % 5]
    let state = scratch + "/fuzz-state-\(bytes.count)-\(minutes)"
    let variables = ["XDG_STATE_HOME": state]
    let arguments = ["remind", path, "--window", "\(window)"]
    let first = cli(arguments, input: [], variables: variables, now: now)
    defer {
      _ = unlink(state + "/chk/remind")
      _ = rmdir(state + "/chk")
      _ = rmdir(state)
    }
    guard first.status == 0 else { return "remind exited \(first.status)" }
    guard let document = try? ChecklistDocument(parsing: Array(bytes.dropFirst(3))) else {
      return first.output.isEmpty ? nil : "remind printed for a file that does not parse"
    }
    var expected = 0
    for (_, item) in document.openItemsWithDueTags {
      guard let at = item.remindAt() else { continue }
      if at.minuteNumber > now.minuteNumber - window, at.minuteNumber <= now.minuteNumber {
        expected += 1
      }
    }
    let printed = first.output.split(separator: 10).count
    guard printed == expected else { return "remind printed \(printed) reminders, not \(expected)" }
    let again = cli(arguments, input: [], variables: variables, now: now)
    guard again.status == 0, again.output.isEmpty else { return "a second run reminded again" }
    return nil
  }
}
