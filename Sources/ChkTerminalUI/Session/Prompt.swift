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
    /// An item's `@every` (empty removes it).
    case recurrence
    /// An item's `@remind` (empty removes it).
    case reminder
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
    /// Pasted lines, one item each, to add where the add prompt would have added one.
    case addItems([String], above: Bool)
    /// Unticking a repeating item: also remove the next one its tick made (its line).
    case removeNext(file: Int, line: Int)
  }

  var purpose: Purpose
  /// What the line says before the text.
  var label: String
  /// Why the text was not taken (a day that is not one): shown above the prompt, which
  /// stays open with the text as typed.
  var error: String?
  /// How many items the add prompt added before it opened again for the next.
  var added = 0
  /// The text, as characters (what the cursor steps over).
  private(set) var characters: [Character]
  /// Where typing goes: before `characters[cursor]` (at the end when it equals the count).
  private(set) var cursor: Int

  var text: String { String(characters) }

  /// Whether it is a yes-or-no question.
  var isQuestion: Bool {
    if case .confirm = purpose { return true }
    return false
  }

  init(_ purpose: Purpose, label: String, text: String = "") {
    self.purpose = purpose
    self.label = label
    characters = Array(text)
    cursor = characters.count
  }

  /// Puts `text` at the cursor, as typed (a paste: line breaks and tabs become spaces).
  mutating func insert(_ text: String) {
    let flat = text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" ? " " : $0 }
    characters.insert(contentsOf: flat, at: cursor)
    cursor += flat.count
  }

  /// What a key does to the text, as in a shell's line editor: typing inserts at the
  /// cursor; Left, Right, Home, End, Ctrl-a and Ctrl-e move it; Backspace and Delete
  /// erase a character, Ctrl-w the word before the cursor, Ctrl-u everything before it,
  /// Ctrl-k everything after it. `true` when the key was taken.
  mutating func edit(with key: Key) -> Bool {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left:
      cursor = max(0, cursor - 1)
    case .right:
      cursor = min(characters.count, cursor + 1)
    case .home, .control("a"):
      cursor = 0
    case .end, .control("e"):
      cursor = characters.count
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor...)
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    return true
  }

  /// The line as a screen `columns` wide shows it: the label (cut to half the width at
  /// most) and the stretch of text around the cursor that fits, with the cursor's
  /// column.
  func shown(columns: Int) -> (label: String, text: String, cursor: Int) {
    // A question is all label: it may take the whole line.
    var isQuestion = false
    if case .confirm = purpose { isQuestion = true }
    let labelShown = DisplayText.truncated(
      DisplayText.safe(label), to: max(0, isQuestion ? columns - 1 : columns / 2))
    let room = max(1, columns - 1 - labelShown.width)
    let widths = characters.map { DisplayText.width(DisplayText.safe(String($0))) }
    // The first character shown: as far left as keeps the cursor on screen.
    var first = 0
    var before = widths[..<cursor].reduce(0, +)
    while before > room, first < cursor {
      before -= widths[first]
      first += 1
    }
    var end = first
    var used = 0
    while end < characters.count, used + widths[end] <= room {
      used += widths[end]
      end += 1
    }
    let text = DisplayText.safe(String(characters[first..<end]))
    return (labelShown.text, text, labelShown.width + before)
  }
}

/// The list picker of `m`: every list of every open file, one chosen with j/k and Enter.
struct Picker {
  /// The file of the item being moved.
  var file: Int
  /// The lists: their files, outline indices, and names as shown (with the file's
  /// name when several files are open).
  var lists: [(file: Int, index: Int, name: String)]
  var cursor: Int
  /// The item being moved (its 1-based line).
  var line: Int
}

/// One row of the due screen: a section's title, or an item due, in its own file.
struct DueRow {
  var section: DueSection
  /// `nil` for the section's title row.
  var entry: (file: Int, line: Int, due: DueMoment, name: String)?
}
