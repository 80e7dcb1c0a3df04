/// Unified diffs of two versions of a file, as `diff -u` and `git apply` read them.
///
/// Lines are compared whole, line ending included, so a change of ending shows. The
/// script is `LineDiff`'s: past its `maximumEdits` differing lines, the differing
/// middle is shown as one replaced block instead of a minimal script.
public enum UnifiedDiff {
  /// A unified diff from `old` to `new`, or empty bytes when they are equal.
  ///
  /// - Parameters:
  ///   - oldName: the name on the `---` line.
  ///   - newName: the name on the `+++` line.
  ///   - context: how many unchanged lines surround each change.
  /// - Complexity: as ``LineDiff/changes(from:to:)``.
  public static func make(
    from old: [UInt8], to new: [UInt8], oldName: String, newName: String, context: Int = 3
  ) -> [UInt8] {
    guard old != new else { return [] }
    let a = LineDiff.Lines(old)
    let b = LineDiff.Lines(new)
    let script = LineDiff.editScript(a.count, b.count) { a.equals($0, b, $1) }
    return render(script, a, b, oldName: oldName, newName: newName, context: context)
  }

  private static func render(
    _ script: [LineDiff.Operation], _ a: LineDiff.Lines, _ b: LineDiff.Lines,
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
          append(" ", a, x, to: &output)
          x += 1
          y += 1
        case .delete:
          append("-", a, x, to: &output)
          x += 1
        case .insert:
          append("+", b, y, to: &output)
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
    _ marker: String, _ lines: LineDiff.Lines, _ index: Int, to output: inout [UInt8]
  ) {
    output += marker.utf8
    let text = lines.bytes[lines.ranges[index]]
    output += text
    if text.last == ASCII.carriageReturn {
      output.append(ASCII.lineFeed)
    } else if text.last != ASCII.lineFeed {
      output += "\n\\ No newline at end of file\n".utf8
    }
  }
}
