import ChecklistKit
import ChkWorkspace

/// The output formats of `chk lint`.
enum LintReport {
  enum Format: String {
    /// `path:line:col: error: message [rule]`, as vim, emacs and most editors read it.
    case gnu
    /// An array of `{"file","line","column","endLine","endColumn","rule","severity",
    /// "message","fixable"}`.
    case json
    /// GitHub Actions workflow commands, one line per finding.
    case github
    /// A SARIF 2.1.0 log, for GitHub code scanning.
    case sarif
  }

  /// The pseudo-rule under which a file that is not valid UTF-8 is reported.
  static let invalidUTF8 = "invalid-utf8"

  /// One finding, or a file that could not be parsed, in output order.
  private struct Entry {
    var path: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var utf16Column: Int
    var utf16EndColumn: Int
    var rule: String
    var severity: Severity
    var message: String
    var isFixable: Bool
  }

  private static func entries(_ results: [LintFileResult]) -> [Entry] {
    var entries: [Entry] = []
    for result in results {
      if let error = result.parseError {
        var line = 1
        var column = 1
        if case .invalidUTF8(_, let errorLine, let errorColumn) = error {
          line = errorLine
          column = errorColumn
        }
        entries.append(
          Entry(
            path: result.path, line: line, column: column, endLine: line, endColumn: column + 1,
            utf16Column: column, utf16EndColumn: column + 1, rule: invalidUTF8, severity: .error,
            message: error.message, isFixable: false))
      }
      for (index, diagnostic) in result.diagnostics.enumerated() {
        let utf16 =
          index < result.utf16Columns.count
          ? result.utf16Columns[index] : (start: diagnostic.column, end: diagnostic.endColumn)
        entries.append(
          Entry(
            path: result.path, line: diagnostic.line, column: diagnostic.column,
            endLine: diagnostic.endLine, endColumn: diagnostic.endColumn, utf16Column: utf16.start,
            utf16EndColumn: utf16.end, rule: diagnostic.rule.name, severity: diagnostic.severity,
            message: message(of: diagnostic), isFixable: diagnostic.isFixable))
      }
    }
    return entries
  }

  /// The report for the results, in file, line, column order.
  static func render(_ results: [LintFileResult], format: Format) -> [UInt8] {
    let all = entries(results)
    switch format {
    case .gnu: return gnu(all)
    case .json: return json(all)
    case .github: return github(all)
    case .sarif: return sarif(all)
    }
  }

  /// How many findings a report held, and how many of them are errors.
  struct Counts {
    var findings = 0
    var errors = 0
  }

  /// Writes a line-based report (gnu or github) to `output` a line at a time, in file,
  /// line, column order, without building the whole report first; a file whose
  /// findings come as a stream (`LintStream`) is linted again as it is written.
  ///
  /// - Returns: how many findings were written, and how many errors.
  @discardableResult
  static func write(_ results: [LintFileResult], format: Format, to output: ByteOutput)
    -> Counts
  {
    var counts = Counts()
    for result in results {
      if result.parseError != nil {
        output.write(render([result], format: format))
        continue
      }
      let path = result.path
      // A batch's lines are made at once (on another thread, for a stream) and written
      // with one call: a write per line costs more than its bytes.
      let make = {
        @Sendable (diagnostics: [Diagnostic], made: inout (lines: [UInt8], errors: Int)) in
        made.lines.removeAll(keepingCapacity: true)
        appendLines(diagnostics, format: format, path: path, to: &made.lines)
        made.errors = errors(diagnostics)
      }
      let write = { (made: (lines: [UInt8], errors: Int), findings: Int) in
        counts.findings += findings
        counts.errors += made.errors
        output.write(made.lines)
      }
      var made = (lines: [UInt8](), errors: 0)
      make(result.diagnostics, &made)
      write(made, result.diagnostics.count)
      result.stream?.forEachBatch(making: made, make, write)
    }
    return counts
  }

  private static func errors(_ diagnostics: [Diagnostic]) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) }
  }

  /// The lines of a line-based report (gnu or github) for one file's findings.
  private static func appendLines(
    _ diagnostics: [Diagnostic], format: Format, path: String, to lines: inout [UInt8]
  ) {
    if format == .github {
      lines += github(diagnostics.map { entry($0, path: path) })
      return
    }
    // The fixed pieces are appended from buffers, which costs no reference counting per
    // finding.
    let layout = Self.pieces
    let pathBytes = Array(path.utf8)
    layout.bytes.withUnsafeBufferPointer { pieces in
      pathBytes.withUnsafeBufferPointer { path in
        for diagnostic in diagnostics {
          appendLine(diagnostic, layout: layout, pieces: pieces, path: path, to: &lines)
        }
      }
    }
  }

  /// A finding as `write` gives it to the github format.
  private static func entry(_ diagnostic: Diagnostic, path: String) -> Entry {
    Entry(
      path: path, line: diagnostic.line, column: diagnostic.column,
      endLine: diagnostic.endLine, endColumn: diagnostic.endColumn,
      utf16Column: diagnostic.column, utf16EndColumn: diagnostic.endColumn,
      rule: diagnostic.rule.name, severity: diagnostic.severity,
      message: message(of: diagnostic), isFixable: diagnostic.isFixable)
  }

  /// One finding's line in the gnu format: `path:line:col: severity: message [rule]`.
  private static func appendLine(
    _ diagnostic: Diagnostic, layout: Pieces, pieces: UnsafeBufferPointer<UInt8>,
    path: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]
  ) {
    line.append(contentsOf: path)
    line.append(UInt8(ascii: ":"))
    DecimalDigits.append(diagnostic.line, to: &line)
    line.append(UInt8(ascii: ":"))
    DecimalDigits.append(diagnostic.column, to: &line)
    let severity = diagnostic.severity == .error ? layout.error : layout.warning
    line.append(contentsOf: UnsafeBufferPointer(rebasing: pieces[severity]))
    diagnostic.appendMessage(to: &line)
    let ending = layout.ruleEndings[diagnostic.ruleIndex]
    line.append(contentsOf: UnsafeBufferPointer(rebasing: pieces[ending]))
  }

  /// What the command line adds to a finding's message: the command that fixes it.
  /// The library's messages say what is wrong and what to do, not what to run.
  private static let advice: [LintRule: [UInt8]] = [
    LintRule.duplicateID: Array(" with 'chk lint --fix'".utf8),
    LintRule.missingID: Array(" with 'chk lint --fix'".utf8),
    LintRule.mixedLineEndings: Array(" with 'chk fmt -w'".utf8),
  ]

  /// A finding's message with the command-line advice.
  static func message(of diagnostic: Diagnostic) -> String {
    diagnostic.message + (advice[diagnostic.rule].map { String(decoding: $0, as: UTF8.self) } ?? "")
  }

  /// The fixed parts of a line of the report, in one buffer: the severity labels and,
  /// by the rule's place in `LintRule.all`, what follows each rule's messages (the
  /// advice, the rule's name in brackets and the line feed).
  private typealias Pieces = (
    bytes: [UInt8], error: Range<Int>, warning: Range<Int>, ruleEndings: [Range<Int>]
  )

  private static let pieces: Pieces = {
    var bytes: [UInt8] = []
    func add(_ piece: [UInt8]) -> Range<Int> {
      bytes += piece
      return (bytes.count - piece.count)..<bytes.count
    }
    let error = add(Array(": error: ".utf8))
    let warning = add(Array(": warning: ".utf8))
    let endings = LintRule.all.map { rule in
      add((advice[rule] ?? []) + Array(" [\(rule.name)]\n".utf8))
    }
    return (bytes, error, warning, endings)
  }()

  private static func gnu(_ entries: [Entry]) -> [UInt8] {
    var output: [UInt8] = []
    for entry in entries {
      output +=
        "\(entry.path):\(entry.line):\(entry.column): \(entry.severity.rawValue): \(entry.message) [\(entry.rule)]\n"
        .utf8
    }
    return output
  }

  private static func json(_ entries: [Entry]) -> [UInt8] {
    var json = JSONWriter()
    json.beginArray()
    for entry in entries {
      json.beginObject()
      json.field("file", entry.path)
      json.field("line", entry.line)
      json.field("column", entry.column)
      json.field("endLine", entry.endLine)
      json.field("endColumn", entry.endColumn)
      json.field("rule", entry.rule)
      json.field("severity", entry.severity.rawValue)
      json.field("message", entry.message)
      json.field("fixable", entry.isFixable)
      json.endObject()
    }
    json.endArray()
    return json.bytes + [UInt8(ascii: "\n")]
  }

  /// Workflow commands: `%`, CR and LF are escaped in the message, and additionally
  /// `:` and `,` in properties, so no text can end a command or start another.
  private static func github(_ entries: [Entry]) -> [UInt8] {
    var output: [UInt8] = []
    for entry in entries {
      let command = entry.severity == .error ? "error" : "warning"
      let properties = [
        "file=" + escapeProperty(entry.path), "line=\(entry.line)", "col=\(entry.column)",
        "endLine=\(entry.endLine)", "endColumn=\(entry.endColumn)",
        "title=" + escapeProperty("chk " + entry.rule),
      ].joined(separator: ",")
      output += "::\(command) \(properties)::\(escapeData(entry.message))\n".utf8
    }
    return output
  }

  static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for character in escapeData(text).unicodeScalars {
      switch character {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  // MARK: - SARIF

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .off: return "none"
    }
  }

  /// A relative path as a URI reference: unreserved characters and `/` as they are,
  /// everything else percent-encoded.
  static func uri(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      if byte.isASCIILetter || byte.isASCIIDigit || "-._~/".utf8.contains(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        result +=
          "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
      }
    }
    return result
  }

  private static func sarif(_ entries: [Entry]) -> [UInt8] {
    var rules = LintRule.all.map { ($0.name, $0.summary, $0.defaultSeverity, $0.fixSummary) }
    rules.append(
      (invalidUTF8, "a file that is not valid UTF-8 (chk reads UTF-8 only)", .error, nil))
    var json = JSONWriter()
    json.beginObject()
    json.field("version", "2.1.0")
    json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    json.key("runs")
    json.beginArray()
    json.beginObject()
    json.key("tool")
    json.beginObject()
    json.key("driver")
    json.beginObject()
    json.field("name", "chk")
    json.field("version", ChkTool.version)
    json.key("rules")
    json.beginArray()
    for (name, summary, severity, fix) in rules {
      json.beginObject()
      json.field("id", name)
      json.field("name", name)
      json.key("shortDescription")
      json.beginObject()
      json.field("text", summary)
      json.endObject()
      json.key("fullDescription")
      json.beginObject()
      json.field("text", summary + (fix.map { "; chk lint --fix " + $0 } ?? ""))
      json.endObject()
      json.key("defaultConfiguration")
      json.beginObject()
      json.field("enabled", severity != .off)
      json.field("level", level(severity == .off ? .warning : severity))
      json.endObject()
      json.key("help")
      json.beginObject()
      json.field("text", "See man chk, section LINT RULES: \(name).")
      json.endObject()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.endObject()
    json.field("columnKind", "utf16CodeUnits")
    json.key("results")
    json.beginArray()
    for entry in entries {
      json.beginObject()
      json.field("ruleId", entry.rule)
      json.field("ruleIndex", rules.firstIndex { $0.0 == entry.rule } ?? 0)
      json.field("level", level(entry.severity))
      json.key("message")
      json.beginObject()
      json.field("text", entry.message)
      json.endObject()
      json.key("locations")
      json.beginArray()
      json.beginObject()
      json.key("physicalLocation")
      json.beginObject()
      json.key("artifactLocation")
      json.beginObject()
      json.field("uri", uri(entry.path))
      json.endObject()
      json.key("region")
      json.beginObject()
      json.field("startLine", entry.line)
      json.field("startColumn", entry.utf16Column)
      json.field("endLine", entry.endLine)
      json.field("endColumn", entry.utf16EndColumn)
      json.endObject()
      json.endObject()
      json.endObject()
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.endArray()
    json.endObject()
    return json.bytes + [UInt8(ascii: "\n")]
  }
}
