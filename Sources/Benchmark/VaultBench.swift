import ChecklistKit
import ChkPlatform

extension Benchmark {
  /// Issue 41: `chk due DIR` and `chk list --in DIR` over an Obsidian vault of 10,000
  /// notes with 10 tasks each, in the Tasks plugin's format (100 notes with `--quick`),
  /// against the same commands over the same tasks in chk's own format: within 1.5x.
  static func vault(_ options: BenchmarkOptions, environment: [String], log: (String) -> Void)
    -> [Figure]
  {
    let (notes, tasks) = options.quick ? (100, 10) : (10_000, 10)
    let label = "\(notes) notes x \(tasks) tasks"
    log("an Obsidian vault, \(label)")
    let root = options.directory + "/vault"
    mkdir(root, 0o755)
    var total = 0
    for (dialect, isVault) in [("plugin", true), ("chk", false)] {
      let base = root + "/" + dialect
      mkdir(base, 0o755)
      if isVault {
        for part in [".obsidian", ".obsidian/plugins", ".obsidian/plugins/obsidian-tasks-plugin"] {
          mkdir(base + "/" + part, 0o755)
        }
      }
      var random = SplitMix64(seed: 41)
      for note in 0..<notes {
        let folder = base + "/n\(note / 100)"
        mkdir(folder, 0o755)
        let bytes = Array(vaultNote(note, tasks: tasks, isVault: isVault, &random).utf8)
        if isVault { total += bytes.count }
        guard Measure.write(bytes, to: folder + "/note\(note).md") else { return [] }
      }
    }
    var figures: [Figure] = []
    for (name, arguments) in [
      ("chk due DIR", ["due", "--today", "2026-06-01"]), ("chk list --in DIR", ["list", "--in"]),
    ] {
      guard
        let own = Measure.process(
          [options.chkPath] + arguments + [root + "/chk"], runs: options.runs,
          environment: environment),
        let plugin = Measure.process(
          [options.chkPath] + arguments + [root + "/plugin"], runs: options.runs,
          environment: environment)
      else { continue }
      var figure = Figure(
        name: "\(name) over an Obsidian vault, \(label)", sample: plugin, bytes: total,
        baselineName: "chk's own format", baseline: own, rssBudget: 0,
        target: "<= 1.5x chk's own format", met: nil)
      figure.met = (figure.ratio ?? 99) <= 1.5
      figures.append(figure)
    }
    return figures
  }

  /// A note: a heading, prose, and tasks with due days, some done, recurring, with a
  /// priority or a scheduled day; the same tasks in chk's format for `isVault` false.
  static func vaultNote(_ note: Int, tasks: Int, isVault: Bool, _ random: inout SplitMix64)
    -> String
  {
    var lines = ["# Note \(note)", "", "Some prose about the note, [[a link]] and #tag.", ""]
    for task in 0..<tasks {
      let day =
        "2026-" + twoDigits(1 + Int(random.next() % 12)) + "-"
        + twoDigits(1 + Int(random.next() % 28))
      let done = random.next() % 10 < 3
      let priority = Int(random.next() % 4)
      let recurs = random.next() % 10 == 0
      let scheduled = random.next() % 10 < 3
      let name = "Task \(task) of note \(note)"
      if isVault {
        var parts = [name]
        if priority < 3 { parts.append(["⏫", "🔼", "🔽"][priority]) }
        if recurs { parts.append("🔁 every week") }
        if scheduled { parts.append("⏳ " + day) }
        parts.append("📅 " + day)
        if done { parts.append("✅ " + day) }
        lines.append("- [\(done ? "x" : " ")] " + parts.joined(separator: " "))
      } else {
        var parts = [name, "@due(\(day))"]
        if done { parts.append("@done(\(day))") }
        if recurs { parts.append("@every(week)") }
        if priority < 3 { parts.append("@priority(\(["high", "medium", "low"][priority]))") }
        if scheduled { parts.append("@scheduled(\(day))") }
        lines.append("- [\(done ? "x" : " ")] " + parts.joined(separator: "  "))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
