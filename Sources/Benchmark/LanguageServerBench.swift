import ChecklistKit
import ChkPlatform

/// `chk lsp` as an editor sees it: a server process on two pipes, timed from sending a
/// message to receiving its answer.
struct LanguageServerClient {
  let pid: pid_t
  let input: Int32
  let output: Int32
  private var pending: [UInt8] = []
  private var nextID = 1

  /// Starts `chk lsp --debounce MS` (0: diagnostics at once).
  init?(chk: String, environment: [String], debounce: Int = 0) {
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for descriptor in toServer + fromServer {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let arguments = [chk, "lsp", "--debounce", String(debounce)]
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    guard posix_spawn(&pid, chk, &actions, nil, &argv, &envp) == 0 else { return nil }
    close(toServer[0])
    close(fromServer[1])
    self.pid = pid
    input = toServer[1]
    output = fromServer[0]
  }

  /// Sends one message.
  func send(_ json: String) {
    let body = Array(json.utf8)
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return write(input, base + offset, raw.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
    bytes.removeAll()
  }

  /// Initializes the server with the capabilities Neovim 0.8+ and VS Code declare (code
  /// actions resolved when chosen) and opens a document (`text` escaped for JSON).
  mutating func open(_ uri: String, text: String) {
    _ = request(
      "initialize",
      #"{"capabilities":{"general":{"positionEncodings":["utf-16"]},"textDocument":{"codeAction":{"resolveSupport":{"properties":["edit"]}}}}}"#
    )
    _ = wait(for: #""id":1"#)
    send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":"\#(text)"}}}"#
    )
  }

  /// Sends a request and returns its ID.
  mutating func request(_ method: String, _ params: String) -> Int {
    let id = nextID
    nextID += 1
    send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return id
  }

  /// Reads messages until one contains `marker`; returns its body (nil at the end of
  /// output).
  mutating func wait(for marker: String) -> [UInt8]? {
    let needle = Array(marker.utf8)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      while let body = nextBody() {
        if contains(body, needle) { return body }
      }
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count <= 0 { return nil }
      pending += chunk[0..<count]
    }
  }

  /// Reads messages until the answers to all `ids` came; returns when each came, in
  /// seconds after `start` (nil at the end of output).
  mutating func arrivals(of ids: [Int], after start: Double) -> [Int: Double]? {
    var times: [Int: Double] = [:]
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while times.count < ids.count {
      while let body = nextBody() {
        for id in ids where times[id] == nil && contains(body, Array(#""id":\#(id),"#.utf8)) {
          times[id] = Measure.now() - start
        }
      }
      guard times.count < ids.count else { break }
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count <= 0 { return nil }
      pending += chunk[0..<count]
    }
    return times
  }

  private mutating func nextBody() -> [UInt8]? {
    let separator = Array("\r\n\r\n".utf8)
    guard let end = firstIndex(of: separator, in: pending) else { return nil }
    let header = String(decoding: pending[..<end], as: UTF8.self)
    guard let length = header.split(separator: ":").last.flatMap({ Int($0.trimmingSpaces()) })
    else { return nil }
    let start = end + separator.count
    guard pending.count >= start + length else { return nil }
    let body = Array(pending[start..<(start + length)])
    pending.removeFirst(start + length)
    return body
  }

  private func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
    }
    return nil
  }

  private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    firstIndex(of: needle, in: bytes) != nil
  }

  /// The server's peak resident set size, from /proc.
  func peakRSS() -> Int {
    guard let bytes = Measure.read("/proc/\(pid)/status") else { return 0 }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
    return 0
  }

  /// Ends the session and waits for the process.
  func stop() {
    send(#"{"jsonrpc":"2.0","id":999999,"method":"shutdown"}"#)
    send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    close(input)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(output)
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

extension Benchmark {
  /// A file's text as the inside of a JSON string (for a `didOpen`).
  static func jsonEscaped(_ bytes: [UInt8]) -> String {
    var text = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// The language server on the 100k-item corpus: a one-character `didChange` until
  /// its `publishDiagnostics` (debounce off), formatting, and a code action; memory
  /// against `chk lint` on the same file.
  static func languageServer(
    _ options: BenchmarkOptions, bytes: [UInt8], lintPeakRSS: Int, environment: [String]
  ) -> [Figure] {
    guard var client = LanguageServerClient(chk: options.chkPath, environment: environment) else {
      return []
    }
    defer { client.stop() }
    let uri = "file://\(options.directory)/lsp.md"
    let text = jsonEscaped(bytes)
    client.open(uri, text: text)
    _ = client.wait(for: "publishDiagnostics")
    // An item in the middle of the file: type a character into its name, then take it
    // out again, each time until the diagnostics come back.
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let line =
      lines.indices.first { $0 >= lines.count / 2 && lines[$0].starts(with: Array("- [ ] ".utf8)) }
      ?? 0
    var version = 1
    var typing: [Double] = []
    for run in 0..<(options.runs * 4) {
      version += 1
      let change =
        run % 2 == 0
        ? #"{"range":{"start":{"line":\#(line),"character":6},"end":{"line":\#(line),"character":6}},"text":"x"}"#
        : #"{"range":{"start":{"line":\#(line),"character":6},"end":{"line":\#(line),"character":7}},"text":""}"#
      let start = Measure.now()
      client.send(
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[\#(change)]}}"#
      )
      _ = client.wait(for: "publishDiagnostics")
      typing.append(Measure.now() - start)
    }
    func timed(_ method: String, _ params: String) -> Sample {
      var seconds: [Double] = []
      for _ in 0..<options.runs {
        let start = Measure.now()
        let id = client.request(method, params)
        _ = client.wait(for: #""id":\#(id),"#)
        seconds.append(Measure.now() - start)
      }
      return Sample(seconds: seconds, peakRSS: 0)
    }
    let document = #""textDocument":{"uri":"\#(uri)"}"#
    let formatting = timed(
      "textDocument/formatting", #"{\#(document),"options":{"tabSize":2,"insertSpaces":true}}"#)
    let actions = timed(
      "textDocument/codeAction",
      #"{\#(document),"range":{"start":{"line":\#(line),"character":2},"end":{"line":\#(line),"character":2}},"context":{"diagnostics":[]}}"#
    )
    let peak = client.peakRSS()
    var typed = Figure(
      name: "lsp: didChange to diagnostics, 100k items",
      sample: Sample(seconds: typing, peakRSS: peak),
      bytes: 0, baselineName: nil, baseline: nil, rssBudget: 2 * lintPeakRSS,
      target: "<= 10 ms median, RSS <= 2x lint", met: nil)
    typed.met = typed.sample.median <= 0.010 && (lintPeakRSS == 0 || peak <= 2 * lintPeakRSS)
    var figures = [typed]
    for (name, sample) in [("formatting", formatting), ("code action", actions)] {
      var figure = Figure(
        name: "lsp: \(name), 100k items", sample: sample, bytes: 0, baselineName: nil,
        baseline: nil, rssBudget: 0, target: "<= 50 ms median", met: nil)
      figure.met = sample.median <= 0.050
      figures.append(figure)
    }
    return figures + editorPattern(options, text: text, bytes: bytes, environment: environment)
  }

  /// VS Code's pattern: after each keystroke (typing ` @` at the end of an item, then
  /// taking it out), document symbols, folding ranges and a completion at the cursor,
  /// sent together right after the change; each timed from the change to its answer,
  /// with the server's default debounce (150 ms), as an editor runs it.
  static func editorPattern(
    _ options: BenchmarkOptions, text: String, bytes: [UInt8], environment: [String]
  ) -> [Figure] {
    guard
      var client = LanguageServerClient(
        chk: options.chkPath, environment: environment, debounce: 150)
    else { return [] }
    defer { client.stop() }
    let uri = "file://\(options.directory)/pattern.md"
    client.open(uri, text: text)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let line =
      lines.indices.first { $0 >= lines.count / 2 && lines[$0].starts(with: Array("- [ ] ".utf8)) }
      ?? 0
    let end = String(decoding: lines[line], as: UTF8.self).utf16.count
    let document = #""textDocument":{"uri":"\#(uri)"}"#
    var samples: [String: [Double]] = ["completion": [], "folding": [], "symbols": []]
    var version = 1
    for run in 0..<(options.runs * 2) {
      version += 1
      let change =
        run % 2 == 0
        ? #"{"range":{"start":{"line":\#(line),"character":\#(end)},"end":{"line":\#(line),"character":\#(end)}},"text":" @"}"#
        : #"{"range":{"start":{"line":\#(line),"character":\#(end)},"end":{"line":\#(line),"character":\#(end + 2)}},"text":""}"#
      let cursor = run % 2 == 0 ? end + 2 : end
      let start = Measure.now()
      client.send(
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[\#(change)]}}"#
      )
      let symbols = client.request("textDocument/documentSymbol", "{\(document)}")
      let folding = client.request("textDocument/foldingRange", "{\(document)}")
      let completion = client.request(
        "textDocument/completion",
        #"{\#(document),"position":{"line":\#(line),"character":\#(cursor)}}"#)
      guard let times = client.arrivals(of: [symbols, folding, completion], after: start) else {
        return []
      }
      samples["symbols"]?.append(times[symbols] ?? 0)
      samples["folding"]?.append(times[folding] ?? 0)
      samples["completion"]?.append(times[completion] ?? 0)
    }
    return [("completion", 0.020), ("folding", 0.020), ("symbols", 0.100)].map { name, limit in
      let sample = Sample(seconds: samples[name] ?? [], peakRSS: 0)
      var figure = Figure(
        name: "lsp, VS Code pattern: \(name) after a change, 100k items", sample: sample,
        bytes: 0, baselineName: nil, baseline: nil, rssBudget: 0,
        target: "<= \(Int(limit * 1000)) ms median", met: nil)
      figure.met = sample.median <= limit
      return figure
    }
  }

  /// `chk-bench --lsp`: only the language server's figures, with `chk lint`'s peak RSS
  /// on the same corpus for the memory target.
  public static func languageServerOnly(_ options: BenchmarkOptions, log: (String) -> Void)
    -> [Figure]
  {
    let environment = standaloneEnvironment(options)
    let bytes = Corpus.make(items: 100_000)
    log("language server, 100k items")
    let lintRSS = lintPeakRSS(options, bytes: bytes, environment: environment)
    return languageServer(options, bytes: bytes, lintPeakRSS: lintRSS, environment: environment)
  }
}
