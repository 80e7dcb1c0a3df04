/// The version every front end reports (`chk --version`, the language server's
/// `serverInfo`, SARIF's `tool.driver.version`).
public enum ChkVersion {
  /// The version of this build.
  public static let current = "0.1.0"
}
