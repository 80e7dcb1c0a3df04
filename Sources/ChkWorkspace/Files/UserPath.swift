import ChecklistKit

/// A path as the user typed it, for messages, and as the process opens it: made
/// absolute once, against the command's working directory. `shown` writes bytes that
/// are not UTF-8 as `\xFF`; `absolute` keeps them (see `SystemPath`).
package struct UserPath: Sendable, Hashable, CustomStringConvertible {
  /// As typed (or as found by walking a directory), for messages: bytes that are not
  /// UTF-8 shown as `\xFF`.
  package let shown: String
  /// As typed (or as found by walking a directory), every byte kept: what another
  /// program is handed (`CHK_FILE`).
  package let typed: String
  /// Absolute.
  package let absolute: String

  package init(_ path: String, in directory: String) {
    shown = SystemPath.display(path)
    typed = path
    absolute = path.hasPrefix("/") ? path : directory + "/" + path
  }

  /// A path found by walking, whose absolute form is already known.
  package init(shown: String, absolute: String) {
    self.shown = SystemPath.display(shown)
    typed = shown
    self.absolute = absolute
  }

  /// The path as the user typed it: what messages show.
  package var description: String { shown }
}
