/// An open-addressing hash table that remembers, for each distinct byte string, the
/// first index (a line) that had it; the caller compares keys, so the table stores no
/// bytes: 8 bytes a slot.
struct FirstOccurrenceTable {
  private var hashes: [UInt32]
  private var indices: [Int32]
  private var mask: Int
  private(set) var count = 0

  init(expected: Int) {
    var capacity = 16
    while capacity < expected * 3 / 2 { capacity <<= 1 }
    hashes = [UInt32](repeating: 0, count: capacity)
    indices = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
  }

  /// FNV-1a, forced non-zero (zero marks an empty slot).
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for index in range { hash = (hash ^ UInt32(bytes[index])) &* 0x0100_0193 }
    return hash | 1
  }

  mutating func removeAll() {
    guard count > 0 else { return }
    for index in hashes.indices { hashes[index] = 0 }
    count = 0
  }

  /// The index stored for an equal key; or, when there is none, stores `index` and
  /// returns `nil`.
  ///
  /// - Parameter equals: whether the key stored for an index equals the new key.
  mutating func firstIndex(hash: UInt32, storing index: Int32, equals: (Int32) -> Bool) -> Int32? {
    if (count + 1) * 4 > hashes.count * 3 { grow() }
    var slot = Int(hash) & mask
    while hashes[slot] != 0 {
      if hashes[slot] == hash, equals(indices[slot]) { return indices[slot] }
      slot = (slot + 1) & mask
    }
    hashes[slot] = hash
    indices[slot] = index
    count += 1
    return nil
  }

  private mutating func grow() {
    let oldHashes = hashes
    let oldIndices = indices
    let capacity = hashes.count * 2
    hashes = [UInt32](repeating: 0, count: capacity)
    indices = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
    for (slotHash, slotIndex) in zip(oldHashes, oldIndices) where slotHash != 0 {
      var slot = Int(slotHash) & mask
      while hashes[slot] != 0 { slot = (slot + 1) & mask }
      hashes[slot] = slotHash
      indices[slot] = slotIndex
    }
  }
}
