/// A growable array in memory it owns and frees, with no copy-on-write checks, or a fixed
/// region of memory someone else owns. The block parser keeps its open blocks in one and
/// writes its line records into another (its own, or a region of an array being built
/// that is exactly as large as the lines it will hold).
struct UnsafeBuffer<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private let ownsMemory: Bool
  private(set) var count = 0
  /// Set when a fixed region turned out too small; its contents are then incomplete.
  private(set) var overflowed = false

  /// A growable buffer.
  init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = .allocate(capacity: self.capacity)
    ownsMemory = true
  }

  /// A fixed region of memory someone else owns: appending past its end sets `overflowed`
  /// and writes nothing.
  init(region: UnsafeMutablePointer<Element>, capacity: Int) {
    base = region
    self.capacity = capacity
    ownsMemory = false
  }

  deinit {
    if ownsMemory { base.deallocate() }
  }

  var isEmpty: Bool { count == 0 }

  var first: Element? { count > 0 ? base[0] : nil }

  var last: Element? { count > 0 ? base[count &- 1] : nil }

  subscript(index: Int) -> Element {
    @inline(__always) get {
      precondition(index >= 0 && index < count)
      return base[index]
    }
    @inline(__always) set {
      precondition(index >= 0 && index < count)
      base[index] = newValue
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity, !grow() { return }
    (base + count).initialize(to: element)
    count &+= 1
  }

  @inline(__always)
  mutating func removeLast() -> Element {
    precondition(count > 0)
    count &-= 1
    return base[count]
  }

  /// The elements as an array (a copy).
  var array: [Element] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Doubles owned memory; for a region, records the overflow and returns false.
  private mutating func grow() -> Bool {
    guard ownsMemory else {
      overflowed = true
      return false
    }
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
    return true
  }
}

/// Where the block parser writes line records.
typealias RecordBuffer = UnsafeBuffer<LineRecord>
