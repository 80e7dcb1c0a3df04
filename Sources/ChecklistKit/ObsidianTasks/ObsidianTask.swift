/// One task line of the Obsidian Tasks plugin's format (its "Tasks Emoji Format"), read
/// and written as the plugin reads and writes it (obsidian-tasks 8.3.0,
/// `src/TaskSerializer/DefaultTaskSerializer.ts`, `src/Task/Task.ts`):
///
///     - [ ] Pay rent 🔁 every month ⏫ 📅 2026-12-05
///
/// The fields are signifiers at the end of the line: a priority, dates (📅 due, ⏳
/// scheduled, 🛫 start, ➕ created, ✅ done, ❌ cancelled), 🔁 a recurrence, 🏁 what
/// completion does, 🆔 an ID and ⛔ the IDs it depends on; tags among them belong to
/// the description. They are taken from the end of the text backwards, in any order,
/// until the text ends in none of them: what is left of that is the description,
/// signifiers included.
public struct ObsidianTask: Sendable, Hashable {
  /// The plugin's priorities, highest first; `none` (no signifier) sorts between
  /// medium and low.
  public enum Priority: Int, Sendable, Hashable, CaseIterable, Comparable {
    case highest, high, medium, none, low, lowest

    /// The signifier the plugin writes.
    public var signifier: String? {
      switch self {
      case .highest: "🔺"
      case .high: "⏫"
      case .medium: "🔼"
      case .none: nil
      case .low: "🔽"
      case .lowest: "⏬"
      }
    }

    /// The plugin's name for it ("normal" for none).
    public var name: String {
      ["highest", "high", "medium", "normal", "low", "lowest"][rawValue]
    }

    /// Higher first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How the fields are written: the plugin's emoji signifiers (`📅 2026-12-05`, its
  /// default) or Dataview's inline fields (`[due:: 2026-12-05]`), as the vault's plugin
  /// is set (`taskFormat`).
  public enum Format: Sendable, Hashable {
    case emoji, dataview
  }

  /// What completing the task does to its line (`🏁`).
  public enum OnCompletion: String, Sendable, Hashable {
    case keep, delete
  }

  /// Before the list marker: blanks, tabs and `>` of block quotes and callouts.
  public var indentation: String
  /// `-`, `*`, `+`, or a number and `.` or `)`.
  public var listMarker: String
  /// The one character in the box.
  public var statusSymbol: Unicode.Scalar
  /// The text before the fields, with the tags found among them after it.
  public var description: String
  /// The priority; `none` without a signifier.
  public var priority: Priority = .none
  /// `🛫`. Dates are kept as written, `YYYY-MM-DD` (the plugin's pattern; a day that
  /// does not exist is kept as written).
  public var startDate: String?
  /// `➕`, the day it was made.
  public var createdDate: String?
  /// `⏳` (also `⌛`), the day to work on it.
  public var scheduledDate: String?
  /// `📅` (also `📆`, `🗓`), the day it is due.
  public var dueDate: String?
  /// `✅`, the day it was done.
  public var doneDate: String?
  /// `❌`, the day it was cancelled.
  public var cancelledDate: String?
  /// The recurrence rule as written after `🔁` (`every week when done`).
  public var recurrence: String?
  /// `🏁 keep` or `🏁 delete`.
  public var onCompletion: OnCompletion?
  /// The task's `🆔`, empty when it has none.
  public var id: String = ""
  /// The IDs after `⛔`.
  public var dependsOn: [String] = []
  /// A block reference at the end, with the blank before it (` ^abc`).
  public var blockLink: String = ""
  /// Two or more blanks at the end (a Markdown hard break), kept as they are.
  public var hardBreak: String = ""
  /// The text after the box as read, without its block link: what the plugin looks
  /// for the global filter in.
  public var body: String = ""
  /// The format the fields are read and written in.
  public var format = Format.emoji

  /// A task with a description and no fields.
  public init(
    indentation: String = "", listMarker: String = "-", statusSymbol: Unicode.Scalar = " ",
    description: String
  ) {
    self.indentation = indentation
    self.listMarker = listMarker
    self.statusSymbol = statusSymbol
    self.description = description
  }

  /// Reads a line (without its line break), or `nil` when it is not a task line: an
  /// indentation of blanks, tabs and `>`, a list marker, one or more spaces, a box
  /// holding one character, then the text.
  public init?(line: String, format: Format = .emoji) {
    self.format = format
    let scalars = Array(line.unicodeScalars)
    var index = 0
    while index < scalars.count, Self.isIndentation(scalars[index]) { index += 1 }
    let indentEnd = index
    if index < scalars.count,
      scalars[index] == "-" || scalars[index] == "*" || scalars[index] == "+"
    {
      index += 1
    } else {
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      guard index > indentEnd, index < scalars.count, scalars[index] == "." || scalars[index] == ")"
      else { return nil }
      index += 1
    }
    let markerEnd = index
    while index < scalars.count, scalars[index] == " " { index += 1 }
    guard index > markerEnd, index + 2 < scalars.count, scalars[index] == "[",
      scalars[index + 2] == "]", scalars[index + 1] != "\n", scalars[index + 1] != "\r"
    else { return nil }
    indentation = Self.string(scalars[..<indentEnd])
    listMarker = Self.string(scalars[indentEnd..<markerEnd])
    statusSymbol = scalars[index + 1]
    var rest = Array(scalars[(index + 3)...])
    var trailing = 0
    while trailing < rest.count, rest[rest.count - 1 - trailing] == " " { trailing += 1 }
    if trailing >= 2 { hardBreak = String(repeating: " ", count: trailing) }
    rest = Self.trimmed(rest[...])
    description = ""
    parseFields(rest)
  }

  /// The line as the plugin writes it: the indentation, the marker, the box, one
  /// space, the description and each field as a blank, its signifier, a blank and
  /// its value, in the plugin's order; then the block link and the hard break.
  public var line: String {
    indentation + listMarker + " [" + String(Character(statusSymbol)) + "] " + text + hardBreak
  }

  /// The text after the box as the plugin writes it (`Task.toString()`).
  ///
  /// In the Dataview format each field is two blanks and `[key:: value]`
  /// (`DataviewTaskSerializer.componentToString`).
  public var text: String {
    var result = description
    let isDataview = format == .dataview
    func field(_ signifier: String, _ key: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      result += isDataview ? "  [" + key + ":: " + value + "]" : " " + signifier + " " + value
    }
    field("🆔", "id", id)
    field("⛔", "dependsOn", dependsOn.joined(separator: ","))
    if isDataview, priority != .none {
      result += "  [priority:: " + priority.name + "]"
    } else if !isDataview, let signifier = priority.signifier {
      result += " " + signifier
    }
    field("🔁", "repeat", recurrence.map { ObsidianRecurrence($0)?.text ?? $0 })
    field("🏁", "onCompletion", onCompletion?.rawValue)
    field("➕", "created", createdDate)
    field("🛫", "start", startDate)
    field("⏳", "scheduled", scheduledDate)
    field("📅", "due", dueDate)
    field("❌", "cancelled", cancelledDate)
    field("✅", "completion", doneDate)
    return result + blockLink
  }

  static func isIndentation(_ scalar: Unicode.Scalar) -> Bool {
    scalar == ">" || scalar.properties.isWhitespace && scalar != "\n" && scalar != "\r"
  }

  /// The text of scalars (built from their UTF-8 at once: a string made from a view of
  /// scalars goes a scalar at a time through generic code).
  static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(scalars.count + scalars.count / 2)
    for scalar in scalars {
      if scalar.isASCII {
        utf8.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        Unicode.UTF8.encode(scalar) { utf8.append($0) }
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  static func string(_ scalars: [Unicode.Scalar]) -> String { string(scalars[...]) }

  /// JavaScript's `trim()`: white space and line terminators at both ends.
  static func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
    var slice = scalars
    while let first = slice.first, isTrimmed(first) { slice.removeFirst() }
    while let last = slice.last, isTrimmed(last) { slice.removeLast() }
    return Array(slice)
  }

  static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    // Most text is ASCII: its white space is known without Unicode's tables.
    if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
    return scalar.properties.isWhitespace || scalar == "\u{FEFF}"
  }
}
