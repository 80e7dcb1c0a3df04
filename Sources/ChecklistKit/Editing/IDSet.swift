/// The IDs in use in a document, kept as 64-bit hashes of their text in an
/// open-addressing table: built with no string per ID and no reference counting, and
/// asked whether a fresh ID is taken. A hash that matches by accident only makes the
/// generator draw again (or a fix be withheld); it never lets an ID be used twice the
/// other way round, as a real duplicate always matches.
package struct IDSet: Sendable {
  private var slots: [UInt64]
  private var mask: Int
  /// How many distinct IDs (hashes) it holds.
  package private(set) var count = 0

  /// An empty set with room for about `capacity` IDs before it grows.
  package init(capacity: Int = 16) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [UInt64](repeating: 0, count: size)
    mask = size - 1
  }

  /// FNV-1a over bytes, never 0 (which marks an empty slot).
  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash | 1
  }

  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
    return hash | 1
  }

  /// Whether the ID is (probably) in use.
  package func contains(_ id: String) -> Bool {
    contains(hash: Self.hash(id.utf8))
  }

  func contains(hash: UInt64) -> Bool {
    var slot = Int(truncatingIfNeeded: hash >> 7) & mask
    while slots[slot] != 0 {
      if slots[slot] == hash { return true }
      slot = (slot + 1) & mask
    }
    return false
  }

  /// Adds an ID.
  package mutating func insert(_ id: String) {
    insert(hash: Self.hash(id.utf8))
  }

  mutating func insert(hash: UInt64) {
    if (count + 1) * 2 > slots.count { grow() }
    var slot = Int(truncatingIfNeeded: hash >> 7) & mask
    while slots[slot] != 0 {
      if slots[slot] == hash { return }
      slot = (slot + 1) & mask
    }
    slots[slot] = hash
    count += 1
  }

  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: old.count * 2)
    mask = slots.count - 1
    count = 0
    for hash in old where hash != 0 { insert(hash: hash) }
  }
}
