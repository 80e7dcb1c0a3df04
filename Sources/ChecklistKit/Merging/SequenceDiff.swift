/// The longest common subsequence of two sequences of tokens, by Myers' O(ND)
/// algorithm after trimming their common prefix and suffix.
enum SequenceDiff {
  /// Past this many differences the middle of the sequences is treated as replaced
  /// whole: the trace would need O(D²) memory.
  static let maximumDifferences = 2_000

  /// For each index of `a`, the index of `b` it is matched with, or -1.
  static func matches(_ a: [Int], _ b: [Int]) -> [Int] {
    var result = [Int](repeating: -1, count: a.count)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] {
      result[prefix] = prefix
      prefix += 1
    }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      result[a.count - 1 - suffix] = b.count - 1 - suffix
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    for (x, y) in myers(middleA, middleB) { result[prefix + x] = prefix + y }
    return result
  }

  /// The matched index pairs of a shortest edit script, in order; none when the
  /// sequences differ in more than `maximumDifferences` places.
  private static func myers(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
    let n = a.count
    let m = b.count
    guard n > 0, m > 0 else { return [] }
    let limit = min(n + m, maximumDifferences)
    let offset = limit + 1
    var v = [Int32](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int32]] = []
    var found = false
    search: for d in 0...limit {
      trace.append(Array(v[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = Int(v[offset + k + 1])
        } else {
          x = Int(v[offset + k - 1]) + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = Int32(x)
        if x >= n, y >= m {
          found = true
          break search
        }
      }
    }
    guard found else { return [] }
    // Walk back through the snapshots: each holds v as it was before step d.
    var pairs: [(Int, Int)] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let snapshot = trace[d]
      func value(_ k: Int) -> Int { Int(snapshot[k + d]) }
      let k = x - y
      let previousK: Int
      if d == 0 {
        previousK = 0
      } else if k == -d || (k != d && value(k - 1) < value(k + 1)) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = d == 0 ? 0 : value(previousK)
      let previousY = previousX - previousK
      while x > previousX, y > previousY, x > 0, y > 0, a[x - 1] == b[y - 1] {
        x -= 1
        y -= 1
        pairs.append((x, y))
      }
      if d > 0 {
        x = previousX
        y = previousY
      }
    }
    return pairs.reversed()
  }
}
