/// A growable stack in memory it owns and frees, with no copy-on-write checks: the
/// block parser touches its open blocks several times per line.
struct UnsafeStack<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  var last: Element? { count > 0 ? base[count &- 1] : nil }

  var first: Element? { count > 0 ? base[0] : nil }

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
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count &+= 1
  }

  @inline(__always)
  mutating func removeLast() -> Element {
    precondition(count > 0)
    count &-= 1
    return base[count]
  }

  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
