import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit

/// File times past the range of a 64-bit count of nanoseconds (1677 to 2262), as
/// `touch -d` and archives make them.
@Suite("FileTime")
struct FileTimeTests {
  /// A file dated 2300 or 1600 opens, reads, is edited and reports its identity; the
  /// identity keeps the seconds as they are.
  @Test(arguments: [10_413_792_000, -11_676_096_000, Int(Int32.max) * 8])
  func filesDatedFarAwayOpenAndWrite(seconds: Int) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("far.md", "- [ ] A\n")
    setFileTimes(path, seconds: seconds)
    let identity = try #require(ChecklistFile.identity(of: path))
    // As the file system keeps it (ext4 ends in 2446 and starts in 1901; tmpfs keeps all).
    let status = fileStatus(path)
    #expect(
      identity.modified
        == FileTime(
          seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec)))
    #expect(seconds < 0 || identity.modified.seconds > 9_300_000_000)
    #expect(try ChecklistFile.snapshot(path).identity == identity)
    let file = try ChecklistFile(editing: path)
    #expect(file.identity == identity)
    try file.write(Array("- [x] A\n".utf8))
    #expect(try directory.read("far.md") == "- [x] A\n")
  }

  /// The undo record's form reads back to the same time, at the ends of the range and
  /// for times before 1970; the earlier form (a count of nanoseconds) still reads.
  @Test func theRecordFormRoundTrips() {
    let times = [
      FileTime(seconds: 0, nanoseconds: 0), FileTime(seconds: -1, nanoseconds: 999_999_999),
      FileTime(seconds: .max, nanoseconds: 999_999_999), FileTime(seconds: .min, nanoseconds: 0),
      FileTime(seconds: 10_413_792_000, nanoseconds: 1),
    ]
    for time in times {
      #expect(FileTime(Substring(time.description)) == time)
    }
    #expect(FileTime(seconds: -1, nanoseconds: 250_000_000).description == "-1.250000000")
    #expect(
      FileTime("1700000000123456789") == FileTime(seconds: 1_700_000_000, nanoseconds: 123_456_789))
    #expect(FileTime("-1") == FileTime(seconds: -1, nanoseconds: 999_999_999))
    #expect(FileTime(Substring(String(Int64.min))) != nil)
    for bad in ["", "1.5", "1.0000000000", "x.000000000", "1.-00000001", "99999999999999999999"] {
      #expect(FileTime(Substring(bad)) == nil, "\(bad)")
    }
  }

  /// Nanoseconds outside a second carry into the seconds, saturating at the ends.
  @Test func nanosecondsCarry() {
    #expect(
      FileTime(seconds: 1, nanoseconds: 2_500_000_000)
        == FileTime(seconds: 3, nanoseconds: 500_000_000))
    #expect(
      FileTime(seconds: 0, nanoseconds: -1_000_000_000) == FileTime(seconds: -1, nanoseconds: 0))
    #expect(FileTime(seconds: .max, nanoseconds: .max).seconds == .max)
    #expect(FileTime(seconds: .min, nanoseconds: .min).seconds == .min)
    #expect((0..<1_000_000_000).contains(FileTime(seconds: .min, nanoseconds: .min).nanoseconds))
    #expect(FileTime(seconds: 1, nanoseconds: 0) < FileTime(seconds: 1, nanoseconds: 1))
  }
}
