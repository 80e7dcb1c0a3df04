import ChecklistKit
import ChkWorkspace

/// One key binding of `chk tui`: its keys, the screens it works on, what it does, what
/// the help screen says of it, and whether it changes a file.
///
/// `Session.bindings` is the one table that dispatch, the help screen, the read-only
/// gate and the check of chk(1) all read, as lazygit's `Binding` and bubbles' `key`
/// do: a key cannot work without being listed, or be listed without working.
package struct Binding: Sendable {
  /// What a binding does; `Session.perform` carries it out.
  enum Action: Sendable, Hashable {
    case move, quit, help, back, lists, due, undo, suspend, redraw, mouse
    case nextList, toggle, add, rename, note, setDue, delete, moveAmongSiblings, indent, pick
    case setRecurrence, setReminder, archive, openItem, editField
    case filter, hideChecked, sort, count
    case openList, addList, renameList, setIcon, removeList
    case checkDue, showDue
  }

  /// The keys as the help screen and chk(1) write them: `j k, Down Up`.
  package let label: String
  /// What the help screen says of it. A key of a screen that another key opens (the
  /// lists screen's, under `L`) is a phrase of that key's line: "a adds".
  package let help: String
  /// The label of the line whose help lists this binding, for the keys of the lists,
  /// due and help screens; `nil` for a line of its own.
  package let listedUnder: String?
  let keys: [Key]
  let screens: Set<Session.Screen>
  /// Whether it changes a file: on a read-only file it is refused at once, before any
  /// prompt opens.
  let changesFile: Bool
  let action: Action

  init(
    _ label: String, _ help: String, _ keys: [Key], on screens: Set<Session.Screen>,
    _ action: Action, changesFile: Bool = false, under listedUnder: String? = nil
  ) {
    self.label = label
    self.help = help
    self.keys = keys
    self.screens = screens
    self.action = action
    self.changesFile = changesFile
    self.listedUnder = listedUnder
  }
}

extension Session {
  private static let every: Set<Screen> = [.items, .lists, .due, .help, .item]

  private static func characters(_ text: String) -> [Key] { text.map { Key.character($0) } }

  /// Every key, in the order the help screen and chk(1) list them. Control-C and
  /// Control-Z also work at a prompt (`handle`).
  package static let bindings: [Binding] = [
    Binding("j k, Down Up", "move down and up", characters("jk") + [.down, .up], on: every, .move),
    Binding(
      "g G, Home End", "the first and the last row", characters("gG") + [.home, .end], on: every,
      .move),
    Binding(
      "1-9", "a count before j, k or G: 5j moves five rows, 50G goes to row 50",
      characters("123456789"), on: [.items, .lists, .due, .item], .count),
    Binding(
      "Ctrl-d Ctrl-u", "half a page down and up", [.control("d"), .control("u")], on: every, .move),
    Binding(
      "PgDn PgUp, Ctrl-f Ctrl-b", "a page down and up",
      [.pageDown, .pageUp, .control("f"), .control("b")], on: every, .move),
    Binding(
      "Tab Shift-Tab", "the next and the previous list", [.tab, .backTab], on: [.items], .nextList),
    Binding(
      "Enter", "the whole item: name, note, due, repeat, reminder, sub-items, the text under it",
      [.enter], on: [.items], .openItem),
    Binding(
      "Enter", "edits the field (a sub-item: shows it)", [.enter], on: [.item], .editField,
      under: "Enter"),
    Binding(
      "Space x", "check or uncheck the item (as chk toggle)", characters(" x"),
      on: [.items, .item],
      .toggle, changesFile: true),
    Binding(
      "a o", "add an item below, at the same level", characters("ao"), on: [.items], .add,
      changesFile: true),
    Binding("O", "add an item above", characters("O"), on: [.items], .add, changesFile: true),
    Binding(
      "e", "edit the name (of a list, on its heading)", characters("e"), on: [.items, .item],
      .rename,
      changesFile: true),
    Binding("n", "edit the note", characters("n"), on: [.items, .item], .note, changesFile: true),
    Binding(
      "D", "set the due day (fri, next week, dec 24, +3d) and time (fri 17:00, 17:00)",
      characters("D"), on: [.items, .item], .setDue, changesFile: true),
    Binding(
      "R", "set how the item repeats (week, 2 weeks, weekday, month from done); empty removes",
      characters("R"), on: [.items, .item], .setRecurrence, changesFile: true),
    Binding(
      "!", "set when to be reminded (09:00, 30 minutes before, 1 day before); empty removes",
      characters("!"), on: [.items, .item], .setReminder, changesFile: true),
    Binding(
      "dd", "delete the item with its sub-items", characters("d"), on: [.items], .delete,
      changesFile: true),
    Binding(
      "J K", "move the item down and up among its siblings", characters("JK"), on: [.items],
      .moveAmongSiblings, changesFile: true),
    Binding(
      "> <", "indent and outdent the item", characters("><"), on: [.items], .indent,
      changesFile: true),
    Binding(
      "m", "move the item to another list, of any file open", characters("m"), on: [.items], .pick,
      changesFile: true),
    Binding(
      "u Ctrl-r", "undo and redo (the undo chk undo uses)", [.character("u"), .control("r")],
      on: [.items, .lists, .due, .item], .undo),
    Binding(
      "/", "filter by name, note or ID as you type; Esc clears", characters("/"), on: [.items],
      .filter),
    Binding("c", "hide or show checked items", characters("c"), on: [.items], .hideChecked),
    Binding(
      "s", "show the items by file order, due day or name (the file keeps its order)",
      characters("s"), on: [.items], .sort),
    Binding(
      "A", "archive the checked items (as chk archive)", characters("A"), on: [.items], .archive,
      changesFile: true),
    Binding("L", "the lists", characters("L"), on: every, .lists),
    Binding("Enter", "opens", [.enter], on: [.lists], .openList, under: "L"),
    Binding("a", "adds", characters("a"), on: [.lists], .addList, changesFile: true, under: "L"),
    Binding(
      "e", "renames", characters("e"), on: [.lists], .renameList, changesFile: true, under: "L"),
    Binding("i", "icon", characters("i"), on: [.lists], .setIcon, changesFile: true, under: "L"),
    Binding(
      "dd", "removes", characters("d"), on: [.lists], .removeList, changesFile: true, under: "L"),
    Binding("T", "what is due in every file", characters("T"), on: every, .due),
    Binding(
      "Space x", "checks", characters(" x"), on: [.due], .checkDue, changesFile: true, under: "T"),
    Binding("Enter", "shows it", [.enter], on: [.due], .showDue, under: "T"),
    Binding("?", "this help", characters("?"), on: every, .help),
    Binding("Enter", "goes back", [.enter], on: [.help], .back, under: "?"),
    Binding("Esc", "back; clears the filter", [.escape], on: every, .back),
    Binding(
      "q Ctrl-c", "quit, from every screen", [.character("q"), .control("c")], on: every, .quit),
    Binding("Ctrl-z", "suspend (fg resumes)", [.control("z")], on: every, .suspend),
    Binding("Ctrl-l", "draw the whole screen again", [.control("l")], on: every, .redraw),
    // Mouse events are not keys: `handleMouse` takes them, on every screen.
    Binding(
      "mouse", "click a box to check it, a row to go there; the wheel scrolls", [], on: every,
      .mouse),
  ]

  /// The help screen's lines: each binding that has a line of its own, with the
  /// bindings listed under it after a colon ("the lists: Enter opens, a adds, ...").
  package static let helpLines: [(keys: String, what: String)] = bindings.compactMap { binding in
    guard binding.listedUnder == nil else { return nil }
    let under = bindings.filter { $0.listedUnder == binding.label }
    let phrases = under.map { $0.label + " " + $0.help }.joined(separator: ", ")
    return (binding.label, binding.help + (phrases.isEmpty ? "" : ": " + phrases))
  }

  /// The binding of `key` on `screen`, or `nil` (the key does nothing there).
  static func binding(for key: Key, on screen: Screen) -> Binding? {
    bindings.first { $0.screens.contains(screen) && $0.keys.contains(key) }
  }
}
