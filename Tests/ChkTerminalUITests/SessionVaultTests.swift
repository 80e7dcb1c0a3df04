import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// A file of an Obsidian vault on the screen: its tasks shown as the plugin reads
/// them; Space toggles as the plugin does (and as `chk toggle` does there), `u` takes
/// it back; every other key edits chk's view, written back as the plugin writes tasks.
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
    // Other keys edit the view; the edit is written back as the plugin writes tasks.
    ui.go(to: "Half done")
    ui.press("d", "d")
    #expect(try ui.file() == "# Home\n\n- [ ] Pay rent 🔁 every month ⏫ 📅 2024-06-05\n")
    #expect(ui.status.contains("removed \"Half done\""), "\(ui.status)")
    ui.press("u")
    #expect(try ui.file() == Self.text)
  }

  /// `a` adds a task, `e` renames one, `D` sets its due day: in the plugin's fields;
  /// what the plugin's format cannot say (a note) is refused with the reason.
  @Test func otherKeysWriteThePluginsFields() throws {
    let ui = try SessionHarness(Self.text, inVault: true)
    ui.go(to: "Half done")
    ui.press("e")
    ui.press("C-u")
    ui.type("Mostly done")
    ui.press("D")
    ui.press("C-u")
    ui.type("2024-06-09")
    ui.press("a")
    ui.type("Call mum")
    ui.press("Esc")
    #expect(
      try ui.file()
        == "# Home\n\n- [ ] Pay rent 🔁 every month ⏫ 📅 2024-06-05\n"
        + "- [/] Mostly done 📅 2024-06-09\n- [ ] Call mum\n")
    #expect(ui.screen.contains { $0.contains("Call mum") })
    ui.go(to: "Call mum")
    ui.press("n")
    ui.type("a note")
    #expect(ui.status.contains("has no notes"), "\(ui.status)")
    #expect(try ui.file().hasSuffix("- [ ] Call mum\n"))
  }
}
