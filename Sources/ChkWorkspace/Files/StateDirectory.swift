import ChecklistKit

/// Where chk keeps what it must remember between runs (undo records, what `remind`
/// delivered, the language server's log): `$XDG_STATE_HOME/chk`, else
/// `$HOME/.local/state/chk`. Only an absolute path counts: a relative one would put
/// chk's state inside whatever directory it runs in, a repository among them.
package enum StateDirectory {
  /// The directory for this environment, or `nil` when neither variable holds an
  /// absolute path.
  package static func path(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/chk"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.local/state/chk"
    }
    return nil
  }

  /// What a message says is missing when `path` is `nil`.
  package static let missing = "neither XDG_STATE_HOME nor HOME is set to an absolute path"
}
