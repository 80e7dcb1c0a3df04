import ChecklistKit
import ChkPlatform

extension Benchmark {
  /// Only the many-file figures (`chk-bench --tree`).
  public static func treeOnly(_ options: BenchmarkOptions, log: (String) -> Void) -> [Figure] {
    let environment = [
      "NO_COLOR=1", "XDG_STATE_HOME=\(options.directory)/state", "PATH=/usr/bin:/bin",
      "HOME=\(options.directory)",
    ]
    return tree(options, environment: environment, log: log)
      + vault(options, environment: environment, log: log)
  }

  /// The many-file views: `chk list --in DIR` and `chk due DIR` over 1,000 files of
  /// 100 items each (10 files of 10 with `--quick`), against `chk lint DIR` on the same
  /// tree (both read every file) and `cat` of all the files.
  static func tree(_ options: BenchmarkOptions, environment: [String], log: (String) -> Void)
    -> [Figure]
  {
    let (fileCount, items) = options.quick ? (10, 10) : (1_000, 100)
    let label = "\(fileCount) files x \(items) items"
    log("many files, \(label)")
    let root = options.directory + "/tree"
    mkdir(root, 0o755)
    var paths: [String] = []
    var total = 0
    for index in 0..<fileCount {
      let folder = root + "/pkg\(index / 50)"
      mkdir(folder, 0o755)
      let path = folder + "/list\(index).md"
      let bytes = Corpus.make(items: items, seed: UInt64(index))
      total += bytes.count
      guard Measure.write(bytes, to: path) else { return [] }
      paths.append(path)
    }
    let chk = options.chkPath
    guard
      let cat = Measure.process(["/bin/cat"] + paths, runs: options.runs),
      let lint = Measure.process(
        [chk, "lint", root], runs: options.runs, environment: environment, accepting: [0, 1])
    else { return [] }
    var figures = [
      Figure(
        name: "cat of every file, \(label)", sample: cat, bytes: total, baselineName: nil,
        baseline: nil, rssBudget: 0, target: "", met: nil),
      Figure(
        name: "chk lint DIR, \(label)", sample: lint, bytes: total, baselineName: "cat",
        baseline: cat, rssBudget: 0, target: "", met: nil),
    ]
    var due: Sample?
    for (name, arguments) in [
      ("chk list --in DIR", ["list", "--in", root]), ("chk due DIR", ["due", root]),
    ] {
      guard
        let sample = Measure.process(
          [chk] + arguments, runs: options.runs, environment: environment)
      else { continue }
      if arguments[0] == "due" { due = sample }
      var figure = Figure(
        name: "\(name), \(label)", sample: sample, bytes: total, baselineName: "chk lint DIR",
        baseline: lint, rssBudget: 0, target: "<= 1.5x lint, <= 2x cat (\(ratio(sample, cat)))",
        met: nil)
      figure.met = (figure.ratio ?? 99) <= 1.5 && sample.median <= 2 * cat.median
      figures.append(figure)
    }
    // One command that edits an item in every file (`chk toggle A:1 B:1 ...`): each file
    // goes through the safe write on its own (lock, temporary copy, fsync, rename, undo
    // record). Issue 28's target: 3,000 files within 5 s, so 1.67 ms a file. The floor:
    // replacing each file safely and nothing else (its bytes to a temporary file, fsync,
    // rename over it, fsync of the directory), measured in this process.
    let anchors = paths.map { $0 + ":1" }
    if let toggle = Measure.process(
      [chk, "toggle", "-q"] + anchors, runs: options.runs, environment: environment)
    {
      let contents = paths.map { Measure.read($0) ?? [] }
      let floor = Measure.inProcess(runs: options.runs) {
        for (path, bytes) in zip(paths, contents) {
          let temporary = path + ".floor"
          _ = Measure.write(bytes, to: temporary, sync: true)
          rename(temporary, path)
          let directory = open(
            String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), O_RDONLY)
          fsync(directory)
          close(directory)
        }
      }
      let perFile = toggle.median * 1_000 / Double(fileCount)
      var figure = Figure(
        name: "chk toggle FILE:1 in each file, one command, \(label)", sample: toggle,
        bytes: total, baselineName: "safe replace", baseline: floor, rssBudget: 0,
        target: "<= 1.67 ms a file (\((perFile * 100).rounded() / 100) ms)", met: nil)
      figure.met = perFile <= 1.67
      figures.append(figure)
      figures.append(
        Figure(
          name: "safe replace of each file (write, fsync, rename, fsync dir), \(label)",
          sample: floor, bytes: total, baselineName: nil, baseline: nil, rssBudget: 0,
          target: "", met: nil))
    }
    // The calendar feed and the reminders, against `chk due` on the same tree: both read
    // only the lines with tags, as it does. The feed goes to a file each run (unchanged
    // after the first, so not rewritten); the corpus leaves a tenth of the items without
    // an ID, so a first, untimed run gives them IDs.
    let feed = options.directory + "/tree.ics"
    _ = Measure.process(
      [chk, "export", root, "-o", feed, "-q"], runs: 1, environment: environment)
    for (name, arguments, limit) in [
      ("chk export DIR -o FILE", ["export", root, "-o", feed, "-q"], 1.5),
      ("chk remind DIR", ["remind", root, "--now", "2024-06-01 09:00"], 1.2),
    ] {
      guard let due,
        let sample = Measure.process(
          [chk] + arguments, runs: options.runs, environment: environment)
      else { continue }
      var figure = Figure(
        name: "\(name), \(label)", sample: sample, bytes: total, baselineName: "chk due DIR",
        baseline: due, rssBudget: 0, target: "<= \(limit)x due", met: nil)
      figure.met = (figure.ratio ?? 99) <= limit
      figures.append(figure)
    }
    // Issue 40: `chk sync` with nothing changed on either side, against `chk export` of
    // the same tree: the first, untimed run makes the vdir (an item a file).
    let vdir = options.directory + "/tree-vdir"
    _ = Measure.process(
      [chk, "sync", root, "--vdir", vdir, "-q"], runs: 1, environment: environment)
    if let export = Measure.process(
      [chk, "export", root, "-o", feed, "-q"], runs: options.runs, environment: environment),
      let sync = Measure.process(
        [chk, "sync", root, "--vdir", vdir, "-q"], runs: options.runs, environment: environment)
    {
      var figure = Figure(
        name: "chk sync DIR --vdir DIR, nothing changed, \(label)", sample: sync, bytes: total,
        baselineName: "chk export DIR -o FILE", baseline: export, rssBudget: 0,
        target: "<= 1.5x export", met: nil)
      figure.met = (figure.ratio ?? 99) <= 1.5
      figures.append(figure)
    }
    return figures
  }

  private static func ratio(_ sample: Sample, _ baseline: Sample) -> String {
    let value = baseline.median > 0 ? sample.median / baseline.median : 0
    return String(Int((value * 100).rounded())) + "% of cat"
  }
}
