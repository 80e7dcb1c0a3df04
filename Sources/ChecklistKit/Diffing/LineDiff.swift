internal import ChkPlatform

/// Differences between two versions of a text, line by line: the one diff that
/// `--diff` output, the language server's text edits, undo records and the merge all
/// use.
///
/// The common first and last elements are skipped cheaply; the rest is compared with
/// Myers' O(ND) algorithm, and when the two versions differ in more than
/// `maximumEdits` places the differing middle counts as replaced whole (the trace
/// would need O(D²) memory).
public enum LineDiff {
  /// Past this many differing elements the script is not minimized.
  static let maximumEdits = 2_000

  /// One step of an edit script.
  enum Operation {
    case keep, delete, insert
  }

  /// One run of lines replaced: the bytes of whole lines in the old version and what
  /// takes their place in the new one.
  public struct Change: Sendable, Hashable {
    /// The replaced lines of the old version, line endings included (empty: an
    /// insertion before the line that starts there).
    public var old: Range<Int>
    /// Their replacement in the new version.
    public var new: Range<Int>

    /// A change.
    public init(old: Range<Int>, new: Range<Int>) {
      self.old = old
      self.new = new
    }
  }

  /// The runs of lines that differ from `old` to `new`, in order: what an editor
  /// applies to turn one into the other without replacing the lines that stay.
  ///
  /// - Complexity: O(*n*) for the common first and last lines, plus O(*d*²) for *d*
  ///   differing lines; past `maximumEdits` differing lines, the differing middle is
  ///   one change.
  public static func changes(from old: [UInt8], to new: [UInt8]) -> [Change] {
    changes(from: old, to: new, continuing: { true }) ?? []
  }

  /// `changes(from:to:)`, or `nil` when `continuing` (asked every few dozen steps of the
  /// search for the shortest script) says to stop: a language server's request that
  /// was cancelled meanwhile.
  public static func changes(from old: [UInt8], to new: [UInt8], continuing: () -> Bool)
    -> [Change]?
  {
    guard old != new else { return [] }
    let a = Lines(old)
    let b = Lines(new)
    guard continuing(),
      let script = editScript(a.count, b.count, continuing: continuing, { a.equals($0, b, $1) })
    else { return nil }
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
          old: a.offset(ofLine: startA)..<a.offset(ofLine: i),
          new: b.offset(ofLine: startB)..<b.offset(ofLine: j)))
    }
    return changes
  }

  /// For each element of `a`, the index of the element of `b` it is matched with in a
  /// shortest edit script, or -1: how the merge lines up a side with its base.
  static func matches(_ a: [Int], _ b: [Int]) -> [Int] {
    var result = [Int](repeating: -1, count: a.count)
    var i = 0
    var j = 0
    for operation in editScript(a.count, b.count, { a[$0] == b[$1] }) {
      switch operation {
      case .keep:
        result[i] = j
        i += 1
        j += 1
      case .delete: i += 1
      case .insert: j += 1
      }
    }
    return result
  }

  /// How many bytes two texts share at their start, and then (before that) at their
  /// end: where a change confined to one stretch lies, at `memcmp`'s speed.
  ///
  /// - Complexity: O(*n*).
  public static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
    old.withUnsafeBufferPointer { a in
      new.withUnsafeBufferPointer { b in
        guard let x = a.baseAddress, let y = b.baseAddress else { return (0, 0) }
        let limit = min(a.count, b.count)
        // Whole blocks with memcmp, then the block that differs byte by byte.
        let block = 4_096
        var prefix = 0
        while prefix + block <= limit, memcmp(x + prefix, y + prefix, block) == 0 {
          prefix += block
        }
        while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        let rest = limit - prefix
        while suffix + block <= rest,
          memcmp(x + a.count - suffix - block, y + b.count - suffix - block, block) == 0
        {
          suffix += block
        }
        while suffix < rest, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (prefix, suffix)
      }
    }
  }

  /// A shortest script from `n` elements to `m` elements, `equal(i, j)` telling whether
  /// the `i`th of the first equals the `j`th of the second: the common first and last
  /// elements kept, the middle by Myers' algorithm (replaced whole past
  /// `maximumEdits`).
  static func editScript(_ n: Int, _ m: Int, _ equal: (Int, Int) -> Bool) -> [Operation] {
    editScript(n, m, continuing: { true }, equal) ?? []
  }

  /// `editScript`, or `nil` when `continuing` says to stop.
  static func editScript(
    _ n: Int, _ m: Int, continuing: () -> Bool, _ equal: (Int, Int) -> Bool
  ) -> [Operation]? {
    var prefix = 0
    while prefix < n, prefix < m, equal(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < n - prefix, suffix < m - prefix, equal(n - 1 - suffix, m - 1 - suffix) {
      suffix += 1
    }
    let middleN = n - prefix - suffix
    let middleM = m - prefix - suffix
    var script = [Operation](repeating: .keep, count: prefix)
    switch myers(middleN, middleM, continuing: continuing, { equal(prefix + $0, prefix + $1) }) {
    case .script(let middle): script += middle
    case .tooLong:
      script +=
        Array(repeating: .delete, count: middleN) + Array(repeating: .insert, count: middleM)
    case .stopped: return nil
    }
    script += [Operation](repeating: .keep, count: suffix)
    return script
  }

  private enum Search {
    case script([Operation])
    /// Past `maximumEdits`.
    case tooLong
    /// `continuing` said to stop.
    case stopped
  }

  /// The shortest edit script, asking `continuing` every 32 steps.
  private static func myers(
    _ n: Int, _ m: Int, continuing: () -> Bool, _ equal: (Int, Int) -> Bool
  ) -> Search {
    if n == 0 || m == 0 {
      return .script(Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m))
    }
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for d in 0...limit {
      if d % 32 == 31, !continuing() { return .stopped }
      trace.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, equal(x, y) {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n, y >= m {
          return .script(backtrack(trace, d: d, n: n, m: m))
        }
      }
    }
    return .tooLong
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

  /// A text's lines, line endings included (`\n`, `\r\n` or a lone `\r`), with a hash
  /// of each that makes most comparisons one integer compare.
  struct Lines {
    let bytes: [UInt8]
    private(set) var ranges: [Range<Int>] = []
    private var hashes: [UInt64] = []

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
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
          ranges.append(start..<index)
          hashes.append(hash)
          start = index
          hash = 0xCBF2_9CE4_8422_2325
        }
      }
      if start < bytes.count {
        ranges.append(start..<bytes.count)
        hashes.append(hash)
      }
    }

    var count: Int { ranges.count }

    /// Whether line `i` equals line `j` of `other`, line ending included.
    func equals(_ i: Int, _ other: Lines, _ j: Int) -> Bool {
      hashes[i] == other.hashes[j] && bytes[ranges[i]] == other.bytes[other.ranges[j]]
    }

    /// Where line `index` starts (the text's end past the last line).
    func offset(ofLine index: Int) -> Int {
      index < ranges.count ? ranges[index].lowerBound : bytes.count
    }
  }
}
