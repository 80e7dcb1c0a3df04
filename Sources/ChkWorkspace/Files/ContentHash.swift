/// A 64-bit checksum of bytes, the same in every process (Swift's `Hasher` is seeded
/// per process): what an undo record keeps of the file it left, so that undo can tell
/// that the bytes it is about to replace are the ones chk wrote. It guards against
/// accidents (another edit, a torn record), not against someone crafting a collision.
///
/// Four lanes of 8-byte words, each multiplied in and rotated (as xxHash's inner loop
/// is), so the processor works on four at once: a 56 MB file hashes in a few
/// milliseconds; then the lanes, the tail and the length are mixed with SplitMix64's
/// finalizer.
package enum ContentHash {
  /// The checksum of `bytes`.
  package static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }

  package static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
    )
    @inline(__always)
    func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = lane &+ word &* prime2
      return ((mixed << 31) | (mixed >> 33)) &* prime1
    }
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var offset = 0
    while offset + 32 <= buffer.count {
      lanes.0 = round(lanes.0, word(offset))
      lanes.1 = round(lanes.1, word(offset + 8))
      lanes.2 = round(lanes.2, word(offset + 16))
      lanes.3 = round(lanes.3, word(offset + 24))
      offset += 32
    }
    var hash = mix(lanes.0 ^ mix(lanes.1 ^ mix(lanes.2 ^ mix(lanes.3))))
    while offset + 8 <= buffer.count {
      hash = mix(hash ^ word(offset))
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
