/// Where the block parser writes line records: memory it owns and grows, or a region of
/// an array being built (exactly as large as the lines it will hold).
struct RecordBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<LineRecord>
  private var capacity: Int
  private let ownsMemory: Bool
  private(set) var count = 0
  /// Set when a region turned out too small; the records are then incomplete.
  private(set) var overflowed = false

  /// A growable buffer.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    ownsMemory = true
  }

  /// A fixed region of memory someone else owns.
  init(region: UnsafeMutablePointer<LineRecord>, capacity: Int) {
    base = region
    self.capacity = capacity
    ownsMemory = false
  }

  deinit {
    if ownsMemory { base.deallocate() }
  }

  var last: LineRecord? { count > 0 ? base[count &- 1] : nil }

  subscript(index: Int) -> LineRecord {
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
  mutating func append(_ record: LineRecord) {
    if count == capacity {
      guard ownsMemory else {
        overflowed = true
        return
      }
      let newCapacity = capacity * 2
      let newBase = UnsafeMutablePointer<LineRecord>.allocate(capacity: newCapacity)
      newBase.moveInitialize(from: base, count: count)
      base.deallocate()
      base = newBase
      capacity = newCapacity
    }
    (base + count).initialize(to: record)
    count &+= 1
  }

  /// The records as an array (a copy; for the growable buffer).
  var array: [LineRecord] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }
}
