/// An open-addressing hash table that remembers, for each distinct byte string, the
/// first index (a line) that had it; the caller compares keys, so the table stores no
/// bytes: one 8-byte slot (hash and index together, so a probe touches one cache line).
struct FirstOccurrenceTable: ~Copyable {
  private var slots: UnsafeMutablePointer<UInt64>
  private var capacity: Int
  private var mask: Int
  private(set) var count = 0

  init(expected: Int) {
    var capacity = 16
    while capacity < expected * 3 / 2 { capacity <<= 1 }
    self.capacity = capacity
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
  }

  deinit { slots.deallocate() }

  /// A hash of the bytes, eight at a time, forced non-zero (zero marks an empty slot).
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
    guard let base = bytes.baseAddress else { return 1 }
    let raw = UnsafeRawPointer(base)
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
    var index = range.lowerBound
    while index &+ 8 <= range.upperBound {
      hash =
        (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 29
      index &+= 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < range.upperBound {
      tail |= UInt64(bytes[index]) << shift
      shift &+= 8
      index &+= 1
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    hash ^= hash >> 32
    return UInt32(truncatingIfNeeded: hash) | 1
  }

  mutating func removeAll() {
    guard count > 0 else { return }
    slots.update(repeating: 0, count: capacity)
    count = 0
  }

  /// The index stored for an equal key; or, when there is none, stores `index` and
  /// returns `nil`.
  ///
  /// - Parameter equals: whether the key stored for an index equals the new key.
  @inline(__always)
  mutating func firstIndex(hash: UInt32, storing index: Int32, equals: (Int32) -> Bool) -> Int32? {
    if (count + 1) * 4 > capacity * 3 { grow() }
    var slot = Int(hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      if UInt32(truncatingIfNeeded: entry >> 32) == hash {
        let stored = Int32(bitPattern: UInt32(truncatingIfNeeded: entry))
        if equals(stored) { return stored }
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: index))
    count += 1
    return nil
  }

  private mutating func grow() {
    let old = slots
    let oldCapacity = capacity
    capacity *= 2
    mask = capacity - 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    for position in 0..<oldCapacity where old[position] != 0 {
      var slot = Int(truncatingIfNeeded: old[position] >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = old[position]
    }
    old.deallocate()
  }

  /// Sorts keys with a hash in their high 32 bits by that hash, keeping the order of
  /// keys with equal hashes: a least-significant-digit radix sort, 16 bits a pass.
  ///
  /// - Complexity: O(*n*).
  static func sortByHash(_ keys: inout [UInt64]) {
    let count = keys.count
    guard count > 1 else { return }
    // A small run sorts faster by comparison than through 65,536 buckets (which cost
    // 1 MB of counting per call: most of `chk lint` on a tree of small files). Keys
    // hold their index in the low half, ascending within a run, so sorting whole keys
    // gives the same order as the stable radix sort by hash.
    if count < 4_096 {
      keys.sort()
      return
    }
    var scratch = [UInt64](repeating: 0, count: count)
    var counts = [Int](repeating: 0, count: 1 << 16)
    keys.withUnsafeMutableBufferPointer { keys in
      scratch.withUnsafeMutableBufferPointer { scratch in
        counts.withUnsafeMutableBufferPointer { counts in
          for shift: UInt64 in [32, 48] {
            counts.update(repeating: 0)
            for key in keys { counts[Int(truncatingIfNeeded: (key >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for digit in 0..<counts.count {
              let here = counts[digit]
              counts[digit] = total
              total += here
            }
            for key in keys {
              let digit = Int(truncatingIfNeeded: (key >> shift) & 0xFFFF)
              scratch[counts[digit]] = key
              counts[digit] += 1
            }
            _ = keys.update(fromContentsOf: scratch)
          }
        }
      }
    }
  }
}
