import ChecklistKit
import ChkWorkspace

/// A document the editor has open: its text as the editor has it (not as on disk), its
/// version, and its parse, kept until the text changes.
package struct OpenDocument {
  let uri: String
  var version = 0
  var languageID = "markdown"
  /// The vault's Tasks plugin settings, for a file in the Obsidian Tasks format: the
  /// server offers check, uncheck and toggle there (as the plugin makes them), and
  /// nothing in chk's own format.
  var vaultSettings: ObsidianTaskSettings?
  /// Whether the file is in the Obsidian Tasks format.
  var isObsidianTasks: Bool { vaultSettings != nil }
  package private(set) var buffer: TextBuffer
  /// The text parsed as a checklist; `nil` until asked for after a change.
  private var parse: Result<ChecklistDocument, ParseError>?
  /// The lint findings of this version of the text (with the rules that applied) and
  /// the day they were linted on; `nil` until linted after a change.
  var findings: (day: CalendarDay, findings: [Diagnostic])?
  /// What linting the text's stretches gave, kept across versions: a change drops only
  /// the stretches it touches, so a keystroke lints a stretch, not the file.
  var lintSections = LintSections()
  /// The document symbols and folding ranges of this version of the text.
  var symbols: JSONValue?
  var folding: JSONValue?
  /// The outline of this version of the text (symbols and folding share it).
  var outline: [OutlineRow]?
  /// The tag keys of this version of the text that chk does not know.
  var usedKeys: [String]?
  /// The items workspace symbols search, of this version of the text.
  var workspaceItems: WorkspaceFile?

  init(uri: String, text: [UInt8]) {
    self.uri = uri
    buffer = TextBuffer(text)
  }

  package var bytes: [UInt8] { buffer.bytes }

  /// Applies an editor's change. A parse the text had is brought up to date by parsing
  /// again only the section the change touches (`ChecklistDocument.replaceBytes`): a
  /// keystroke in a 100k-item file costs a section, not the file.
  mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
    let previous = parse
    forgetDerived()
    // Clamped as the buffer clamps it.
    let lower = min(max(0, range.lowerBound), buffer.bytes.count)
    let upper = min(max(lower, range.upperBound), buffer.bytes.count)
    buffer.replace(lower..<upper, with: text)
    guard case .success(var document)? = previous else {
      // Without the parse, which lines changed is unknown.
      lintSections.removeAll()
      return
    }
    do throws(ParseError) {
      let (old, new) = try document.replaceBytes(lower..<upper, with: text, giving: buffer.bytes)
      lintSections.noteChange(old: old, new: new)
      parse = .success(document)
    } catch {
      lintSections.removeAll()
      parse = .failure(error)
    }
  }

  mutating func replaceAll(with text: [UInt8]) {
    forgetDerived()
    lintSections.removeAll()
    buffer = TextBuffer(text)
  }

  /// Forgets what was computed from the text.
  private mutating func forgetDerived() {
    parse = nil
    findings = nil
    symbols = nil
    folding = nil
    outline = nil
    usedKeys = nil
    workspaceItems = nil
  }

  /// The text as a checklist document, parsed once per version of the text.
  mutating func parsed(idGenerator: IDGenerator) -> Result<ChecklistDocument, ParseError> {
    if let parse { return parse }
    let result: Result<ChecklistDocument, ParseError>
    do {
      var document = try ChecklistDocument(parsing: buffer.bytes)
      document.idGenerator = idGenerator
      result = .success(document)
    } catch {
      result = .failure(error)
    }
    parse = result
    return result
  }

  /// Whether the text starts with a byte-order mark, which ChecklistKit's columns on
  /// line 1 count from after.
  var hasByteOrderMark: Bool {
    buffer.bytes.starts(with: [0xEF, 0xBB, 0xBF])
  }

  /// The byte offset of a ChecklistKit line (1-based) and byte column (1-based).
  func offset(line: Int, column: Int) -> Int {
    guard line >= 1, line <= buffer.lineCount else { return buffer.bytes.count }
    let range = buffer.contentRange(ofLine: line - 1)
    let start = range.lowerBound + (line == 1 && hasByteOrderMark ? 3 : 0)
    return min(range.upperBound, start + max(0, column - 1))
  }

  /// Whether a 1-based line holds `needle`.
  func lineContains(_ line: Int, _ needle: [UInt8]) -> Bool {
    let range = lineRange(line)
    guard range.count >= needle.count, let first = needle.first else { return false }
    let bytes = buffer.bytes
    var index = range.lowerBound
    while index + needle.count <= range.upperBound {
      if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The byte range of a whole 1-based line, line break excluded.
  func lineRange(_ line: Int) -> Range<Int> {
    guard line >= 1, line <= buffer.lineCount else {
      return buffer.bytes.count..<buffer.bytes.count
    }
    return buffer.contentRange(ofLine: line - 1)
  }
}
