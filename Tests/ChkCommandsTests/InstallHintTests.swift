import ChkTestSupport
import Testing

@testable import ChkCommands

/// What `chk install` tells a user to add to their shell, from the README's account of
/// it: PATH when the prefix's bin is not on it; zsh's fpath and MANPATH when the
/// prefix is not one shells and man look in already (`/usr/local`, `/usr`).
@Suite("CLI: install's hints")
struct InstallHintTests {
  func hints(_ prefix: String, path: String) -> [String] {
    Installation.hints(prefix: prefix, variables: ["PATH": path])
  }

  @Test func theHintsFitThePrefix() {
    for prefix in ["/usr/local", "/usr"] {
      #expect(hints(prefix, path: "/usr/local/bin:/usr/bin:/bin").isEmpty, "\(prefix)")
    }
    let custom = hints("/opt/chk", path: "/opt/chk/bin:/usr/bin")
    #expect(custom.count == 2)
    #expect(custom.first?.contains("fpath=(/opt/chk/share/zsh/site-functions $fpath)") == true)
    #expect(custom.last?.contains("MANPATH=\"/opt/chk/share/man:\"") == true)
    let offPath = hints("/home/ann/.local", path: "/usr/bin")
    #expect(
      offPath.first
        == "note: /home/ann/.local/bin is not on PATH; add: export PATH=\"/home/ann/.local/bin:$PATH\""
    )
    #expect(offPath.count == 3)
  }
}
