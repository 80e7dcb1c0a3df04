import ChecklistKit
import ChkPlatform

/// `chk-bench --instructions`: how many instructions each command executes on the
/// 100k-item corpora (a file, or a tree of 1,000 files of 100 items; a language-server
/// and a terminal-UI session on the file: `instructionCases`), counted by valgrind's
/// callgrind. Unlike a time, the count is the same on a busy or a quiet machine (up to
/// a few parts in a thousand where two threads take turns), so two builds compare by it
/// from one day to the next; the counts of a build to compare with are kept in
/// `Sources/Benchmark/instructions.tsv`, and each row prints its change against them.
public struct InstructionRow: Sendable, Equatable {
  /// The row's name, as in `instructions.tsv`.
  public var name: String
  /// Instructions executed (all threads), or `nil` when the run failed.
  public var count: Int?
  /// The kept count, when `instructions.tsv` has the row.
  public var kept: Int?
}

extension Benchmark {
  /// Where valgrind is looked for.
  static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]

  /// Counts every row's instructions with `chk` at `options.chkPath`.
  ///
  /// - Returns: `nil` when valgrind is not installed.
  public static func instructions(
    _ options: BenchmarkOptions, kept: [String: Int], log: (String) -> Void
  ) -> [InstructionRow]? {
    guard let valgrind = valgrind.first(where: { access($0, X_OK) == 0 }) else { return nil }
    let directory = options.directory
    // Valgrind gives up on the debug information of a static release build: a stripped
    // copy runs the same instructions.
    var chk = options.chkPath
    let stripped = directory + "/chk-stripped"
    if Measure.spawn(["/usr/bin/strip", "-o", stripped, chk])?.0 == 0 { chk = stripped }
    let environment = [
      "NO_COLOR=1", "XDG_STATE_HOME=\(directory)/state", "PATH=/usr/bin:/bin",
      "HOME=\(directory)", "CHK_TODAY=2024-06-01", "TERM=xterm-256color",
    ]
    let cases = instructionCases(
      chk: chk, directory: directory, items: options.quick ? 50 : 100_000, quick: options.quick,
      environment: environment)
    var result: [InstructionRow] = []
    for row in cases {
      log("instructions: \(row.name)")
      row.prepare()
      let report = directory + "/callgrind.log"
      unlink(report)
      let callgrind = [
        valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + report,
      ]
      let status =
        row.run.map { $0(callgrind) }
        ?? Measure.spawn(row.command(callgrind), environment: environment, input: row.input)?.0
      var count: Int?
      if let status, status == 0 || status == 1, let text = Measure.read(report) {
        count = collected(in: String(decoding: text, as: UTF8.self))
      }
      result.append(InstructionRow(name: row.name, count: count, kept: kept[row.name]))
    }
    return result
  }

  /// The count on callgrind's `Collected : N` line.
  static func collected(in report: String) -> Int? {
    for line in report.split(separator: "\n") where line.contains("Collected :") {
      return Int(line.split(separator: ":").last?.filter(\.isNumber) ?? "")
    }
    return nil
  }

  /// `instructions.tsv`: a row's name, a tab, its count, a line each (`#` starts a
  /// comment).
  public static func keptInstructions(_ text: String) -> [String: Int] {
    var kept: [String: Int] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      if fields.count == 2, let count = Int(fields[1]) { kept[String(fields[0])] = count }
    }
    return kept
  }

  /// The rows as `instructions.tsv` keeps them.
  public static func instructionsFile(_ rows: [InstructionRow]) -> String {
    "# chk-bench --instructions: instructions executed (callgrind) on the 100k-item corpora\n"
      + "# (one file, or 1,000 files of 100 items for the DIR rows),\n"
      + "# kept to compare builds with (chk-bench --instructions --save replaces them;\n"
      + "# the commit that saved them says which build they are)\n"
      + rows.compactMap { row in row.count.map { "\(row.name)\t\($0)\n" } }.joined()
  }

  /// The rows as a table: count, kept count, change.
  public static func instructionTable(_ rows: [InstructionRow]) -> String {
    var lines = [
      pad("row", 56) + pad("instructions", 16) + pad("kept", 16) + "change"
    ]
    for row in rows {
      let count = row.count.map { millions($0) } ?? "failed"
      let kept = row.kept.map { millions($0) } ?? "-"
      var change = "-"
      if let now = row.count, let before = row.kept, before > 0 {
        let percent = (Double(now) - Double(before)) / Double(before) * 100
        change = (percent >= 0 ? "+" : "-") + decimal(abs(percent)) + "%"
      }
      lines.append(pad(row.name, 56) + pad(count, 16) + pad(kept, 16) + change)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func millions(_ count: Int) -> String { decimal(Double(count) / 1e6) + " M" }

  private static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
