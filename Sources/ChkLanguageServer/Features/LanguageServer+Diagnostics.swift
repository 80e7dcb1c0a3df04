import ChecklistKit
import ChkWorkspace

/// Lint findings as LSP diagnostics, pushed (debounced) or pulled.
extension LanguageServer {
  /// Notes that a document's diagnostics are out of date: they are published when the
  /// loop finds no more input within the debounce (`publishPending`), or pulled.
  func diagnosticsChanged(_ uri: String) {
    guard !clientPullsDiagnostics else { return }
    if pendingSet.insert(uri).inserted { pendingDiagnostics.append(uri) }
  }

  /// Whether diagnostics wait to be published.
  public var hasPendingDiagnostics: Bool { !pendingDiagnostics.isEmpty }

  /// The `publishDiagnostics` notifications held back, one per changed document.
  public func publishPending() -> [[UInt8]] {
    let uris = pendingDiagnostics
    pendingDiagnostics.removeAll()
    pendingSet.removeAll()
    return uris.compactMap { uri in
      guard let version = documents[uri]?.version else { return nil }
      return Self.notification(
        "textDocument/publishDiagnostics",
        [
          "uri": .string(uri), "version": .int(version),
          "diagnostics": .array(diagnostics(uri)),
        ]
      ).serialized
    }
  }

  func pullDiagnostics(_ params: DocumentParams) -> JSONValue {
    ["kind": "full", "items": .array(diagnostics(params.document.uri))]
  }

  /// The parse of an open document (cached in it until its text changes).
  ///
  /// `nil` also for a file in the Obsidian Tasks format (`FileDialect`): the server does
  /// not serve those yet (no diagnostics, actions or formatting), rather than offer
  /// edits in chk's own format there.
  func parsed(_ uri: String) -> Result<ChecklistDocument, ParseError>? {
    guard var document = documents[uri], !document.isObsidianTasks else { return nil }
    documents[uri] = nil
    let result = document.parsed(idGenerator: environment.workspace.idGenerator)
    documents[uri] = document
    return result
  }

  /// The lint configuration for a document: the `.chk.json` that governs its file, as
  /// `chk lint` finds it; defaults for a buffer that is not a file.
  func lintConfiguration(_ uri: String) -> Result<LintConfiguration, WorkspaceError> {
    let today = environment.workspace.today
    guard let path = FileURI.path(of: uri) else { return .success(LintConfiguration(today: today)) }
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    do {
      let project = try configurations.configuration(for: directory.isEmpty ? "/" : directory)
      return .success(project.lintConfiguration(today: today))
    } catch {
      return .failure(error)
    }
  }

  /// The reminder defaults for a document (its `.chk.json`'s `reminders`); the defaults
  /// for a buffer that is not a file or a configuration that cannot be read.
  func reminderDefaults(_ uri: String) -> ReminderDefaults {
    guard let path = FileURI.path(of: uri) else { return ReminderDefaults() }
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    return (try? configurations.configuration(for: directory.isEmpty ? "/" : directory).reminders)
      ?? ReminderDefaults()
  }

  /// The diagnostics of an open document: none for a document without items and no
  /// line meant as one (as `chk lint --checklists-only`), one for text that cannot be
  /// parsed.
  func diagnostics(_ uri: String) -> [JSONValue] {
    if let document = documents[uri], let settings = document.vaultSettings {
      return vaultDiagnostics(document, settings)
    }
    guard let result = parsed(uri), let document = documents[uri] else { return [] }
    let parsedDocument: ChecklistDocument
    switch result {
    case .failure(let error):
      let line = error.line ?? 1
      return [
        [
          "range": range(document.lineRange(line), in: document), "severity": 1,
          "source": "chk", "code": "parse-error", "message": .string(error.message),
        ]
      ]
    case .success(let value): parsedDocument = value
    }
    var configuration: LintConfiguration
    var notes: [JSONValue] = []
    switch lintConfiguration(uri) {
    case .success(let value): configuration = value
    case .failure(let error):
      configuration = LintConfiguration(today: environment.workspace.today)
      notes.append([
        "range": range(0..<0, in: document), "severity": 2, "source": "chk",
        "code": "configuration", "message": .string(error.message + "; default rules apply"),
      ])
    }
    let findings = self.findings(document.uri, parsedDocument, configuration)
    // A file without items is linted only when a line in it was meant as one (a
    // `malformed-checkbox` finding), as `chk lint` does for the files it finds by
    // walking: a template whose every box is `[]` shows no checkbox at all.
    guard parsedDocument.hasItems || findings.contains(where: { $0.rule == .malformedCheckbox })
    else { return [] }
    return notes + findings.map { diagnostic($0, in: document) }
      + dueDiagnostics(document, parsedDocument, configuration)
  }

  /// The diagnostics of a file in the Obsidian Tasks format: what `chk lint` reports
  /// there (chk's rules on its view, each on its task's whole line in the plugin's
  /// signifiers, and `invalid-recurrence`), without fixes. `unknown-dependency` needs
  /// the vault's other files, which `chk lint` reads: it is left out here.
  ///
  /// - Complexity: O(*n*) in the size of the text, once per version the client asks
  ///   about.
  private func vaultDiagnostics(_ document: OpenDocument, _ settings: ObsidianTaskSettings)
    -> [JSONValue]
  {
    let bytes = document.bytes
    guard
      let view = try? ChecklistDocument(
        parsing: ObsidianTasksView.chkBytes(of: bytes, settings: settings))
    else { return [] }
    let configuration =
      (try? lintConfiguration(document.uri).get())
      ?? LintConfiguration(today: environment.workspace.today)
    let found = ChecklistLinter(configuration: configuration).lint(view)
    guard view.hasItems || found.contains(where: { $0.rule == .malformedCheckbox }) else {
      return []
    }
    let facts = ObsidianTasksView.vaultFacts(
      of: bytes, settings: settings, configuration: configuration)
    return (ObsidianTasksView.findingsInFile(found, bytes) + facts.findings)
      .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
      .map { diagnostic($0, in: document) }
  }

  /// With `dueHints` set to `diagnostic`: a hint on each open item due tomorrow or
  /// before, unless `overdue` reports it already.
  private func dueDiagnostics(
    _ document: OpenDocument, _ parsedDocument: ChecklistDocument,
    _ configuration: LintConfiguration
  ) -> [JSONValue] {
    guard dueHints == .diagnostic, document.buffer.lineCount > 0 else { return [] }
    let today = configuration.today
    let overdueReported = configuration.severity(of: .overdue) != .off
    var hints: [JSONValue] = []
    for line in 1...document.buffer.lineCount {
      guard document.lineContains(line, Self.dueTag),
        let item = parsedDocument.itemFields(atLine: line), !item.isChecked,
        let due = item.dueDate, due.dayNumber <= today.dayNumber + 1,
        !(overdueReported && due.dayNumber < today.dayNumber)
      else { continue }
      hints.append([
        "range": range(document.lineRange(line), in: document), "severity": 4,
        "code": "due", "source": "chk",
        "message": .string(Self.describeDue(due, today: today)),
      ])
    }
    return hints
  }

  /// The lint findings of an open document, linted once per version of its text, and
  /// then only where the text changed since the last lint (`LintSections`).
  func findings(
    _ uri: String, _ parsedDocument: ChecklistDocument, _ configuration: LintConfiguration
  ) -> [Diagnostic] {
    // Cached for the day they were linted on (`overdue` changes at midnight).
    if let cached = documents[uri]?.findings, cached.day == configuration.today {
      return cached.findings
    }
    guard var document = documents[uri] else {
      return ChecklistLinter(configuration: configuration).lint(parsedDocument)
    }
    documents[uri] = nil
    let findings = ChecklistLinter(configuration: configuration).lint(
      parsedDocument, reusing: &document.lintSections)
    document.findings = (configuration.today, findings)
    documents[uri] = document
    return findings
  }

  /// Forgets every document's findings (the rules changed).
  func forgetFindings() {
    for uri in documents.keys { documents[uri]?.findings = nil }
  }

  func diagnostic(_ finding: Diagnostic, in document: OpenDocument) -> JSONValue {
    let start = document.offset(line: finding.line, column: finding.column)
    let end = max(start, document.offset(line: finding.endLine, column: finding.endColumn))
    var members: [(String, JSONValue)] = [
      ("range", range(start..<end, in: document)),
      ("severity", finding.severity == .error ? 1 : 2),
      ("code", .string(finding.rule.name)),
      ("source", "chk"),
      ("message", .string(finding.message)),
    ]
    if let related = finding.related {
      let relatedStart = document.offset(line: related.line, column: related.column)
      let relatedEnd = document.offset(line: related.line, column: related.endColumn)
      members.append(
        (
          "relatedInformation",
          [
            [
              "location": [
                "uri": .string(document.uri),
                "range": range(relatedStart..<max(relatedStart, relatedEnd), in: document),
              ],
              "message": "first used here",
            ]
          ]
        ))
    }
    if finding.isFixable { members.append(("data", ["fixable": true])) }
    return .object(members)
  }
}
