/// Unified diffs of two versions of a file, as `diff -u` and `git apply` read them.
///
/// Lines are compared whole, line ending included, so a change of ending shows. The
/// common first and last lines are skipped cheaply; the rest is diffed with Myers'
/// algorithm, and when the two versions differ in more than `maximumEdits` lines the
/// differing middle is shown as one replaced block instead of a minimal script.
public enum UnifiedDiff {
  /// Past this many differing lines the diff is not minimized.
  static let maximumEdits = 2_000

  private struct Line {
    var range: Range<Int>
    var hash: UInt64
  }

  private enum Operation {
    case keep, delete, insert
  }

  /// A unified diff from `old` to `new`, or empty bytes when they are equal.
  ///
  /// - Parameters:
  ///   - oldName: the name on the `---` line.
  ///   - newName: the name on the `+++` line.
  ///   - context: how many unchanged lines surround each change.
  /// - Complexity: O(*n*) for the common prefix and suffix, plus O(*d*²) for *d*
  ///   differing lines (bounded by `maximumEdits`).
  public static func make(
    from old: [UInt8], to new: [UInt8], oldName: String, newName: String, context: Int = 3
  ) -> [UInt8] {
    guard old != new else { return [] }
    let (a, b, script) = editScript(old, new)
    return render(script, a, old, b, new, oldName: oldName, newName: newName, context: context)
  }

  /// Both versions' lines and the script from one to the other: the common first and
  /// last lines kept cheaply, the middle by Myers' algorithm (replaced whole past
  /// `maximumEdits`).
  private static func editScript(_ old: [UInt8], _ new: [UInt8]) -> (
    a: [Line], b: [Line], script: [Operation]
  ) {
    let a = lines(old)
    let b = lines(new)
    var prefix = 0
    while prefix < a.count, prefix < b.count, equal(a[prefix], old, b[prefix], new) {
      prefix += 1
    }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      equal(a[a.count - 1 - suffix], old, b[b.count - 1 - suffix], new)
    {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var script = [Operation](repeating: .keep, count: prefix)
    script +=
      myers(middleA, old, middleB, new)
      ?? (Array(repeating: .delete, count: middleA.count)
        + Array(repeating: .insert, count: middleB.count))
    script += [Operation](repeating: .keep, count: suffix)
    return (a, b, script)
  }

  /// One run of lines replaced: the bytes of whole lines in the old version and what
  /// takes their place in the new one.
  public struct Change: Sendable, Hashable {
    /// The replaced lines of the old version, line endings included (empty: an insertion
    /// before the line that starts there).
    public var old: Range<Int>
    /// Their replacement in the new version.
    public var new: Range<Int>

    /// A change.
    public init(old: Range<Int>, new: Range<Int>) {
      self.old = old
      self.new = new
    }
  }

  /// The runs of lines that differ from `old` to `new`, in order: what an editor applies
  /// to turn one into the other without replacing the lines that stay.
  ///
  /// - Complexity: as ``make(from:to:oldName:newName:context:)``; past `maximumEdits`
  ///   differing lines, the differing middle is one change.
  public static func changes(from old: [UInt8], to new: [UInt8]) -> [Change] {
    guard old != new else { return [] }
    let (a, b, script) = editScript(old, new)
    func offset(_ lines: [Line], _ index: Int, _ count: Int) -> Int {
      index < lines.count ? lines[index].range.lowerBound : count
    }
    var changes: [Change] = []
    var i = 0
    var j = 0
    var index = 0
    while index < script.count {
      if script[index] == .keep {
        i += 1
        j += 1
        index += 1
        continue
      }
      let (startA, startB) = (i, j)
      while index < script.count, script[index] != .keep {
        if script[index] == .delete { i += 1 } else { j += 1 }
        index += 1
      }
      changes.append(
        Change(
          old: offset(a, startA, old.count)..<offset(a, i, old.count),
          new: offset(b, startB, new.count)..<offset(b, j, new.count)))
    }
    return changes
  }

  private static func lines(_ bytes: [UInt8]) -> [Line] {
    var result: [Line] = []
    var start = 0
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      index += 1
      if byte == ASCII.lineFeed
        || (byte == ASCII.carriageReturn
          && (index == bytes.count || bytes[index] != ASCII.lineFeed))
      {
        result.append(Line(range: start..<index, hash: hash))
        start = index
        hash = 0xCBF2_9CE4_8422_2325
      }
    }
    if start < bytes.count { result.append(Line(range: start..<bytes.count, hash: hash)) }
    return result
  }

  private static func equal(_ x: Line, _ xBytes: [UInt8], _ y: Line, _ yBytes: [UInt8]) -> Bool {
    x.hash == y.hash && xBytes[x.range] == yBytes[y.range]
  }

  /// The shortest edit script, or `nil` past `maximumEdits`.
  private static func myers(_ a: [Line], _ aBytes: [UInt8], _ b: [Line], _ bBytes: [UInt8])
    -> [Operation]?
  {
    let n = a.count
    let m = b.count
    if n == 0 || m == 0 {
      return Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m)
    }
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for d in 0...limit {
      trace.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, equal(a[x], aBytes, b[y], bBytes) {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n, y >= m {
          return backtrack(trace, d: d, n: n, m: m)
        }
      }
    }
    return nil
  }

  private static func backtrack(_ trace: [[Int]], d: Int, n: Int, m: Int) -> [Operation] {
    var script: [Operation] = []
    var x = n
    var y = m
    for step in stride(from: d, to: 0, by: -1) {
      let row = trace[step]
      // row holds frontier[-step - 1 ... step + 1]; index of k is k + step + 1.
      func value(_ k: Int) -> Int { row[k + step + 1] }
      let k = x - y
      let previousK =
        (k == -step || (k != step && value(k - 1) < value(k + 1))) ? k + 1 : k - 1
      let previousX = value(previousK)
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        script.append(.keep)
        x -= 1
        y -= 1
      }
      script.append(x == previousX ? .insert : .delete)
      x = previousX
      y = previousY
    }
    while x > 0, y > 0 {
      script.append(.keep)
      x -= 1
      y -= 1
    }
    return script.reversed()
  }

  private static func render(
    _ script: [Operation], _ a: [Line], _ aBytes: [UInt8], _ b: [Line], _ bBytes: [UInt8],
    oldName: String, newName: String, context: Int
  ) -> [UInt8] {
    var output = Array("--- \(oldName)\n+++ \(newName)\n".utf8)
    // Positions in a and b before each script entry.
    var positions: [(Int, Int)] = []
    positions.reserveCapacity(script.count + 1)
    var i = 0
    var j = 0
    for operation in script {
      positions.append((i, j))
      switch operation {
      case .keep:
        i += 1
        j += 1
      case .delete: i += 1
      case .insert: j += 1
      }
    }
    positions.append((i, j))
    var index = 0
    while index < script.count {
      guard script[index] != .keep else {
        index += 1
        continue
      }
      var start = max(0, index - context)
      var end = index
      // Extend the hunk while changes are within 2 * context of each other.
      while end < script.count {
        if script[end] != .keep {
          end += 1
          continue
        }
        var run = end
        while run < script.count, script[run] == .keep { run += 1 }
        if run == script.count || run - end > 2 * context {
          end = min(script.count, end + context)
          break
        }
        end = run
      }
      start = max(0, start)
      let (aStart, bStart) = positions[start]
      let (aEnd, bEnd) = positions[end]
      output += "@@ -\(range(aStart, aEnd - aStart)) +\(range(bStart, bEnd - bStart)) @@\n".utf8
      var x = aStart
      var y = bStart
      for operation in script[start..<end] {
        switch operation {
        case .keep:
          append(" ", a[x], aBytes, to: &output)
          x += 1
          y += 1
        case .delete:
          append("-", a[x], aBytes, to: &output)
          x += 1
        case .insert:
          append("+", b[y], bBytes, to: &output)
          y += 1
        }
      }
      index = end
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    let first = count == 0 ? start : start + 1
    return count == 1 ? "\(first)" : "\(first),\(count)"
  }

  private static func append(
    _ marker: String, _ line: Line, _ bytes: [UInt8], to output: inout [UInt8]
  ) {
    output += marker.utf8
    let text = bytes[line.range]
    output += text
    if text.last == ASCII.carriageReturn {
      output.append(ASCII.lineFeed)
    } else if text.last != ASCII.lineFeed {
      output += "\n\\ No newline at end of file\n".utf8
    }
  }
}
