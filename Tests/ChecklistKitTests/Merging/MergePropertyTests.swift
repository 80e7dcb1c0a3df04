import ChkTestSupport
import Testing

@testable import ChecklistKit

/// Merging two sets of edits that touch different items is the same as making both.
@Suite("Merge properties")
struct MergePropertyTests {
  /// One library edit, naming its item by ID.
  enum Edit {
    case check(String)
    case uncheck(String)
    case rename(String, String)
    case note(String, String)
    case due(String, CalendarDay)
    case addAfter(String, String)
    case addUnder(String, String)
    case delete(String)
    case move(String, after: String)

    func apply(to document: inout ChecklistDocument) throws {
      switch self {
      case .check(let id):
        try document.check(.id(id), on: CalendarDay(year: 2024, month: 5, day: 1))
      case .uncheck(let id): try document.uncheck(.id(id))
      case .rename(let id, let name): try document.rename(.id(id), to: name)
      case .note(let id, let note): try document.setNote(note, of: .id(id))
      case .due(let id, let day): try document.setDueDate(day, of: .id(id))
      case .addAfter(let id, let name): try document.addItem(named: name, at: .after(.id(id)))
      case .addUnder(let id, let name): try document.addItem(named: name, at: .under(.id(id)))
      case .delete(let id): try document.deleteItem(.id(id))
      case .move(let id, let target): try document.moveItem(.id(id), to: .after(.id(target)))
      }
    }
  }

  /// A base document: lists of items with IDs, some with sub-items, some prose.
  private static func base(_ random: inout TestRandom) -> (text: String, families: [[String]]) {
    var text = ""
    var families: [[String]] = []
    var number = 0
    for list in 0..<random.int(1...3) {
      text += "## List \(list)  @id(l\(list))\n\n"
      for _ in 0..<random.int(2...6) {
        number += 1
        let top = "t\(number)"
        text += "- [\(random.chance(0.3) ? "x" : " ")] item \(number)  @id(\(top))\n"
        var family = [top]
        for child in 0..<random.int(0...2) {
          let id = "t\(number)c\(child)"
          text += "  - [ ] sub \(number).\(child)  @id(\(id))\n"
          family.append(id)
        }
        families.append(family)
      }
      if random.chance(0.5) { text += "\nSome prose in list \(list).\n" }
      text += "\n"
    }
    return (text, families)
  }

  /// Edits of the given families only.
  private static func edits(_ families: [[String]], _ random: inout TestRandom, label: String)
    -> [Edit]
  {
    var result: [Edit] = []
    for family in families {
      for step in 0..<random.int(1...3) {
        let member = random.pick(family)
        switch random.int(0...7) {
        case 0: result.append(.check(member))
        case 1: result.append(.uncheck(member))
        case 2: result.append(.rename(member, "renamed by \(label) \(step)"))
        case 3: result.append(.note(member, "note by \(label)"))
        case 4:
          result.append(
            .due(member, CalendarDay(year: 2025, month: 1, day: 2 + step) ?? .today()))
        case 5: result.append(.addAfter(family[0], "added by \(label) \(step)"))
        case 6: result.append(.addUnder(member, "child by \(label) \(step)"))
        default:
          if member != family[0] { result.append(.delete(member)) }
        }
      }
      if random.chance(0.15) {
        result.append(.delete(family[0]))
      }
    }
    return result
  }

  /// Each item as its ID, its parent's ID and its line without indent, sorted.
  static func meaning(_ document: ChecklistDocument) -> [String] {
    var result: [String] = []
    for index in document.lines.indices where document.lines[index].kind == .item {
      let line = String(decoding: document.content(ofLine: index), as: UTF8.self)
      let parent = document.parent(ofLine: index).map {
        String(decoding: document.content(ofLine: $0), as: UTF8.self)
      }
      result.append((parent ?? "-") + " > " + line.drop { $0 == " " })
    }
    return result.sorted()
  }

  /// The order of the lines that were in `base`.
  static func order(of document: ChecklistDocument, among base: ChecklistDocument) -> [String] {
    let baseIDs = Set(base.items.compactMap(\.id))
    return document.items.compactMap(\.id).filter { baseIDs.contains($0) }
  }

  private static func applying(_ edits: [Edit], to document: ChecklistDocument, seed: UInt64) throws
    -> ChecklistDocument
  {
    var copy = document
    copy.idGenerator = .seeded(seed)
    for edit in edits {
      // An edit of an item an earlier edit deleted is skipped, on every path alike.
      do { try edit.apply(to: &copy) } catch is EditError { continue }
    }
    return copy
  }

  /// 400 bases, each edited on two sides in disjoint families: the merge is clean and
  /// equals making both sides' edits one after the other, whichever side is ours.
  @Test func mergingDisjointEditsEqualsMakingBoth() throws {
    var clean = 0
    for seed in UInt64(1)...400 {
      var random = TestRandom(seed: seed)
      let (text, families) = Self.base(&random)
      let base = try ChecklistDocument(parsing: text)
      var oursFamilies: [[String]] = []
      var theirsFamilies: [[String]] = []
      for family in families {
        switch random.int(0...2) {
        case 0: oursFamilies.append(family)
        case 1: theirsFamilies.append(family)
        default: break
        }
      }
      let oursEdits = Self.edits(oursFamilies, &random, label: "ours")
      let theirsEdits = Self.edits(theirsFamilies, &random, label: "theirs")
      let ours = try Self.applying(oursEdits, to: base, seed: seed * 2)
      let theirs = try Self.applying(theirsEdits, to: base, seed: seed * 2 + 1)
      let both = try Self.applying(theirsEdits, to: ours, seed: seed * 2 + 1)
      let otherOrder = try Self.applying(oursEdits, to: theirs, seed: seed * 2)
      let result = ChecklistMerge.merge(
        base: base.serialized(), ours: ours.serialized(), theirs: theirs.serialized())
      #expect(result.conflicts == 0, "seed \(seed)")
      #expect(
        result.bytes == both.serialized(),
        "seed \(seed):\n\(String(decoding: result.bytes, as: UTF8.self))\n---\n\(String(decoding: both.serialized(), as: UTF8.self))"
      )
      let swapped = ChecklistMerge.merge(
        base: base.serialized(), ours: theirs.serialized(), theirs: ours.serialized())
      #expect(swapped.conflicts == 0, "seed \(seed), swapped")
      // With the sides swapped, additions that land in the same place may come in the
      // other order; every item keeps its parent, fields and place among the others.
      let swappedDocument = try ChecklistDocument(parsing: swapped.bytes)
      #expect(Self.meaning(swappedDocument) == Self.meaning(otherOrder), "seed \(seed), swapped")
      #expect(
        Self.order(of: swappedDocument, among: base) == Self.order(of: otherOrder, among: base),
        "seed \(seed), swapped")
      if result.conflicts == 0 { clean += 1 }
    }
    #expect(clean == 400)
  }

  /// One side deletes items; the other moves some of them (fields unchanged), changes
  /// some (and may move them too), and leaves the rest. Every deletion is honoured or
  /// reported: a moved or untouched item is gone from the merge, a changed one is in a
  /// conflict, never silently back (a region where other edits clash is a conflict as
  /// a whole). 500 bases, each merged both ways round.
  @Test func everyDeletionIsHonouredOrReported() throws {
    for seed in UInt64(1)...500 {
      var random = TestRandom(seed: seed)
      let (text, families) = Self.base(&random)
      let base = try ChecklistDocument(parsing: text)
      guard families.count >= 2 else { continue }
      var deletions: [Edit] = []
      var otherEdits: [Edit] = []
      var gone: [String] = []
      var changed: [String] = []
      for family in families where random.chance(0.4) {
        // The whole family, or one sub-item.
        let victim =
          family.count > 1 && random.chance(0.4)
          ? random.pick(Array(family.dropFirst())) : family[0]
        deletions.append(.delete(victim))
        let removed = victim == family[0] ? family : [victim]
        let target = random.pick(families.filter { $0[0] != family[0] })[0]
        switch random.int(0...3) {
        case 0:
          otherEdits.append(.move(victim, after: target))
          gone += removed
        case 1:
          otherEdits.append(.rename(victim, "changed \(seed)"))
          changed.append(victim)
        case 2:
          otherEdits += [.check(victim), .move(victim, after: target)]
          changed.append(victim)
        default:
          gone += removed
        }
      }
      guard !deletions.isEmpty else { continue }
      let deleter = try Self.applying(deletions, to: base, seed: seed * 2)
      let other = try Self.applying(otherEdits, to: base, seed: seed * 2 + 1)
      for (ours, theirs) in [(deleter, other), (other, deleter)] {
        let result = ChecklistMerge.merge(
          base: base.serialized(), ours: ours.serialized(), theirs: theirs.serialized())
        let merged = String(decoding: result.bytes, as: UTF8.self)
        let clean = Self.outsideConflicts(merged)
        // (Inside a conflict region it is reported: the region's other edits clashed.)
        for id in gone {
          #expect(!clean.contains("@id(\(id))"), "seed \(seed): \(id) came back\n\(merged)")
        }
        for id in changed where !clean.contains("@id(\(id))") {
          // Not silently kept: either reported in a conflict, or gone only if the other
          // side's change was itself undone (never here).
          #expect(merged.contains("@id(\(id))"), "seed \(seed): changed \(id) vanished")
        }
        for id in changed {
          #expect(
            !clean.contains("@id(\(id))"), "seed \(seed): changed \(id) kept without a conflict")
        }
        #expect(result.conflicts > 0 || changed.isEmpty, "seed \(seed)")
      }
    }
  }

  /// The merged text without its conflict regions.
  static func outsideConflicts(_ text: String) -> String {
    var kept: [Substring] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("<<<<<<<") {
        inside = true
      } else if line.hasPrefix(">>>>>>>") {
        inside = false
      } else if !inside {
        kept.append(line)
      }
    }
    return kept.joined(separator: "\n")
  }

  /// Additions at the same place on both sides: the merge holds both, in either order
  /// depending on which side is ours, and nothing else differs.
  @Test func concurrentAdditionsDifferOnlyInOrder() throws {
    for seed in UInt64(1)...200 {
      var random = TestRandom(seed: seed)
      let (text, families) = Self.base(&random)
      let base = try ChecklistDocument(parsing: text)
      let anchor = random.pick(families)[0]
      let ours = try Self.applying([.addAfter(anchor, "ours new")], to: base, seed: seed * 2)
      let theirs = try Self.applying(
        [.addAfter(anchor, "theirs new")], to: base, seed: seed * 2 + 1)
      let one = ChecklistMerge.merge(
        base: base.serialized(), ours: ours.serialized(), theirs: theirs.serialized())
      let other = ChecklistMerge.merge(
        base: base.serialized(), ours: theirs.serialized(), theirs: ours.serialized())
      #expect(one.conflicts == 0 && other.conflicts == 0, "seed \(seed)")
      let oneLines = String(decoding: one.bytes, as: UTF8.self).split(separator: "\n")
      let otherLines = String(decoding: other.bytes, as: UTF8.self).split(separator: "\n")
      #expect(oneLines.sorted() == otherLines.sorted(), "seed \(seed)")
      #expect(oneLines.filter { $0.contains("new") }.count == 2, "seed \(seed)")
    }
  }
}
