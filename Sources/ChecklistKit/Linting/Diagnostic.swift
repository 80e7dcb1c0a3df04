/// One lint finding.
///
/// Lines are 1-based; columns are 1-based and counted in UTF-8 bytes from the start of
/// the line (after a byte-order mark), as gcc and vim count them. The end is exclusive:
/// `endColumn` is the column just past the finding.
public struct Diagnostic: Sendable, Hashable {
  /// The rule that found it.
  public var rule: LintRule {
    get { ruleID.rule }
    set { ruleID = newValue.id }
  }
  /// How much it matters (never `off`).
  public var severity: Severity
  /// The 1-based line where the finding starts.
  public var line: Int
  /// The 1-based byte column where it starts.
  public var column: Int
  /// The 1-based line where it ends.
  public var endLine: Int
  /// The 1-based byte column just past its end.
  public var endColumn: Int
  /// A lower-case message that quotes the offending text.
  public var message: String {
    get { text.string }
    set { text = .plain(newValue) }
  }
  /// Whether `chk lint --fix` can fix it.
  public var isFixable: Bool
  /// Where the finding points to besides itself: for a duplicate ID, the first use.
  /// (Kept inside the message, so that the other million findings of a file pay no
  /// memory for it.)
  public var related: Location? {
    guard case .duplicate(_, let line, let column, let endColumn) = text else { return nil }
    return Location(line: Int(line), column: Int(column), endColumn: Int(endColumn))
  }

  /// A place on one line: 1-based line, 1-based byte columns, the end exclusive.
  public struct Location: Sendable, Hashable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based byte column where it starts.
    public var column: Int
    /// The 1-based byte column just past its end.
    public var endColumn: Int

    /// Creates a location.
    public init(line: Int, column: Int, endColumn: Int) {
      self.line = line
      self.column = column
      self.endColumn = endColumn
    }
  }

  /// The rule, by its place in the table (a copy costs no reference counting).
  var ruleID: LintRule.ID
  /// The message, kept as text or as the quoted bytes of a frequent message.
  var text: Message

  /// A message as kept: most as text; those a file can raise on every line keep the
  /// bytes they quote (in the value, or a slice of the document's bytes) and become
  /// text only when asked, so a million findings cost no million strings.
  enum Message: Sendable, Hashable {
    case plain(String)
    /// `'QUOTED' is part of the name (one blank before it); put two spaces before it
    /// to make it a tag`
    case tagInName(Quote)
    /// `tag-in-name` for tags written without a blank between them.
    case gluedTags(Quote)
    /// A message with the place it points to (1-based line, byte columns).
    case duplicate(String, line: UInt32, column: UInt32, endColumn: UInt32)

    // Static strings: appending one touches no reference count, which two threads that
    // write findings at once would fight over.
    static let tagInNameSuffix: StaticString =
      "' is part of the name (one blank before it); put two spaces before it to make it a tag"
    static let gluedTagsSuffix: StaticString =
      "' is part of the name: a tag ends at a blank; put two spaces before each tag"

    /// The message's text.
    var string: String {
      switch self {
      case .plain(let text), .duplicate(let text, _, _, _): return text
      case .tagInName, .gluedTags:
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
      }
    }

    /// Appends the message's UTF-8 bytes.
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func append(to bytes: inout [UInt8]) {
      switch self {
      case .plain(let text), .duplicate(let text, _, _, _): bytes += text.utf8
      case .tagInName(let quoted):
        bytes.append(UInt8(ascii: "'"))
        quoted.append(to: &bytes)
        Self.append(Self.tagInNameSuffix, to: &bytes)
      case .gluedTags(let quoted):
        bytes.append(UInt8(ascii: "'"))
        quoted.append(to: &bytes)
        Self.append(Self.gluedTagsSuffix, to: &bytes)
      }
    }

    static func == (lhs: Message, rhs: Message) -> Bool { lhs.string == rhs.string }
    func hash(into hasher: inout Hasher) { hasher.combine(string) }
  }

  /// Creates a diagnostic.
  public init(
    rule: LintRule, severity: Severity, line: Int, column: Int, endLine: Int, endColumn: Int,
    message: String, isFixable: Bool
  ) {
    self.init(
      ruleID: rule.id, severity: severity, line: line, column: column, endLine: endLine,
      endColumn: endColumn, text: .plain(message), isFixable: isFixable)
  }

  init(
    ruleID: LintRule.ID, severity: Severity, line: Int, column: Int, endLine: Int,
    endColumn: Int, text: Message, isFixable: Bool
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
    self.text = text
    self.isFixable = isFixable
  }

  /// The rule's place in `LintRule.all` (without copying the rule's strings).
  package var ruleIndex: Int { ruleID.rawValue }

  /// Appends the message's UTF-8 bytes (without making a string of it).
  package func appendMessage(to bytes: inout [UInt8]) {
    text.append(to: &bytes)
  }
}
