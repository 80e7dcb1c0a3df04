import ChecklistKit
import ChkWorkspace

/// A line of text being typed on the status line: the name of a new item, a note, a
/// due day, a filter. Enter takes it, Esc cancels it.
struct Prompt {
  /// What the text is for.
  enum Purpose: Equatable {
    /// A new item's name, below (or above) the cursor's item, or at the top of the list.
    case addItem(above: Bool)
    case rename
    case note
    case due
    /// The filter, applied as it is typed.
    case filter
    case addList
    case renameList
    case listIcon
    /// A yes-or-no question, answered by one key.
    case confirm(Confirmation)
  }

  /// What a yes answer does.
  enum Confirmation: Equatable {
    case removeList(file: Int, line: Int)
  }

  var purpose: Purpose
  /// What the line says before the text.
  var label: String
  var text: String

  init(_ purpose: Purpose, label: String, text: String = "") {
    self.purpose = purpose
    self.label = label
    self.text = text
  }

  /// What a key does to the text: `true` when it was taken (typed or erased).
  mutating func edit(with key: Key) -> Bool {
    switch key {
    case .character(let character):
      text.append(character)
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .control("u"):
      text = ""
    case .control("w"):
      while text.last == " " { text.removeLast() }
      while let last = text.last, last != " " { text.removeLast() }
    default:
      return false
    }
    return true
  }
}

/// The list picker of `m`: every list of the item's file, one chosen with j/k and Enter.
struct Picker {
  var file: Int
  /// The outline indices of the lists, and their names as shown.
  var lists: [(index: Int, name: String)]
  var cursor: Int
  /// The item being moved (its 1-based line).
  var line: Int
}

/// One row of the due screen: a section's title, or an item due, in its own file.
struct DueRow {
  var section: DueSection
  /// `nil` for the section's title row.
  var entry: (file: Int, line: Int, due: CalendarDay, name: String)?
}
