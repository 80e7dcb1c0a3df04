/// A key the user pressed, or a mouse event, as the terminal reports it.
package enum Key: Sendable, Hashable {
  /// A printable character (a letter, digit, punctuation, space, any script).
  case character(Character)
  /// Ctrl and a letter (`Ctrl-d` is `.control("d")`).
  case control(Character)
  case enter, escape, backspace, tab, backTab
  case up, down, left, right, home, end, pageUp, pageDown, delete
  /// A mouse event (xterm SGR reporting), 0-based cell.
  case mouse(Mouse)

  /// A mouse button or wheel event.
  package struct Mouse: Sendable, Hashable {
    package enum Action: Sendable, Hashable {
      case press, wheelUp, wheelDown
    }

    package var action: Action
    package var column: Int
    package var row: Int

    package init(action: Action, column: Int, row: Int) {
      self.action = action
      self.column = column
      self.row = row
    }
  }
}
