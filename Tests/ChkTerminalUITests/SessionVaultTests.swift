import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// A file of an Obsidian vault on the screen: its tasks shown as the plugin reads
/// them; Space toggles as the plugin does (and as `chk toggle` does there), `u` takes
/// it back; every other key that would change the file says so and changes nothing.
@Suite("TUI: an Obsidian vault's file")
struct SessionVaultTests {
  static let text =
    "# Home\n\n- [ ] Pay rent 🔁 every month ⏫ 📅 2024-06-05\n- [/] Half done 📅 2024-06-08\n"

  @Test func spaceTogglesAsThePluginDoes() throws {
    let ui = try SessionHarness(Self.text, inVault: true)
    #expect(ui.screen.contains { $0.contains("Pay rent") && !$0.contains("📅") })
    ui.go(to: "Pay rent")
    ui.press("Space")
    #expect(
      try ui.file()
        == "# Home\n\n- [ ] Pay rent ⏫ 🔁 every month 📅 2024-07-05\n"
        + "- [x] Pay rent ⏫ 🔁 every month 📅 2024-06-05 ✅ 2024-06-05\n- [/] Half done 📅 2024-06-08\n"
    )
    #expect(ui.status.contains("the next one is due 2024-07-05"))
    ui.press("u")
    #expect(try ui.file() == Self.text)
    // Other keys would write chk's own form: refused.
    ui.go(to: "Half done")
    for key in ["dd", "e", "D", "A"] {
      if key == "dd" { ui.press("d", "d") } else { ui.press(key) }
      if ui.session.prompt != nil { ui.press("Esc") }
      #expect(try ui.file() == Self.text, "\(key)")
    }
    ui.press("d", "d")
    #expect(ui.status.contains("only Space and x change a task here"))
  }
}
