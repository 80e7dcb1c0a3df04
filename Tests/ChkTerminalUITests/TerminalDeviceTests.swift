import CSupport
import ChecklistKit
import Foundation
import Testing

@testable import ChkTerminalUI

/// The terminal's size as the UI reads it from a real pseudo-terminal.
@Suite("Terminal device")
struct TerminalDeviceTests {
  /// A terminal that says it is 65535×65535 (four billion cells: a broken or hostile
  /// one) is drawn in 1,000×1,000 cells at most; an ordinary one at its size.
  @Test(arguments: [(65_535, 65_535, 1_000, 1_000), (120, 40, 120, 40), (65_535, 24, 1_000, 24)])
  func theSizeIsBounded(_ columns: Int, _ rows: Int, _ width: Int, _ height: Int) throws {
    var name = [CChar](repeating: 0, count: 256)
    let controller = chk_open_pseudo_terminal(&name, name.count)
    try #require(controller >= 0)
    defer { close(controller) }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    defer { close(terminal) }
    var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    try #require(ioctl(controller, UInt(TIOCSWINSZ), &window) == 0)
    let device = try TerminalDevice(input: terminal, output: terminal)
    #expect(device.size.columns == width && device.size.rows == height)
  }

  /// What is typed is read; the end of input (Ctrl-D at a line's start, as the
  /// terminal driver gives it) is `nil`, not an empty read that would wait on.
  @Test func theEndOfInputIsNotAnEmptyRead() throws {
    var name = [CChar](repeating: 0, count: 256)
    let controller = chk_open_pseudo_terminal(&name, name.count)
    try #require(controller >= 0)
    defer { close(controller) }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    defer { close(terminal) }
    let device = try TerminalDevice(input: terminal, output: terminal)
    #expect(write(controller, "ab\n", 3) == 3)
    #expect(device.read(timeout: 1_000) == Array("ab\n".utf8))
    #expect(write(controller, "\u{04}", 1) == 1)
    #expect(device.read(timeout: 1_000) == nil)
  }
}
