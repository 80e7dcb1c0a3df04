import ChecklistKit

/// A document's lists as rows of its outline, grouped in runs of whole lists of about
/// `chunk` items: what `chk list` and `chk list --json` print two runs at a time on two
/// threads, each into a buffer reused every round, written in order.
struct ListRuns: Sendable {
  /// A list: its outline rows (its own row first), and how many items come before it.
  typealias List = (rows: Range<Int>, numbered: Int)

  let lists: [List]
  /// Runs of lists (ranges of `lists`), about `chunk` items each.
  let runs: [Range<Int>]

  init(_ outline: [OutlineRow], chunk: Int) {
    var lists: [List] = []
    var runs: [Range<Int>] = []
    var (index, numbered, runStart) = (0, 0, 0)
    while index < outline.count {
      var end = index + 1
      while end < outline.count, outline[end].kind == .item { end += 1 }
      lists.append((index..<end, numbered))
      numbered += end - index - 1
      if numbered - lists[runStart].numbered >= chunk || end == outline.count {
        runs.append(runStart..<lists.count)
        runStart = lists.count
      }
      index = end
    }
    self.lists = lists
    self.runs = runs
  }

  /// Prints every run into a buffer (`body` takes the buffer's storage and gives it back
  /// filled, with whether it printed anything), two at a time on two threads, and hands
  /// the buffers to `write` in order.
  func forEachRun(
    _ body: @escaping @Sendable (ArraySlice<List>, [UInt8]) -> (bytes: [UInt8], printed: Bool),
    write: ([UInt8], _ printed: Bool) -> Void
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
      for part in printed.indices { write(storages[part].bytes, printed[part]) }
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
