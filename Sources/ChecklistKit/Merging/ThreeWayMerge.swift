/// diff3 over token sequences: the regions where base, ours and theirs agree, and
/// between them the regions where one side, both sides alike, or both sides
/// differently changed the base.
enum ThreeWayMerge {
  /// One region of the merge.
  enum Chunk: Equatable {
    /// Tokens all three share (ranges in base, ours, theirs).
    case stable(base: Range<Int>, ours: Range<Int>, theirs: Range<Int>)
    /// A region that changed: its ranges in the three sequences.
    case changed(base: Range<Int>, ours: Range<Int>, theirs: Range<Int>)
  }

  /// The chunks, in order; together they cover all three sequences.
  static func chunks(base: [Int], ours: [Int], theirs: [Int]) -> [Chunk] {
    let toOurs = LineDiff.matches(base, ours)
    let toTheirs = LineDiff.matches(base, theirs)
    var chunks: [Chunk] = []
    var i = 0
    var j = 0
    var k = 0
    while true {
      // The stable run: base tokens matched in both sides, exactly where we are.
      let stableStart = (i, j, k)
      while i < base.count, toOurs[i] == j, toTheirs[i] == k {
        i += 1
        j += 1
        k += 1
      }
      if i > stableStart.0 {
        chunks.append(
          .stable(
            base: stableStart.0..<i, ours: stableStart.1..<j, theirs: stableStart.2..<k))
      }
      if i >= base.count, j >= ours.count, k >= theirs.count { break }
      // The next base token matched in both sides, beyond where the sides are.
      var next = i
      while next < base.count, !(toOurs[next] >= j && toTheirs[next] >= k) { next += 1 }
      let oursEnd = next < base.count ? toOurs[next] : ours.count
      let theirsEnd = next < base.count ? toTheirs[next] : theirs.count
      chunks.append(.changed(base: i..<next, ours: j..<oursEnd, theirs: k..<theirsEnd))
      i = next
      j = oursEnd
      k = theirsEnd
    }
    return chunks
  }
}
