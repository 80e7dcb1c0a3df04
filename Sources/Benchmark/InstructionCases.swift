import ChecklistKit
import ChkPlatform

/// One row of `chk-bench --instructions`: a command run under callgrind.
struct InstructionCase {
  /// The row's name, as in `instructions.tsv`.
  var name: String
  /// The command line, given valgrind's (a row that needs a terminal puts valgrind
  /// inside `script`).
  var command: ([String]) -> [String]
  /// Run before each count: puts back what the command changes.
  var prepare: () -> Void = {}
  /// A file for standard input.
  var input: String?
  /// Runs the command itself (given valgrind's command line) instead of spawning it
  /// with `input`: its exit status.
  var run: (([String]) -> Int32?)?
}

extension Benchmark {
  /// Every row of `chk-bench --instructions`, on corpora written to `directory`: the
  /// commands of the timed rows at 100k items, the many-file views over 1,000 files of
  /// 100 items, a language-server session and a terminal-UI session (`items` and the
  /// tree are tiny with `--quick`).
  static func instructionCases(
    chk: String, directory: String, items: Int, quick: Bool, environment: [String]
  ) -> [InstructionCase] {
    let standard = Corpus.make(items: items)
    let base = directory + "/instructions.md"
    let copy = directory + "/instructions-copy.md"
    let collapsed = directory + "/instructions-collapsed.md"
    let messy = directory + "/instructions-messy.md"
    let ours = directory + "/instructions-ours.md"
    let theirs = directory + "/instructions-theirs.md"
    _ = Measure.write(standard, to: base)
    _ = Measure.write(Corpus.make(items: items, shape: .collapsedTags), to: collapsed)
    _ = Measure.write(Corpus.make(items: items, shape: .needsFormatting), to: messy)
    var oursDocument = try? ChecklistDocument(parsing: standard)
    var theirsDocument = oursDocument
    try? oursDocument?.check(.id(Corpus.id(items / 2)), on: nil)
    try? theirsDocument?.check(.id(Corpus.id(1_000 * max(1, items / 2_000))), on: nil)
    let oursBytes = oursDocument?.serialized() ?? standard
    _ = Measure.write(theirsDocument?.serialized() ?? standard, to: theirs)
    let restore = { _ = Measure.write(standard, to: copy) }
    let restoreOurs = { _ = Measure.write(oursBytes, to: ours) }
    let id = Corpus.id(items / 2)
    let number = String(items / 2)
    func row(_ name: String, _ arguments: [String], _ prepare: @escaping () -> Void = {})
      -> InstructionCase
    {
      InstructionCase(name: name, command: { $0 + [chk] + arguments }, prepare: prepare)
    }
    var cases = [
      row("chk --version", ["--version"]),
      row("lint", ["lint", base]),
      row("lint, collapsed tags", ["lint", collapsed]),
      row("lint --fix", ["lint", "--fix", copy], restore),
      row("fmt", ["fmt", base]),
      row("fmt, file needing formatting", ["fmt", messy]),
      row("list", ["-f", base, "list"]),
      row("list --json", ["-f", base, "list", "--json"]),
      row("lists", ["-f", base, "lists"]),
      row("due", ["due", base]),
      row("export", ["export", base]),
      row("check ID", ["-f", copy, "check", id, "--date", "2024-01-01", "-q"], restore),
      row("check NUMBER", ["-f", copy, "check", number, "-q"], restore),
      row("add", ["-f", copy, "add", "a new item", "-q"], restore),
      row("mv", ["-f", copy, "mv", number, "--list", "List 1", "--top", "-q"], restore),
      row("archive", ["-f", copy, "archive", "-q"], restore),
      row("merge-driver", ["merge-driver", base, ours, theirs], restoreOurs),
    ]
    cases += treeCases(chk: chk, directory: directory, quick: quick, environment: environment)
    if let session = languageServerSession(standard, directory: directory) {
      cases.append(
        InstructionCase(
          name: "lsp: open, 4 changes, formatting, code action, symbols",
          command: { $0 + [chk, "lsp", "--debounce", "0"] }, input: session))
    }
    cases.append(
      InstructionCase(
        name: "tui: open, \(quick ? 5 : 40) moves, G, Space, u, a filter, q",
        command: { $0 }, prepare: restore,
        run: { valgrind in
          terminalSession(
            chk: chk, path: copy, environment: environment, prefix: valgrind,
            moves: quick ? 5 : 40)
        }))
    return cases
  }

  /// The many-file rows: a tree of 1,000 files of 100 items (10 of 10 with `--quick`),
  /// each file's first item given an ID by a first `chk export`, as the timed rows do.
  private static func treeCases(
    chk: String, directory: String, quick: Bool, environment: [String]
  ) -> [InstructionCase] {
    let (fileCount, items) = quick ? (10, 10) : (1_000, 100)
    let root = directory + "/instructions-tree"
    mkdir(root, 0o755)
    var paths: [String] = []
    for index in 0..<fileCount {
      let folder = root + "/pkg\(index / 50)"
      mkdir(folder, 0o755)
      let path = folder + "/list\(index).md"
      _ = Measure.write(Corpus.make(items: items, seed: UInt64(index)), to: path)
      paths.append(path)
    }
    let feed = directory + "/instructions-tree.ics"
    let vdir = directory + "/instructions-vdir"
    _ = Measure.spawn([chk, "export", root, "-o", feed, "-q"], environment: environment)
    _ = Measure.spawn([chk, "sync", root, "--vdir", vdir, "-q"], environment: environment)
    let contents = paths.map { Measure.read($0) ?? [] }
    let restore = {
      for (path, bytes) in zip(paths, contents) { _ = Measure.write(bytes, to: path) }
    }
    func row(_ name: String, _ arguments: [String], _ prepare: @escaping () -> Void = {})
      -> InstructionCase
    {
      InstructionCase(name: name, command: { $0 + [chk] + arguments }, prepare: prepare)
    }
    return [
      row("lint DIR", ["lint", root]),
      row("list --in DIR", ["list", "--in", root]),
      row("due DIR", ["due", root]),
      row("export DIR -o FILE", ["export", root, "-o", feed, "-q"]),
      row("remind DIR", ["remind", root, "--now", "2024-06-01 09:00"]),
      row("sync DIR, nothing changed", ["sync", root, "--vdir", vdir, "-q"]),
      row("toggle FILE:1 in each file", ["toggle", "-q"] + paths.map { $0 + ":1" }, restore),
    ]
  }

  /// A language-server session as a file of messages: initialize, open the corpus, two
  /// characters typed into an item and taken out, formatting, a code action and the
  /// document's symbols, shutdown and exit. Each change publishes diagnostics before
  /// the next message is read (no debounce), so the work does not depend on timing.
  private static func languageServerSession(_ bytes: [UInt8], directory: String) -> String? {
    let uri = "file://" + directory + "/instructions-lsp.md"
    let text = jsonEscaped(bytes)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let line =
      lines.indices.first { $0 >= lines.count / 2 && lines[$0].starts(with: Array("- [ ] ".utf8)) }
      ?? 0
    let document = #""textDocument":{"uri":"\#(uri)"}"#
    var messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-16"]},"textDocument":{"codeAction":{"resolveSupport":{"properties":["edit"]}}}}}}"#,
      #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":"\#(text)"}}}"#,
    ]
    for version in 2...5 {
      let change =
        version % 2 == 0
        ? #"{"range":{"start":{"line":\#(line),"character":6},"end":{"line":\#(line),"character":6}},"text":"x"}"#
        : #"{"range":{"start":{"line":\#(line),"character":6},"end":{"line":\#(line),"character":7}},"text":""}"#
      messages.append(
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[\#(change)]}}"#
      )
    }
    messages += [
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/formatting","params":{\#(document),"options":{"tabSize":2,"insertSpaces":true}}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{\#(document),"range":{"start":{"line":\#(line),"character":2},"end":{"line":\#(line),"character":2}},"context":{"diagnostics":[]}}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{\#(document)}}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    var input: [UInt8] = []
    for message in messages {
      let body = Array(message.utf8)
      input += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    let path = directory + "/instructions-lsp.in"
    return Measure.write(input, to: path) ? path : nil
  }

  /// A terminal-UI session on a pseudo-terminal of 80×24: each key sent once the frame
  /// of the one before has been drawn (keys sent at once could be drawn as one frame or
  /// several, as the machine goes), so that the work is the same on every run: `moves`
  /// rows down, the last row, the item there ticked (a safe write) and the tick undone,
  /// a filter typed and closed, and quit.
  private static func terminalSession(
    chk: String, path: String, environment: [String], prefix: [String], moves: Int
  ) -> Int32? {
    guard
      let client = TerminalUIClient(
        chk: chk, path: path, environment: environment, prefix: prefix)
    else { return nil }
    // Valgrind runs the program some thirty times slower: the first screen and each
    // frame are waited for generously.
    guard !client.drawn(first: 120, quiet: 1).bytes.isEmpty else {
      kill(client.pid, SIGKILL)
      client.stop()
      return nil
    }
    let keys =
      Array(repeating: "j", count: 40) + ["G", " ", "u", "/"] + "report".map(String.init)
      + ["\r"]
    for key in keys {
      client.send(key)
      _ = client.drawn(first: 30, quiet: 0.5)
    }
    return client.stop()
  }
}
