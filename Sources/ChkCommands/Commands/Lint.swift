import ChecklistKit
import ChkWorkspace

/// `chk lint`.
extension Command {
  static let lint = Command(
    "lint", operands: [.paths],
    "find checklist mistakes (files, or *.md files under directories), for editors and CI",
    options: [
      .fix, .format, .enable, .disable, .severity, .strict,
      .today.described("the day overdue compares with (default: today)"), .checklistsOnly,
      .standardInputPath, .verbose,
    ]
  ) { invocation throws(CommandError) in
    try LintCommand(invocation).run()
  }
}

/// One file's lint outcome.
struct LintFileResult: Sendable {
  var path: String
  var diagnostics: [Diagnostic] = []
  /// Findings too many to hold, made again as they are written (`diagnostics` is then
  /// empty).
  var stream: LintStream?
  /// Each diagnostic's start and end column in UTF-16 code units (for SARIF).
  var utf16Columns: [(start: Int, end: Int)] = []
  /// A file that is not valid UTF-8 (reported as a finding).
  var parseError: ParseError?
  /// A file that could not be read or written.
  var error: CommandError?
  var warnings: [String] = []
  var fixed = 0
  var skipped = false
  /// For a file in the Obsidian Tasks format: its tasks' IDs and dependencies, which
  /// `unknown-dependency` checks against the whole vault (`LintCommand.vaultFindings`).
  var vault: ObsidianTasksView.VaultFacts?
}

/// The options and steps of `chk lint`.
struct LintCommand {
  let invocation: Invocation
  let format: LintReport.Format
  let overrides: [(LintRule, Severity?)]
  let today: CalendarDay

  init(_ invocation: Invocation) throws(CommandError) {
    self.invocation = invocation
    let arguments = invocation.arguments
    let name = arguments.value(.format) ?? "gnu"
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
    today = try invocation.day(.today) ?? invocation.environment.today
  }

  static func rule(_ name: String) throws(CommandError) -> LintRule {
    guard let rule = LintRule.named(name) else {
      throw .usage(
        "unknown rule '\(name)'; the rules are " + LintRule.all.map(\.name).joined(separator: ", "))
    }
    return rule
  }

  func run() throws(CommandError) -> ExitCode {
    var targets = try invocation.targets()
    var configurations: [String: LintConfiguration] = [:]
    var pending:
      [(entry: FileWalker.Entry, configuration: LintConfiguration, dialect: FileDialect)] = []
    for entry in targets.files {
      let directory = SystemPath.directory(of: entry.path.absolute)
      if configurations[directory] == nil {
        configurations[directory] = configuration(
          try targets.configurations.configuration(for: directory))
      }
      let dialect =
        entry.isStandardInput ? .chk : try targets.configurations.dialect(for: directory)
      pending.append((entry, configurations[directory] ?? LintConfiguration(today: today), dialect))
    }
    let jobs = pending
    let job = LintJob(
      fix: invocation.arguments.has(.fix),
      checklistsOnly: invocation.arguments.has(.checklistsOnly),
      needsUTF16Columns: format == .sarif, streams: format == .gnu || format == .github,
      standardInput: targets.readsStandardInput ? invocation.environment.readStandardInput() : [],
      idGenerator: invocation.idGenerator, edit: invocation.fileEdit)
    var results = Parallel.map(jobs.count) { index in
      job.lint(
        jobs[index].entry, configuration: jobs[index].configuration, dialect: jobs[index].dialect)
    }
    vaultFindings(&results, jobs.map(\.entry.path.absolute), jobs.map(\.configuration), &targets)
    let shown = results.filter { !$0.skipped }
    targets.reportSkipped(noItems: results.filter(\.skipped).map(\.path), invocation)
    let counts: LintReport.Counts
    if format == .json || format == .sarif {
      invocation.output.writeExact(LintReport.render(shown, format: format))
      counts = LintReport.Counts(
        findings: shown.reduce(0) { $0 + $1.diagnostics.count },
        errors: shown.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .error } })
    } else {
      // Line by line, straight to the output: a million findings need no report in
      // memory (a file with more than 32,768 is linted again as it is written).
      counts = LintReport.write(shown, format: format, to: invocation.output)
    }
    let unread = targets.unread
    for error in unread { invocation.errors.line("chk: " + error.message) }
    for result in shown {
      for warning in result.warnings { invocation.errors.line("chk: " + warning) }
      if let error = result.error { invocation.errors.line("chk: " + error.message) }
    }
    let fixed = shown.reduce(0) { $0 + $1.fixed }
    if fixed > 0 {
      invocation.errors.line("chk: fixed \(fixed) finding\(fixed == 1 ? "" : "s")")
    }
    if let first = unread.first { return first.status }
    if let error = shown.compactMap(\.error).first { return error.status }
    if shown.contains(where: { $0.parseError != nil }) { return .dataError }
    let strict = invocation.arguments.has(.strict)
    if counts.errors > 0 || (strict && counts.findings > 0) { return .failure }
    return .success
  }

  /// The lint configuration for files that `project` governs: its rules, then the
  /// command line's options.
  func configuration(_ project: ProjectConfiguration) -> LintConfiguration {
    var configuration = project.lintConfiguration(today: today)
    for (rule, level) in overrides {
      if let level { configuration.set(rule, to: level) } else { configuration.enable(rule) }
    }
    // Only JSON and SARIF say which findings --fix mends.
    configuration.findsFixes =
      invocation.arguments.has(.fix) || format == .json || format == .sarif
    return configuration
  }
}

/// Lints (or fixes) one file; safe to run on any thread.
struct LintJob: Sendable {
  var fix: Bool
  var checklistsOnly: Bool
  /// Whether findings need their columns in UTF-16 code units (SARIF only).
  var needsUTF16Columns = false
  /// Whether a file with very many findings may hand them over as a stream (the line
  /// formats).
  var streams = false
  var standardInput: [UInt8]
  var idGenerator: IDGenerator
  var edit: FileEdit

  /// Lints (or fixes) one file; never throws: errors go into the result.
  func lint(
    _ entry: FileWalker.Entry, configuration: LintConfiguration, dialect: FileDialect = .chk
  )
    -> LintFileResult
  {
    var result = LintFileResult(path: entry.path.shown)
    let linter = ChecklistLinter(configuration: configuration)
    do throws(CommandError) {
      if case .obsidianTasks = dialect {
        // Linted as chk's view of it: the same lines, the findings about the plugin's
        // fields (a duplicate 🆔, a 📅 that is no day); `--fix` would write chk's form.
        if fix {
          throw .usage(
            "\(entry.path.shown): not fixed: it is in the Obsidian Tasks format, whose lines the "
              + "plugin writes in its own form")
        }
        let bytes = try edit.read(entry.path)
        guard let document = parse(dialect.view(bytes), into: &result) else { return result }
        result.skipped = skip(document, entry, linter)
        guard !result.skipped, case .obsidianTasks(let settings, _) = dialect else { return result }
        let facts = ObsidianTasksView.vaultFacts(
          of: bytes, settings: settings, configuration: configuration)
        result.diagnostics =
          (ObsidianTasksView.findingsInFile(linter.lint(document), bytes) + facts.findings).sorted {
            ($0.line, $0.column) < ($1.line, $1.column)
          }
        result.vault = facts
        return result
      }
      if fix, !entry.isStandardInput {
        let outcome = try edit.apply(to: entry.path) {
          file throws(CommandError) -> (
            bytes: [UInt8], value: (ChecklistLinter.FixReport, ChecklistDocument)?
          ) in
          guard var document = parse(file.contents, into: &result) else {
            return (file.contents, nil)
          }
          if skip(document, entry, linter) { return (file.contents, nil) }
          document.idGenerator = idGenerator
          let report = try? linter.fix(&document)
          return (document.serialized(), report.map { ($0, document) })
        }
        result.warnings = outcome.warnings
        guard let (report, document) = outcome.value else {
          result.skipped = result.parseError == nil
          return result
        }
        result.fixed = report.fixed
        result.diagnostics = report.remaining
        if needsUTF16Columns {
          result.utf16Columns = Self.utf16Columns(report.remaining, document)
        }
        return result
      }
      let bytes = entry.isStandardInput ? standardInput : try edit.read(entry.path)
      guard let document = parse(bytes, into: &result) else { return result }
      if skip(document, entry, linter) {
        result.skipped = true
        return result
      }
      if streams {
        switch linter.findingsOrStream(document) {
        case .all(let diagnostics): result.diagnostics = diagnostics
        case .stream(let stream): result.stream = stream
        }
        return result
      }
      result.diagnostics = linter.lint(document)
      if needsUTF16Columns {
        result.utf16Columns = Self.utf16Columns(result.diagnostics, document)
      }
    } catch {
      result.error = error
    }
    return result
  }

  private func parse(_ bytes: [UInt8], into result: inout LintFileResult) -> ChecklistDocument? {
    do throws(ParseError) {
      var document = try ChecklistDocument(parsing: bytes)
      #if DEBUG
        document.workLog = edit.workLog
      #endif
      return document
    } catch {
      result.parseError = error
      return nil
    }
  }

  /// Files found by walking, or any file with `--checklists-only`, are skipped when
  /// they hold no item and no line meant as one (a `malformed-checkbox` finding): a
  /// template whose every box is `[]` shows no checkbox at all, which is what lint is
  /// for.
  private func skip(
    _ document: ChecklistDocument, _ entry: FileWalker.Entry, _ linter: ChecklistLinter
  ) -> Bool {
    guard !entry.counts(document, checklistsOnly: checklistsOnly) else { return false }
    return !linter.lint(document).contains { $0.rule == .malformedCheckbox }
  }

  /// UTF-16 columns for SARIF, from the byte columns.
  static func utf16Columns(_ diagnostics: [Diagnostic], _ document: ChecklistDocument) -> [(
    start: Int, end: Int
  )] {
    diagnostics.map { diagnostic in
      let text = Array(document.text(ofLine: diagnostic.line).utf8)
      func convert(_ column: Int) -> Int {
        let prefix = text[..<min(column - 1, text.count)]
        var units = 0
        for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
          units += scalar.value > 0xFFFF ? 2 : 1
        }
        return units + 1 + max(0, column - 1 - text.count)
      }
      return (convert(diagnostic.column), convert(diagnostic.endColumn))
    }
  }
}

extension ChecklistTargets {
  /// With `--verbose`, names on standard error what was left out and why: what the
  /// walks skipped, then the files without items.
  func reportSkipped(noItems: [String], _ invocation: Invocation) {
    guard invocation.arguments.has(.verbose) else { return }
    // Configuration files by the path from here, when they are under it.
    let here = invocation.environment.currentDirectory
    func shown(_ path: String) -> String {
      SystemPath.display(path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path)
    }
    for path in configurations.used { invocation.errors.line("chk: configured by \(shown(path))") }
    for file in configurations.ignored {
      invocation.errors.line("chk: ignored \(shown(file.path)): \(file.reason)")
    }
    for entry in skipped { invocation.errors.line("chk: skipped \(entry.path): \(entry.reason)") }
    for path in noItems { invocation.errors.line("chk: skipped \(path): no task items") }
  }
}
