import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Paths are bytes: any bytes survive the trip through a string and back.
@Suite("System paths")
struct SystemPathTests {
  @Test func anyBytesRoundTrip() {
    var random = TestRandom(seed: 21)
    let interesting: [UInt8] = [0x2F, 0x61, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xF4, 0x8F, 0xBE, 0xFF]
    for _ in 0..<5_000 {
      let bytes = (0..<random.int(0...12)).map { _ in
        random.chance(0.7) ? random.pick(interesting) : UInt8(random.int(1...255))
      }
      let text = SystemPath.string(bytes)
      #expect(SystemPath.bytes(text) == bytes, "\(bytes)")
      SystemPath.with(text) { pointer in
        var length = 0
        while pointer[length] != 0 { length += 1 }
        #expect(length == bytes.count)
      }
    }
  }

  @Test func validNamesAreThemselves() {
    for name in ["list.md", "naïve/日本.md", "", "a b/c"] {
      #expect(SystemPath.string(Array(name.utf8)) == name)
      #expect(SystemPath.display(name) == name)
      #expect(!SystemPath.holdsRawBytes(name))
    }
    // A real character in the reserved range stands for its own bytes, one each.
    let reserved = "x\u{10FFFF}"
    let text = SystemPath.string(Array(reserved.utf8))
    #expect(SystemPath.bytes(text) == Array(reserved.utf8))
    #expect(SystemPath.display(text) == #"x\xF4\x8F\xBF\xBF"#)
  }

  @Test func rawBytesAreShownEscaped() {
    let text = SystemPath.string([0x62, 0x61, 0x64, 0xFF, 0x2E, 0x6D, 0x64])
    #expect(SystemPath.holdsRawBytes(text))
    #expect(SystemPath.display(text) == #"bad\xFF.md"#)
  }
}
