/// A 64-bit checksum of bytes, the same in every process (Swift's `Hasher` is seeded
/// per process): what an undo record keeps of the file it left, so that undo can tell
/// that the bytes it is about to replace are the ones chk wrote. It guards against
/// accidents (another edit, a torn record), not against someone crafting a collision.
package enum ContentHash {
  /// The checksum of `bytes`: every 8-byte word mixed in with a full avalanche
  /// (SplitMix64's finalizer), then the length.
  package static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }

  static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x243F_6A88_85A3_08D3
    var offset = 0
    while offset + 8 <= buffer.count {
      let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      hash = mix(hash ^ word)
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < buffer.count {
      tail |= UInt64(buffer[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = mix(hash ^ tail)
    return mix(hash ^ UInt64(buffer.count))
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
