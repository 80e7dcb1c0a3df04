/// Where generated IDs come from: the system's cryptographic random source, or a
/// seeded generator that makes IDs repeatable (for tests; `CHK_SEED` in the CLI).
///
/// IDs are lowercase Crockford base-32 (`0-9 a-h j k m n p-t v-z`) with a letter
/// first: 4 characters, 5 when the file already holds more than 1,000 IDs, 6 past
/// 30,000, re-drawn until unique in the file.
public struct IDGenerator: Sendable {
  private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
  private static let letters = Array("abcdefghjkmnpqrstvwxyz".utf8)

  private var seeded: SplitMix64?

  /// The system's cryptographic random source (`getrandom` on Linux).
  public static let system = IDGenerator(seeded: nil)

  /// A repeatable generator.
  public static func seeded(_ seed: UInt64) -> IDGenerator {
    IDGenerator(seeded: SplitMix64(seed: seed))
  }

  /// The length of a new ID in a file that holds `existingCount` IDs.
  static func length(forExisting existingCount: Int) -> Int {
    existingCount > 30_000 ? 6 : existingCount > 1_000 ? 5 : 4
  }

  /// A new ID that is not in `existing`.
  package mutating func makeID(avoiding existing: IDSet) -> String {
    let length = Self.length(forExisting: existing.count)
    while true {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(length)
      bytes.append(Self.letters[random(below: Self.letters.count)])
      for _ in 1..<length { bytes.append(Self.alphabet[random(below: Self.alphabet.count)]) }
      let id = String(decoding: bytes, as: UTF8.self)
      if !existing.contains(id) { return id }
    }
  }

  private mutating func random(below bound: Int) -> Int {
    if var generator = seeded {
      defer { seeded = generator }
      return Int.random(in: 0..<bound, using: &generator)
    }
    var system = SystemRandomNumberGenerator()
    return Int.random(in: 0..<bound, using: &system)
  }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  private var state: UInt64

  /// Creates a generator from a seed.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
