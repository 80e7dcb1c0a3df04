/// What a three-way merge produced.
public struct MergeResult: Sendable, Equatable {
  /// The merged file: conflict markers where conflicts remain.
  public var bytes: [UInt8]
  /// How many conflicts the bytes mark; 0 for a clean merge.
  public var conflicts: Int
  /// Whether an input was not a checklist (not valid UTF-8), so the files were merged
  /// line by line, as `git merge-file` would.
  public var mergedLineByLine: Bool
}

/// A three-way merge of checklist files that merges by item.
///
/// Each version becomes a sequence of tokens: a list heading is its `@id` (else its
/// name), an item is its `@id` (else its list, name and occurrence), any other line is
/// its text. The token sequences are merged as by diff3, so an item's position follows
/// whichever side moved it, and where both sides changed the same stretch, additions,
/// deletions and moves by item are combined when they do not collide. Then each item
/// and heading is merged field by field (checkbox, name, each tag, note, indent), so
/// that one side checking an item and the other renaming it keeps both. A field
/// changed differently on both sides, an item deleted on one side and changed (or
/// given a new sub-item) on the other, or prose changed differently on both sides, is
/// a conflict: the smallest span of lines is written between conflict markers.
///
/// Lines no one changed keep their bytes; line endings, the byte-order mark and the
/// final line ending follow ours.
public enum ChecklistMerge {
  /// Merges `ours` and `theirs`, two versions of `base`.
  ///
  /// - Parameters:
  ///   - markerSize: the length of the conflict markers (`<<<<<<<` is 7).
  ///   - labels: the names written after the opening and closing markers.
  /// - Complexity: O((*n* + *d*²)) for *n* lines and *d* differences between a side
  ///   and the base.
  public static func merge(
    base: [UInt8], ours: [UInt8], theirs: [UInt8], markerSize: Int = 7,
    labels: (ours: String, theirs: String) = ("ours", "theirs")
  ) -> MergeResult {
    let versions: [MergeVersion]
    let isKeyed: [Bool]
    let byItem: Bool
    if let tokenized = tokenizedByItem(base, ours, theirs) {
      (versions, isKeyed, byItem) = (tokenized.versions, tokenized.isKeyed, true)
    } else {
      var interner = TokenInterner()
      versions = [base, ours, theirs].map { MergeVersion(lines: $0, interner: &interner) }
      (isKeyed, byItem) = (interner.isKeyed, false)
    }
    var merger = Merger(
      base: versions[0], ours: versions[1], theirs: versions[2], isKeyed: isKeyed,
      byItem: byItem, markerSize: max(1, markerSize), labels: labels)
    let bytes = merger.run()
    return MergeResult(bytes: bytes, conflicts: merger.conflicts, mergedLineByLine: !byItem)
  }

  /// What the versions' tokens are made in: the interner and the versions made so far.
  private final class Tokenizing: @unchecked Sendable {
    var interner: TokenInterner
    var versions: [MergeVersion] = []
    init(expected: Int) { interner = TokenInterner(expected: expected) }
  }

  /// The three versions parsed and made tokens by item, or `nil` when one is not a
  /// checklist (not valid UTF-8). The base is parsed first, on every thread; then,
  /// while this thread makes one version's tokens (in order: the base's, ours, theirs),
  /// another parses the next version on one thread.
  private static func tokenizedByItem(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8])
    -> (versions: [MergeVersion], isKeyed: [Bool])?
  {
    guard let baseDocument = try? ChecklistDocument(parsing: base) else { return nil }
    // Most lines of the base are a token of their own, and the sides add few.
    let tokenizing = Tokenizing(expected: baseDocument.lineCount + baseDocument.lineCount / 8)
    var previous = baseDocument
    for next in [ours, theirs] {
      let made = previous
      let results = Parallel.map(2) { index -> ChecklistDocument?? in
        if index == 0 { return .some(try? ChecklistDocument(parsing: next, onOneThread: true)) }
        tokenizing.versions.append(MergeVersion(document: made, interner: &tokenizing.interner))
        return .none
      }
      guard let parsed = results.first ?? nil, let document = parsed else { return nil }
      previous = document
    }
    tokenizing.versions.append(MergeVersion(document: previous, interner: &tokenizing.interner))
    return (tokenizing.versions, tokenizing.interner.isKeyed)
  }
}
