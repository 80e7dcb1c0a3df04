import ChkWorkspace

/// "Did you mean …?": the closest of some names to what was typed, by edit distance.
enum Suggestions {
  /// The candidate closest to `typed` (case-insensitive), when it is close: at most one
  /// edit for names up to four characters, two up to eight, three beyond. Swapped
  /// neighbours count as one edit (`chekc` is one from `check`).
  static func closest(to typed: String, among candidates: [String]) -> String? {
    let word = Array(typed.lowercased().unicodeScalars)
    guard !word.isEmpty else { return nil }
    let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = Self.distance(word, Array(candidate.lowercased().unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours.
  ///
  /// - Complexity: O(*mn*), on names a few characters long.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }

  /// `; did you mean 'check'?`, or nothing.
  static func clause(_ typed: String, among candidates: [String], quoted prefix: String = "")
    -> String
  {
    guard let name = closest(to: typed, among: candidates) else { return "" }
    return "; did you mean '\(prefix)\(name)'?"
  }
}
