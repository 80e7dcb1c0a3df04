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
  /// Text the terminal says was pasted (bracketed paste, `CSI 200~` … `CSI 201~`):
  /// text, never keys, whatever it holds.
  case paste(String)

  /// A mouse button or wheel event.
  package struct Mouse: Sendable, Hashable {
    package enum Action: Sendable, Hashable {
      case press, wheelUp, wheelDown
    }

    package var action: Action
    package var column: Int
    package var row: Int
    /// When it came, in seconds on a monotonic clock (the loop stamps it): two presses
    /// on one row within `doubleClick` are a double click.
    package var time: Double

    package static let doubleClick = 0.4

    package init(action: Action, column: Int, row: Int, time: Double = 0) {
      self.action = action
      self.column = column
      self.row = row
      self.time = time
    }
  }
}
