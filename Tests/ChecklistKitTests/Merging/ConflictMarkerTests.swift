import Testing

@testable import ChecklistKit

/// Reading the markers git writes back into the versions (what `chk resolve` merges).
@Suite("Conflict markers")
struct ConflictMarkerTests {
  @Test func markersSplitIntoTheVersions() throws {
    let text = "a\n<<<<<<< ours\nb\n||||||| base\nc\n=======\nd\n>>>>>>> theirs\ne\n"
    let split = try ConflictMarkers.split(Array(text.utf8))
    #expect(split.ours == Array("a\nb\ne\n".utf8))
    #expect(split.base == Array("a\nc\ne\n".utf8))
    #expect(split.theirs == Array("a\nd\ne\n".utf8))
    #expect(split.regions == 1)
    #expect(split.everyRegionHasBase)
  }

  /// A closing marker with no label and no line ending, at the very end of the file.
  @Test func aBareMarkerAtTheEndOfTheFile() throws {
    let text = "<<<<<<<\nb\n=======\nd\n>>>>>>>"
    let split = try ConflictMarkers.split(Array(text.utf8))
    #expect(split.ours == Array("b\n".utf8))
    #expect(split.theirs == Array("d\n".utf8))
    #expect(!split.everyRegionHasBase)
  }

  @Test func anUnclosedRegionNamesItsLine() {
    #expect(throws: ConflictMarkers.Malformed.self) {
      _ = try ConflictMarkers.split(Array("x\n<<<<<<< ours\nb\n=======\n".utf8))
    }
  }
}
