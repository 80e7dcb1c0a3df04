import ChkTestSupport
import Testing

@testable import ChecklistKit

/// The check that a formatted section means what the original did, on sections made
/// by hand: what it appends before reading the text back, and which items it blames
/// for a difference (the formatter leaves those unformatted). Generated mutants found
/// both unexercised: the formatter's own output never lacks a final line break, and
/// rarely moves a line from one item to another.
@Suite("Formatting: section comparison")
struct SectionComparisonTests {
  func compare(_ original: String, _ formatted: String, nextHeading: String? = nil) throws
    -> SectionComparison.Verdict
  {
    let document = try ChecklistDocument(parsing: Array(original.utf8))
    return SectionComparison.compare(
      document, 0..<document.lines.count, with: Array(formatted.utf8),
      nextHeading: nextHeading.map { Array($0.utf8) }, ending: [ASCII.lineFeed],
      headingKeepsIndent: false)
  }

  /// A section without a final line break gets one before the next heading, which then
  /// still reads as a heading.
  @Test func theNextHeadingGoesOnALineOfItsOwn() throws {
    #expect(try compare("- [ ] a\n", "- [ ] a", nextHeading: "## B\n") == .same)
    #expect(try compare("- [ ] a\n", "- [ ] a\n", nextHeading: "## B\n") == .same)
    // A section that leaves an HTML block open swallows the heading: not the same.
    #expect(try compare("- [ ] a\n", "- [ ] a\n<div>\n", nextHeading: "## B\n") != .same)
  }

  /// A line that moved under another item blames the item that now owns it first,
  /// then the line where the difference is, then the item before it.
  @Test func aLineThatChangedOwnerBlamesItsNewOwnerFirst() throws {
    let verdict = try compare("- [ ] a\n- [ ] b\n  more of b\n", "- [ ] a\n  more of b\n- [ ] b\n")
    #expect(verdict == .items([0, 1, 0]))
  }
}
