internal import ChkPlatform

/// A growable byte buffer for output written a few bytes at a time: plain pointer
/// writes, without the uniqueness and capacity checks of appending to an array.
struct OutputBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written since `offset`.
  func bytes(from offset: Int = 0) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + offset, count: count - offset)
  }

  /// The bytes written since `offset`, as an array.
  func array(from offset: Int = 0) -> [UInt8] {
    Array(bytes(from: offset))
  }

  /// Forgets everything written from `offset` on.
  mutating func truncate(to offset: Int) {
    count = min(count, max(0, offset))
  }

  /// Whether the bytes in `range` end with `suffix` twice over.
  func endsWithTwice(_ suffix: [UInt8], in range: Range<Int>) -> Bool {
    let length = suffix.count
    let end = range.upperBound
    guard length > 0, end <= count, range.count >= 2 * length else { return false }
    for index in 0..<(2 * length) where base[end - 2 * length + index] != suffix[index % length] {
      return false
    }
    return true
  }

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    guard count &+ extra > capacity else { return }
    var newCapacity = capacity * 2
    while newCapacity < count + extra { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func append(_ byte: UInt8, repeating times: Int) {
    guard times > 0 else { return }
    reserve(times)
    (base + count).update(repeating: byte, count: times)
    count &+= times
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    memcpy(base + count, source, bytes.count)
    count &+= bytes.count
  }

  @inline(__always)
  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }
}
