/// `chk lint`.
extension Command {
  static let lint = Command(
    "lint",
    "[PATH...] [--fix] [--format gnu|json|github|sarif] [--enable RULE] "
      + "[--disable RULE] [--severity RULE=LEVEL] [--strict] [--today DATE]",
    "find checklist mistakes (files, or *.md files under directories), for editors and CI",
    options: [
      .flag("fix", nil, "apply every available fix and report what remains"),
      .value("format", nil, "FORMAT", "gnu (default), json, github or sarif"),
      .value("enable", nil, "RULE", "turn a rule on (repeatable)"),
      .value("disable", nil, "RULE", "turn a rule off (repeatable)"),
      .value("severity", nil, "RULE=LEVEL", "set a rule to error, warning or off (repeatable)"),
      .flag("strict", nil, "exit 1 on warnings too"),
      .value("today", nil, "DATE", "the day overdue compares with (default: today)"),
      .flag("checklists-only", nil, "skip files without items even when named"),
      .value("stdin-filepath", nil, "PATH", "the name of standard input ('-') in messages"),
    ]
  ) { invocation throws(CommandError) in
    try LintCommand(invocation).run()
  }
}

/// One file's lint outcome.
struct LintFileResult: Sendable {
  var path: String
  var diagnostics: [Diagnostic] = []
  /// Each diagnostic's start and end column in UTF-16 code units (for SARIF).
  var utf16Columns: [(start: Int, end: Int)] = []
  var parseError: ParseError?
  var fileError: FileError?
  var fixed = 0
  var skipped = false
}

/// The options and steps of `chk lint`.
struct LintCommand {
  let invocation: Invocation
  let format: LintReport.Format
  let overrides: [(LintRule, Severity?)]
  let today: Checklist.Day

  init(_ invocation: Invocation) throws(CommandError) {
    self.invocation = invocation
    let arguments = invocation.arguments
    let name = arguments.value("format") ?? "gnu"
    guard let format = LintReport.Format(rawValue: name) else {
      throw .usage("--format takes gnu, json, github or sarif, not '\(name)'")
    }
    self.format = format
    var overrides: [(LintRule, Severity?)] = []
    for option in arguments.options {
      switch option.name {
      case "enable": overrides.append((try Self.rule(option.value ?? ""), nil))
      case "disable": overrides.append((try Self.rule(option.value ?? ""), .off))
      case "severity":
        let text = option.value ?? ""
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let level = Severity(rawValue: parts[1]) else {
          throw .usage("--severity takes RULE=error, RULE=warning or RULE=off, not '\(text)'")
        }
        overrides.append((try Self.rule(parts[0]), level))
      default: break
      }
    }
    self.overrides = overrides
    today = try invocation.day("today") ?? invocation.environment.today
  }

  static func rule(_ name: String) throws(CommandError) -> LintRule {
    guard let rule = LintRule.named(name) else {
      throw .usage(
        "unknown rule '\(name)'; the rules are " + LintRule.all.map(\.name).joined(separator: ", "))
    }
    return rule
  }

  func run() throws(CommandError) -> ExitCode {
    let targets = try CommandTargets(invocation)
    var configurations: [String: LintConfiguration] = [:]
    var pending: [(entry: FileWalker.Entry, configuration: LintConfiguration)] = []
    for entry in targets.files {
      let directory = ChecklistFile.directory(of: invocation.absolute(entry.path))
      if configurations[directory] == nil {
        configurations[directory] = try configuration(for: directory)
      }
      pending.append((entry, configurations[directory] ?? LintConfiguration(today: today)))
    }
    let jobs = pending
    let fix = invocation.arguments.has("fix")
    let checklistsOnly = invocation.arguments.has("checklists-only")
    let currentDirectory = invocation.environment.currentDirectory
    let seedGenerator = invocation.idGenerator
    let standardInput = targets.readsStandardInput ? invocation.environment.readStandardInput() : []
    let lockTimeout = invocation.lockTimeout
    let results = Parallel.map(jobs.count) { index in
      let job = jobs[index]
      return LintCommand.lint(
        job.entry, configuration: job.configuration, fix: fix, checklistsOnly: checklistsOnly,
        currentDirectory: currentDirectory, standardInput: standardInput,
        generator: seedGenerator, lockTimeout: lockTimeout)
    }
    let shown = results.filter { !$0.skipped }
    invocation.output.write(LintReport.render(shown, format: format))
    for path in targets.missing {
      invocation.errors.line("chk: " + FileError.notFound(path: path).message)
    }
    for result in shown {
      if let error = result.fileError { invocation.errors.line("chk: " + error.message) }
    }
    let fixed = shown.reduce(0) { $0 + $1.fixed }
    if fixed > 0 {
      invocation.errors.line("chk: fixed \(fixed) finding\(fixed == 1 ? "" : "s")")
    }
    if !targets.missing.isEmpty { return .noInput }
    if let error = shown.compactMap(\.fileError).first { return CommandError.file(error).status }
    if shown.contains(where: { $0.parseError != nil }) { return .dataError }
    let diagnostics = shown.flatMap(\.diagnostics)
    let strict = invocation.arguments.has("strict")
    if diagnostics.contains(where: { $0.severity == .error || strict }) { return .failure }
    return .success
  }

  /// The configuration for files in `directory`: `.chk.json` from there upward, then
  /// the command line's options.
  func configuration(for directory: String) throws(CommandError) -> LintConfiguration {
    var configuration = LintConfiguration(today: today)
    if let (path, bytes) = Self.findConfiguration(from: directory) {
      try Self.apply(bytes, path: path, to: &configuration)
    }
    for (rule, level) in overrides {
      if let level { configuration.set(rule, to: level) } else { configuration.enable(rule) }
    }
    return configuration
  }

  /// The nearest `.chk.json` at or above `directory`.
  static func findConfiguration(from directory: String) -> (String, [UInt8])? {
    var current = directory
    while true {
      let candidate = (current == "/" ? "" : current) + "/.chk.json"
      if let bytes = try? ChecklistFile.read(candidate) { return (candidate, bytes) }
      guard current != "/", !current.isEmpty else { return nil }
      current = ChecklistFile.directory(of: current)
    }
  }

  /// Applies `{"rules": {"RULE": "error" | "warning" | "off"}}`.
  static func apply(_ bytes: [UInt8], path: String, to configuration: inout LintConfiguration)
    throws(CommandError)
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw .usage("\(path): not valid JSON (expected \(error.expected) at byte \(error.offset))")
    }
    guard case .object(let members) = value else {
      throw .usage("\(path): expected an object such as {\"rules\": {\"missing-id\": \"warning\"}}")
    }
    for (key, member) in members {
      guard key == "rules" else {
        throw .usage("\(path): unknown key '\(key)'; the configuration has one key, \"rules\"")
      }
      guard case .object(let rules) = member else {
        throw .usage("\(path): \"rules\" must map rule names to \"error\", \"warning\" or \"off\"")
      }
      for (name, level) in rules {
        guard let rule = LintRule.named(name) else {
          throw .usage("\(path): unknown rule '\(name)'")
        }
        guard case .string(let text) = level, let severity = Severity(rawValue: text) else {
          throw .usage("\(path): rule '\(name)' must be \"error\", \"warning\" or \"off\"")
        }
        configuration.set(rule, to: severity)
      }
    }
  }

  /// Lints (or fixes) one file; never throws: errors go into the result.
  static func lint(
    _ entry: FileWalker.Entry, configuration: LintConfiguration, fix: Bool, checklistsOnly: Bool,
    currentDirectory: String, standardInput: [UInt8], generator: IDGenerator,
    lockTimeout: Double
  ) -> LintFileResult {
    var result = LintFileResult(path: entry.path)
    let linter = ChecklistLinter(configuration: configuration)
    let absolute = entry.path.hasPrefix("/") ? entry.path : currentDirectory + "/" + entry.path
    let isStandardInput = entry.isStandardInput
    do throws(FileError) {
      if fix, !isStandardInput {
        let file = try ChecklistFile(editing: absolute, lockTimeout: lockTimeout)
        guard var document = parse(file.contents, into: &result) else { return result }
        if skip(document, entry, checklistsOnly) { return skipped(result) }
        document.idGenerator = generator
        guard let report = try? linter.fix(&document) else { return result }
        try file.write(document.serialized())
        result.fixed = report.fixed
        result.diagnostics = report.remaining
        result.utf16Columns = utf16Columns(report.remaining, document)
        return result
      }
      let bytes = isStandardInput ? standardInput : try ChecklistFile.read(absolute)
      guard let document = parse(bytes, into: &result) else { return result }
      if skip(document, entry, checklistsOnly) { return skipped(result) }
      result.diagnostics = linter.lint(document)
      result.utf16Columns = utf16Columns(result.diagnostics, document)
    } catch {
      result.fileError = error.renamed(entry.path)
    }
    return result
  }

  private static func parse(_ bytes: [UInt8], into result: inout LintFileResult)
    -> ChecklistDocument?
  {
    do throws(ParseError) {
      return try ChecklistDocument(parsing: bytes)
    } catch {
      result.parseError = error
      return nil
    }
  }

  /// Files found by walking, or any file with `--checklists-only`, are skipped when
  /// they hold no item.
  private static func skip(
    _ document: ChecklistDocument, _ entry: FileWalker.Entry, _ checklistsOnly: Bool
  )
    -> Bool
  {
    guard !entry.isExplicit || checklistsOnly else { return false }
    return !document.lines.contains { $0.kind == .item }
  }

  private static func skipped(_ result: LintFileResult) -> LintFileResult {
    var copy = result
    copy.skipped = true
    return copy
  }

  /// UTF-16 columns for SARIF, from the byte columns.
  static func utf16Columns(_ diagnostics: [Diagnostic], _ document: ChecklistDocument) -> [(
    start: Int, end: Int
  )] {
    document.bytes.withUnsafeBufferPointer { bytes in
      diagnostics.map { diagnostic in
        let record = document.lines[diagnostic.line - 1]
        let start = Int(record.start)
        func convert(_ column: Int) -> Int {
          let end = min(start + column - 1, Int(record.end))
          let prefix = UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)])
          var units = 0
          for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
            units += scalar.value > 0xFFFF ? 2 : 1
          }
          return units + 1 + max(0, start + column - 1 - Int(record.end))
        }
        return (convert(diagnostic.column), convert(diagnostic.endColumn))
      }
    }
  }
}

/// The files a multi-file command works on.
struct CommandTargets {
  var files: [FileWalker.Entry]
  var missing: [String]
  var readsStandardInput: Bool

  init(_ invocation: Invocation) throws(CommandError) {
    let operands = invocation.operands
    if operands.isEmpty {
      files = [FileWalker.Entry(path: try invocation.checklistPath(), isExplicit: true)]
      missing = []
      readsStandardInput = false
      return
    }
    files = []
    missing = []
    readsStandardInput = false
    for operand in operands {
      if operand == "-" {
        var entry = FileWalker.Entry(
          path: invocation.arguments.value("stdin-filepath") ?? "-", isExplicit: true)
        entry.isStandardInput = true
        files.append(entry)
        readsStandardInput = true
        continue
      }
      let expanded = FileWalker.expand(
        [operand], relativeTo: invocation.environment.currentDirectory)
      files += expanded.files
      missing += expanded.missing
    }
  }
}
