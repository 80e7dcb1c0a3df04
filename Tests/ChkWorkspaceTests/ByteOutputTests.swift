import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkWorkspace

@Suite("Buffered output")
struct ByteOutputTests {
  /// Small pieces go through the buffer and large ones straight to the descriptor, and
  /// the file receives every byte in the order written.
  @Test func keepsTheOrderOfSmallAndLargePieces() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    let output = ByteOutput(descriptor: descriptor)
    let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 127) }
    var expected: [UInt8] = []
    for piece in [Array("head\n".utf8), large, Array("middle".utf8), large, Array("tail".utf8)] {
      piece.withUnsafeBufferPointer { output.write($0) }
      expected += piece
    }
    output.line("!")
    expected += Array("!\n".utf8)
    output.flush()
    close(descriptor)
    #expect(Array(try directory.read("out").utf8) == expected)
  }
}
