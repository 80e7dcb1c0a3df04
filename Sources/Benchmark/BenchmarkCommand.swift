import ChecklistKit
import ChkPlatform

/// `chk-bench [--runs N] [--json] [--quick] [--tree | --tui | --lsp] [--chk PATH] [--keep]`;
/// `--tree` measures only the many-file views, `--tui` only `chk tui`; also
/// `chk-bench --instructions [--save] [--kept FILE]` (instruction counts, see
/// `Benchmark.instructions`),
/// `chk-bench --write-corpus ITEMS FILE [SHAPE]` (a corpus to profile with) and
/// `chk-bench --parse-only FILE [TIMES]` (read and parse: the child behind the memory
/// figure, and a loop to profile).
public enum BenchmarkCommand {
  /// Writes to standard error.
  static func errorLine(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
  }

  static let usage = """
    usage: chk-bench [--runs N] [--json] [--quick] [--tree | --tui | --lsp] [--chk PATH] [--keep]
           chk-bench --instructions [--save] [--kept FILE] [--quick] [--chk PATH]
           chk-bench --write-corpus ITEMS FILE [SHAPE]
           chk-bench --parse-only FILE [TIMES]

    """

  /// Runs the command line; returns the exit status (1 when a target is missed).
  public static func main(_ arguments: [String]) -> Int32 {
    let program = arguments.first ?? "chk-bench"
    if arguments.count == 3 || arguments.count == 4, arguments[1] == "--parse-only" {
      return Benchmark.parseOnly(
        arguments[2], times: arguments.count == 4 ? Int(arguments[3]) ?? 1 : 1)
    }
    if arguments.count >= 4, arguments[1] == "--peak-rss" {
      return Measure.reportPeakRSS(of: Array(arguments[3...]), to: arguments[2])
    }
    if arguments.count == 4 || arguments.count == 5, arguments[1] == "--write-corpus",
      let items = Int(arguments[2]), items > 0
    {
      let name = arguments.count == 5 ? arguments[4] : "standard"
      guard let shape = Corpus.Shape(rawValue: name) else {
        errorLine(
          "chk-bench: the shapes are "
            + Corpus.Shape.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "\n")
        return 64
      }
      return Measure.write(Corpus.make(items: items, shape: shape), to: arguments[3]) ? 0 : 74
    }
    let directory =
      program.contains("/")
      ? String(program[..<(program.lastIndex(of: "/") ?? program.endIndex)]) : "."
    var chk = directory + "/chk"
    var runs = 7
    var json = false
    var quick = false
    var keep = false
    var treeOnly = false
    var terminalUIOnly = false
    var languageServerOnly = false
    var instructions = false
    var save = false
    var keptPath = "Sources/Benchmark/instructions.tsv"
    var index = 1
    while index < arguments.count {
      switch arguments[index] {
      case "--json": json = true
      case "--quick": quick = true
      case "--keep": keep = true
      case "--tree": treeOnly = true
      case "--tui": terminalUIOnly = true
      case "--lsp": languageServerOnly = true
      case "--instructions": instructions = true
      case "--save": save = true
      case "--kept" where index + 1 < arguments.count:
        index += 1
        keptPath = arguments[index]
      case "--runs" where index + 1 < arguments.count:
        index += 1
        runs = max(1, Int(arguments[index]) ?? 7)
      case "--chk" where index + 1 < arguments.count:
        index += 1
        chk = arguments[index]
      default:
        errorLine(usage)
        return 64
      }
      index += 1
    }
    var template = Array("/tmp/chk-bench-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      errorLine("chk-bench: cannot create a scratch directory in /tmp\n")
      return 73
    }
    let scratch = String(cString: created)
    var options = BenchmarkOptions(chkPath: chk, benchPath: program, directory: scratch)
    options.runs = runs
    options.quick = quick
    let log = { (text: String) in errorLine("measuring \(text)...\n") }
    if instructions {
      defer { if !keep { _ = Measure.spawn(["/bin/rm", "-rf", scratch]) } }
      let kept =
        Measure.read(keptPath).map {
          Benchmark.keptInstructions(String(decoding: $0, as: UTF8.self))
        } ?? [:]
      guard let rows = Benchmark.instructions(options, kept: kept, log: log) else {
        errorLine("chk-bench: --instructions needs valgrind (apt-get install valgrind)\n")
        return 69
      }
      print(Benchmark.instructionTable(rows), terminator: "")
      if save {
        let text = Benchmark.instructionsFile(rows)
        guard Measure.write(Array(text.utf8), to: keptPath) else {
          errorLine("chk-bench: cannot write \(keptPath)\n")
          return 73
        }
      }
      return rows.contains { $0.count == nil } ? 1 : 0
    }
    let figures =
      treeOnly
      ? Benchmark.treeOnly(options, log: log)
      : terminalUIOnly
        ? Benchmark.terminalUIOnly(options, log: log)
        : languageServerOnly
          ? Benchmark.languageServerOnly(options, log: log) : Benchmark.run(options, log: log)
    print(json ? Benchmark.json(figures) : Benchmark.table(figures), terminator: "")
    if !keep { _ = Measure.spawn(["/bin/rm", "-rf", scratch]) }
    return figures.contains { $0.met == false } ? 1 : 0
  }
}
