import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

/// Numbers from outside chk (file times, tag values, options, `.chk.json`) at and past
/// the ends of their range: a message or a clamped value, never a trap.
@Suite("CLI: numbers from outside at their limits")
struct ExternalNumberTests {
  static let file = """
    ## Home

    - [ ] Rent  @due(2024-03-10 09:00)  @every(month)  @id(r1)
    - [x] Gym  @due(2024-03-09)  @done(2024-03-09)  @id(g1)

    """

  /// Files (and their directory) dated 2300 and 1600: every command that looks at
  /// file times works, and an edit is undone.
  @Test(arguments: [10_413_792_000, -11_676_096_000])
  func filesDatedFarAwayWorkWithEveryCommand(seconds: Int) throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.file])
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/b", withIntermediateDirectories: true)
    try cli.write("b/more.md", "- [ ] More  @due(2024-03-10)  @id(m1)\n")
    for name in ["CHECKLIST.md", "b/more.md", "b", "."] {
      setFileTimes(cli.directory.path + "/" + name, seconds: seconds)
    }
    for arguments in [
      ["list"], ["lists"], ["due"], ["lint", "."], ["fmt", "--check", "."], ["list", "--in", "."],
      ["export", "."], ["remind", ".", "--now", "2024-03-10 09:00"],
    ] {
      let result = cli.run(arguments)
      #expect(result.status == .success, "\(arguments): \(result.errors)")
    }
    #expect(cli.run("export", ".").output.contains("DTSTAMP:"))
    #expect(cli.run("check", "r1").status == .success)
    // New times alone change no byte: the undo still applies.
    setFileTimes(cli.directory.path + "/CHECKLIST.md", seconds: seconds)
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md") == Self.file)
    #expect(cli.run("uncheck", "g1").status == .success)
    #expect(cli.run("undo").status == .success)
    #expect(try cli.read("CHECKLIST.md").contains("- [x] Gym"))
  }

  /// DTSTAMP comes from the file's time, written for any time a file has: a year past
  /// 9999 as the last second a DATE-TIME holds.
  @Test func stampsOfEveryTimeAreDateTimes() {
    #expect(ICalendarWriter.utc(secondsSince1970: 10_413_792_000) == "23000101T000000Z")
    #expect(ICalendarWriter.utc(secondsSince1970: -1) == "19691231T235959Z")
    #expect(ICalendarWriter.utc(secondsSince1970: .max) == "99991231T235959Z")
    #expect(ICalendarWriter.utc(secondsSince1970: .min) == "00010101T000000Z")
  }
}
