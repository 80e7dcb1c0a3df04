import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Merges three texts; the result as text.
private func merged(_ base: String, _ ours: String, _ theirs: String, markerSize: Int = 7)
  -> (text: String, conflicts: Int)
{
  let result = ChecklistMerge.merge(
    base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8),
    markerSize: markerSize)
  return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
}

@Suite("Merge by item")
struct MergeTests {
  static let base = """
    ## Groceries  @icon(cart)  @id(l1)

    - [ ] Milk  @id(a1)
    - [ ] Eggs  @id(a2)
    - [ ] Bread  @id(a3)
    - [ ] Butter  @id(a4)

    Some prose about shopping.

    ## Chores  @id(l2)

    - [ ] Dishes  @id(b1)

    """

  private func edited(_ replacements: [(String, String)]) -> String {
    var text = Self.base
    for (old, new) in replacements {
      text = text.replacingFirst(old, with: new)
    }
    return text
  }

  @Test func checkOffsOfAdjacentItemsBothApply() {
    let ours = edited([("- [ ] Eggs  @id(a2)", "- [x] Eggs  @done(2024-05-01)  @id(a2)")])
    let theirs = edited([("- [ ] Bread  @id(a3)", "- [x] Bread  @done(2024-05-02)  @id(a3)")])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 0)
    #expect(
      result.text
        == edited([
          ("- [ ] Eggs  @id(a2)", "- [x] Eggs  @done(2024-05-01)  @id(a2)"),
          ("- [ ] Bread  @id(a3)", "- [x] Bread  @done(2024-05-02)  @id(a3)"),
        ]))
  }

  @Test func additionsOnBothSidesAtTheSameSpotAreBothKeptOursFirst() {
    let ours = edited([("- [ ] Butter  @id(a4)\n", "- [ ] Butter  @id(a4)\n- [ ] Jam  @id(c1)\n")])
    let theirs = edited([("- [ ] Butter  @id(a4)\n", "- [ ] Butter  @id(a4)\n- [ ] Tea  @id(c2)\n")]
    )
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 0)
    #expect(
      result.text
        == edited([
          (
            "- [ ] Butter  @id(a4)\n",
            "- [ ] Butter  @id(a4)\n- [ ] Jam  @id(c1)\n- [ ] Tea  @id(c2)\n"
          )
        ]))
    let swapped = merged(Self.base, theirs, ours)
    #expect(swapped.conflicts == 0)
    #expect(swapped.text.contains("- [ ] Tea  @id(c2)\n- [ ] Jam  @id(c1)\n"))
  }

  @Test func renameAndCheckOfTheSameItemBothApply() {
    let ours = edited([("- [ ] Milk  @id(a1)", "- [ ] Oat milk  @id(a1)")])
    let theirs = edited([("- [ ] Milk  @id(a1)", "- [x] Milk  @done(2024-05-01)  @id(a1)")])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 0)
    #expect(
      result.text == edited([("- [ ] Milk  @id(a1)", "- [x] Oat milk  @done(2024-05-01)  @id(a1)")])
    )
  }

  @Test func aReorderOnOneSideKeepsTheOtherSidesEdit() {
    let ours = edited([
      ("- [ ] Milk  @id(a1)\n- [ ] Eggs  @id(a2)\n", "- [ ] Eggs  @id(a2)\n- [ ] Milk  @id(a1)\n")
    ])
    let theirs = edited([("- [ ] Milk  @id(a1)", "- [ ] Milk  @id(a1)  # semi-skimmed")])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 0)
    #expect(
      result.text
        == edited([
          (
            "- [ ] Milk  @id(a1)\n- [ ] Eggs  @id(a2)\n",
            "- [ ] Eggs  @id(a2)\n- [ ] Milk  @id(a1)  # semi-skimmed\n"
          )
        ]))
  }

  @Test func aDeletionAgainstNoChangeDeletes() {
    let ours = edited([("- [ ] Bread  @id(a3)\n", "")])
    let theirs = edited([("- [ ] Dishes  @id(b1)", "- [x] Dishes  @id(b1)")])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 0)
    #expect(
      result.text
        == edited([
          ("- [ ] Bread  @id(a3)\n", ""), ("- [ ] Dishes  @id(b1)", "- [x] Dishes  @id(b1)"),
        ]))
  }

  /// One side deletes an item; the other moves it and checks it (with or without a
  /// `@done`, as by hand), gives it a note or renames it: a conflict, never a silent
  /// deletion of the other side's work.
  /// Written for the mutation `merge-move-ignores-check`, which no test caught.
  @Test(arguments: [
    "- [x] Bread  @done(2024-01-02)  @id(a3)", "- [x] Bread  @id(a3)",
    "- [ ] Bread  @id(a3)  # rye",
    "- [ ] Rye  @id(a3)",
  ])
  func aDeletionAgainstAMoveWithAChangeIsAConflict(_ changed: String) {
    let ours = edited([("- [ ] Bread  @id(a3)\n", "")])
    // Moved to the top of the list, and changed.
    let theirs = edited([
      ("- [ ] Bread  @id(a3)\n", ""), ("- [ ] Milk  @id(a1)", changed + "\n- [ ] Milk  @id(a1)"),
    ])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 1, "\(changed)")
    #expect(result.text.contains(changed), "\(changed)")
    // A pure move against the deletion deletes.
    let moved = edited([
      ("- [ ] Bread  @id(a3)\n", ""),
      ("- [ ] Milk  @id(a1)", "- [ ] Bread  @id(a3)\n- [ ] Milk  @id(a1)"),
    ])
    #expect(merged(Self.base, ours, moved) == (ours, 0))
  }

  @Test func aDeletionAgainstAnEditIsAConflict() {
    let ours = edited([("- [ ] Bread  @id(a3)\n", "")])
    let theirs = edited([("- [ ] Bread  @id(a3)", "- [ ] Rye bread  @id(a3)")])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 1)
    #expect(
      result.text
        == edited([
          (
            "- [ ] Bread  @id(a3)\n",
            "<<<<<<< ours\n=======\n- [ ] Rye bread  @id(a3)\n>>>>>>> theirs\n"
          )
        ]))
    // The other way round, the conflict is the same with the sides swapped.
    let swapped = merged(Self.base, theirs, ours)
    #expect(swapped.conflicts == 1)
    #expect(
      swapped.text.contains("<<<<<<< ours\n- [ ] Rye bread  @id(a3)\n=======\n>>>>>>> theirs\n"))
  }

  @Test func differentDoneDatesAreAConflictOnThatLineOnly() {
    let ours = edited([("- [ ] Eggs  @id(a2)", "- [x] Eggs  @done(2024-05-01)  @id(a2)")])
    let theirs = edited([
      ("- [ ] Eggs  @id(a2)", "- [x] Eggs  @done(2024-05-02)  @id(a2)"),
      ("- [ ] Milk  @id(a1)", "- [x] Milk  @id(a1)"),
    ])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 1)
    #expect(
      result.text
        == edited([
          ("- [ ] Milk  @id(a1)", "- [x] Milk  @id(a1)"),
          (
            "- [ ] Eggs  @id(a2)\n",
            "<<<<<<< ours\n- [x] Eggs  @done(2024-05-01)  @id(a2)\n=======\n"
              + "- [x] Eggs  @done(2024-05-02)  @id(a2)\n>>>>>>> theirs\n"
          ),
        ]))
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() {
    let both = edited([("- [ ] Eggs  @id(a2)", "- [x] Eggs  @done(2024-05-01)  @id(a2)")])
    #expect(merged(Self.base, both, both) == (both, 0))
  }

  @Test func proseMergesLineByLineAndConflictsWhenBothChangeIt() {
    let ours = edited([("Some prose about shopping.", "Some prose about shopping, edited.")])
    let theirs = edited([("- [ ] Dishes  @id(b1)", "- [x] Dishes  @id(b1)")])
    #expect(
      merged(Self.base, ours, theirs)
        == (
          edited([
            ("Some prose about shopping.", "Some prose about shopping, edited."),
            ("- [ ] Dishes  @id(b1)", "- [x] Dishes  @id(b1)"),
          ]), 0
        ))
    let other = edited([("Some prose about shopping.", "Other prose.")])
    let result = merged(Self.base, ours, other)
    #expect(result.conflicts == 1)
    #expect(
      result.text.contains(
        "<<<<<<< ours\nSome prose about shopping, edited.\n=======\nOther prose.\n>>>>>>> theirs\n")
    )
  }

  @Test func aSubItemAddedUnderAnItemTheOtherSideDeletedIsAConflict() {
    let ours = edited([("- [ ] Bread  @id(a3)\n", "")])
    let theirs = edited([("- [ ] Bread  @id(a3)\n", "- [ ] Bread  @id(a3)\n  - [ ] Rye  @id(d1)\n")]
    )
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts >= 1)
    #expect(result.text.contains("  - [ ] Rye  @id(d1)"))
  }

  @Test func theSameIDAddedDifferentlyIsAConflict() {
    let ours = edited([("- [ ] Butter  @id(a4)\n", "- [ ] Butter  @id(a4)\n- [ ] Jam  @id(c1)\n")])
    let theirs = edited([
      ("- [ ] Butter  @id(a4)\n", "- [ ] Butter  @id(a4)\n- [ ] Honey  @id(c1)\n")
    ])
    let result = merged(Self.base, ours, theirs)
    #expect(result.conflicts == 1)
    #expect(
      result.text.contains("- [ ] Jam  @id(c1)") && result.text.contains("- [ ] Honey  @id(c1)"))
  }

  @Test func itemsWithoutIDsMatchByName() {
    let base = "## L\n\n- [ ] one\n- [ ] two\n- [ ] three\n"
    let ours = "## L\n\n- [x] one\n- [ ] two\n- [ ] three\n"
    let theirs = "## L\n\n- [ ] one\n- [ ] two\n- [x] three\n"
    #expect(merged(base, ours, theirs) == ("## L\n\n- [x] one\n- [ ] two\n- [x] three\n", 0))
  }

  /// An item without an ID is known by its list and name, not by its neighbours: one
  /// added above it on one side does not unmatch it from the other side's edit.
  @Test func itemsWithoutIDsMatchWhateverIsAddedAboveThem() {
    let base = "## L\n\n- [ ] one\n- [ ] two\n"
    let ours = "## L\n\n- [ ] zero\n- [ ] one\n- [ ] two\n"
    let theirs = "## L\n\n- [ ] one\n- [x] two\n"
    #expect(
      merged(base, ours, theirs) == ("## L\n\n- [ ] zero\n- [ ] one\n- [x] two\n", 0))
  }

  /// Items without IDs are told apart by list and by how many of the same name came
  /// before them: the second "milk" of a list is another item than the first, and the
  /// "milk" of another list another again.
  @Test func itemsOfTheSameNameAreToldApartByListAndOrder() {
    let base = "## A\n\n- [ ] milk\n- [ ] milk\n\n## B\n\n- [ ] milk\n"
    let ours = "## A\n\n- [ ] milk\n- [x] milk\n\n## B\n\n- [ ] milk\n"
    let theirs = "## A\n\n- [x] milk\n- [ ] milk\n\n## B\n\n- [ ] milk  # skimmed\n"
    #expect(
      merged(base, ours, theirs)
        == ("## A\n\n- [x] milk\n- [x] milk\n\n## B\n\n- [ ] milk  # skimmed\n", 0))
  }

  @Test func markersHaveTheAskedSize() {
    let ours = edited([("- [ ] Eggs  @id(a2)", "- [ ] Large eggs  @id(a2)")])
    let theirs = edited([("- [ ] Eggs  @id(a2)", "- [ ] Brown eggs  @id(a2)")])
    let result = merged(Self.base, ours, theirs, markerSize: 10)
    #expect(result.conflicts == 1)
    #expect(result.text.contains("<<<<<<<<<< ours\n- [ ] Large eggs  @id(a2)\n==========\n"))
  }

  @Test func lineEndingsByteOrderMarkAndFinalNewlineFollowOurs() {
    let base = "\u{FEFF}## L\r\n\r\n- [ ] a  @id(x1)\r\n- [ ] b  @id(x2)\r\n"
    let ours = "\u{FEFF}## L\r\n\r\n- [x] a  @id(x1)\r\n- [ ] b  @id(x2)"
    let theirs = "## L\n\n- [ ] a  @id(x1)\n- [ ] b  @id(x2)\n- [ ] c  @id(x3)\n"
    #expect(
      merged(base, ours, theirs)
        == ("\u{FEFF}## L\r\n\r\n- [x] a  @id(x1)\r\n- [ ] b  @id(x2)\r\n- [ ] c  @id(x3)", 0))
  }

  @Test func untouchedLinesKeepTheirBytes() {
    let base = "## L\n\n-   [ ]   odd   spacing  @id(o1)\n* [ ] star  @id(o2)\n"
    let ours = "## L\n\n-   [ ]   odd   spacing  @id(o1)\n* [x] star  @id(o2)\n"
    #expect(merged(base, ours, base) == (ours, 0))
    #expect(merged(base, base, ours) == (ours, 0))
  }

  @Test func invalidUTF8MergesLineByLine() {
    let base: [UInt8] = Array("a\nb\nc\n".utf8)
    let ours: [UInt8] = Array("a\nb\nc\n".utf8) + [0xFF, 0x0A]
    let theirs: [UInt8] = Array("A\nb\nc\n".utf8)
    let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
    #expect(result.mergedLineByLine)
    #expect(result.conflicts == 0)
    #expect(result.bytes == Array("A\nb\nc\n".utf8) + [0xFF, 0x0A])
    let clash = ChecklistMerge.merge(
      base: base, ours: [0xFF] + Array("x\nb\nc\n".utf8), theirs: theirs)
    #expect(clash.conflicts == 1)
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

@Suite("Merge: line keys")
struct TokenInternerTests {
  /// Two different keys whose 32-bit hashes are equal (found by search) are two tokens:
  /// the interner compares the bytes, not only the length and the hash.
  @Test func keysWithTheSameHashAreDifferentTokens() throws {
    var seen: [UInt32: [UInt8]] = [:]
    var pair: ([UInt8], [UInt8])?
    for number in 0..<2_000_000 {
      let key = Array("I\u{1}n\u{1}Item \(100_000_000 + number)".utf8)
      let hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<key.count) }
      if let other = seen[hash] {
        pair = (other, key)
        break
      }
      seen[hash] = key
    }
    let (first, second) = try #require(pair)
    #expect(first != second && first.count == second.count)
    var interner = TokenInterner()
    let firstToken = interner.token(first, keyed: true)
    let secondToken = interner.token(second, keyed: true)
    #expect(firstToken != secondToken)
    #expect(interner.token(first, keyed: true) == firstToken)
    #expect(interner.token(second, keyed: true) == secondToken)
    #expect(interner.count == 2)
  }
}

extension MergeTests {
  /// The sides of a merge mostly hold the base's lines in the base's order: each of
  /// their lines is first compared with the token after the highest found so far, and
  /// only the lines out of that order are looked up in the table (whose slots lie
  /// anywhere in memory: a probe per line was a quarter of merging 1M items).
  @Test(arguments: [1_000, 4_000])
  func aSideLooksUpOnlyTheLinesOutOfOrder(_ items: Int) throws {
    var lines = ["## List  @id(l0)", ""]
    for number in 0..<items { lines.append("- [ ] item \(number)  @id(i\(number))") }
    let base = lines.joined(separator: "\n") + "\n"
    var changed = lines
    changed[10] = "- [x] item 8  @done(2026-12-02)  @id(i8)"
    changed.swapAt(20, 30)
    var interner = TokenInterner()
    _ = MergeVersion(document: try ChecklistDocument(parsing: base), interner: &interner)
    // Every line of the base is new.
    #expect(interner.tableLookups == items + 2)
    _ = MergeVersion(
      document: try ChecklistDocument(parsing: changed.joined(separator: "\n") + "\n"),
      interner: &interner)
    // The checked item keeps its token (it is keyed by its ID); the swap puts eleven
    // lines out of order (the two swapped and the nine between them).
    #expect(interner.tableLookups == items + 2 + 11)
    _ = MergeVersion(document: try ChecklistDocument(parsing: base), interner: &interner)
    #expect(interner.tableLookups == items + 2 + 11)
  }
}
