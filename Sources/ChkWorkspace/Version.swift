import CSupport

/// The version every front end reports (`chk --version`, the language server's
/// `serverInfo`, SARIF's `tool.driver.version`).
public enum ChkVersion {
  /// The version of this build.
  public static let current = "0.1.0"

  /// The commit this build was made from, when the build said (release builds do:
  /// `Tests/Scripts/release.sh`); `nil` for a build from source that did not.
  public static let commit: String? = {
    let text = String(cString: chk_build_commit())
    return text.isEmpty ? nil : text
  }()

  /// What `chk --version` prints: `chk 0.1.0 (commit 1a2b3c4)`, or `chk 0.1.0 (built
  /// from source)` when the commit was not recorded.
  public static var description: String {
    "chk \(current) (" + (commit.map { "commit " + $0 } ?? "built from source") + ")"
  }
}
