/// A cursor over rows, and the first row a page shows: what each of the screens' lists
/// keeps (the items, the lists, the due items). One component, so that moving,
/// clamping and scrolling behave alike on every screen; the help's lines, which have
/// no cursor, scroll with its `moved`.
struct ScrollingList: Sendable, Hashable {
  /// The cursor's row.
  var cursor = 0
  /// The first row shown.
  var top = 0

  /// Moves the cursor for a moving key (j k, g G, Ctrl-d Ctrl-u, PgDn PgUp, Ctrl-f
  /// Ctrl-b, the arrows, Home End) within `count` rows, a page being `page` rows;
  /// `false` for any other key.
  mutating func move(by key: Key, count: Int, page: Int, times: Int? = nil) -> Bool {
    // A count before G is a row (50G), before j and k a number of rows (5j).
    if let times {
      switch key {
      case .character("G"), .end:
        cursor = max(0, min(count - 1, times - 1))
        return true
      case .character("j"), .down, .character("k"), .up:
        let step = key == .character("j") || key == .down ? times : -times
        cursor = max(0, min(max(0, count - 1), cursor + step))
        return true
      default: break
      }
    }
    guard let moved = Self.moved(cursor, by: key, count: count, page: page) else { return false }
    cursor = moved
    return true
  }

  /// Moves the cursor `delta` rows (the mouse wheel), within `count` rows.
  mutating func move(by delta: Int, count: Int) {
    cursor = max(0, min(max(0, count - 1), cursor + delta))
  }

  /// Keeps the cursor within `count` rows (a row removed, here or by another program,
  /// may leave it past the end), and on the page of `page` rows that starts at `top`.
  mutating func settle(count: Int, page: Int) {
    cursor = min(cursor, max(0, count - 1))
    top = Self.scrolled(top: top, cursor: cursor, page: page, count: count)
  }

  /// The rows a page of `page` rows shows, of `count`.
  func shown(page: Int, count: Int) -> Range<Int> {
    min(top, count)..<min(count, top + page)
  }

  /// Where a moving key takes `cursor` within `count` rows, or `nil` for another key.
  static func moved(_ cursor: Int, by key: Key, count: Int, page: Int) -> Int? {
    let last = max(0, count - 1)
    switch key {
    case .character("j"), .down: return min(last, cursor + 1)
    case .character("k"), .up: return max(0, cursor - 1)
    case .character("g"), .home: return 0
    case .character("G"), .end: return last
    case .control("d"): return min(last, cursor + max(1, page / 2))
    case .control("u"): return max(0, cursor - max(1, page / 2))
    case .pageDown, .control("f"): return min(last, cursor + page)
    case .pageUp, .control("b"): return max(0, cursor - page)
    default: return nil
    }
  }

  /// The first row to show so that `cursor` is on the page of `page` rows.
  static func scrolled(top: Int, cursor: Int, page: Int, count: Int) -> Int {
    var top = min(top, max(0, count - page))
    if cursor < top { top = cursor }
    if cursor >= top + page { top = cursor - page + 1 }
    return max(0, top)
  }
}
