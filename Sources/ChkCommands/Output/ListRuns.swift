import ChecklistKit

/// A document's lists as rows of its outline, grouped in runs of whole lists of about
/// `chunk` items: what `chk list` and `chk list --json` print two runs at a time on two
/// threads, each into a buffer reused every round, written in order. For `chk list`, a
/// list of more than `chunk` items is cut into parts that go in runs of their own, so
/// that one long list is printed on both threads too.
struct ListRuns: Sendable {
  /// A list, or a part of one: its outline rows (its own row first, unless the part
  /// `continues` a list), and how many items come before them.
  typealias List = (rows: Range<Int>, numbered: Int, continues: Bool)

  let lists: [List]
  /// Runs of lists (ranges of `lists`), about `chunk` items each.
  let runs: [Range<Int>]

  /// - Parameter splitsLists: whether a long list is cut into parts (rows alone, as
  ///   `chk list` prints them; JSON nests an item's sub-items in it, so its lists stay
  ///   whole).
  init(_ outline: [OutlineRow], chunk: Int, splitsLists: Bool = false) {
    var lists: [List] = []
    var runs: [Range<Int>] = []
    var (index, numbered, runStart) = (0, 0, 0)
    while index < outline.count {
      var end = index + 1
      while end < outline.count, outline[end].kind == .item { end += 1 }
      if splitsLists, end - index - 1 > chunk {
        // The heading and the first items, then parts of `chunk` items, each its own run.
        if runStart < lists.count { runs.append(runStart..<lists.count) }
        var start = index
        while start < end {
          let partEnd = min(end, start + chunk + (start == index ? 1 : 0))
          lists.append((start..<partEnd, numbered, start != index))
          numbered += partEnd - start - (start == index ? 1 : 0)
          runs.append((lists.count - 1)..<lists.count)
          start = partEnd
        }
        runStart = lists.count
        index = end
        continue
      }
      lists.append((index..<end, numbered, false))
      numbered += end - index - 1
      if numbered - lists[runStart].numbered >= chunk || end == outline.count {
        runs.append(runStart..<lists.count)
        runStart = lists.count
      }
      index = end
    }
    if runStart < lists.count { runs.append(runStart..<lists.count) }
    self.lists = lists
    self.runs = runs
  }

  /// Prints every run into a buffer (`body` takes the buffer's storage and gives it back
  /// filled, with whether it printed anything), two at a time on two threads, and hands
  /// the buffers to `write` in order.
  func forEachRun(
    _ body: @escaping @Sendable (ArraySlice<List>, [UInt8]) -> (bytes: [UInt8], printed: Bool),
    write: ([UInt8], _ printed: Bool, _ run: Range<Int>) -> Void
  ) {
    // Two buffers, filled again each round: fresh ones would be fresh pages to zero.
    let storages = [RunBuffer(), RunBuffer()]
    let lists = self.lists
    var round = 0
    while round < runs.count {
      let batch = Array(runs[round..<min(runs.count, round + 2)])
      let printed = Parallel.map(batch.count) { part in
        let storage = storages[part]
        let (bytes, printed) = body(lists[batch[part]], storage.take())
        storage.bytes = bytes
        return printed
      }
      for part in printed.indices { write(storages[part].bytes, printed[part], batch[part]) }
      round += 2
    }
  }
}

/// The bytes one thread prints a run of lists into; each thread has its own, and the
/// printing thread reads them only after both are done.
private final class RunBuffer: @unchecked Sendable {
  var bytes: [UInt8] = []

  /// The bytes, owned by the caller (this buffer keeps none, so appending to them does
  /// not copy them).
  func take() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &bytes)
    return taken
  }
}
