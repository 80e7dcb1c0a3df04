extension Diagnostic {
  /// The text a frequent message quotes from the document: up to 32 bytes kept in the
  /// value itself, so that a finding costs no reference counting as it is made, sorted,
  /// filtered and written (a file can raise one on each of a million lines); longer
  /// text as a slice of the document's bytes.
  enum Quote: Sendable {
    case inline(InlineBytes)
    case shared(ArraySlice<UInt8>)

    /// The bytes at `range` of a document's bytes, `buffer`; `shared` gives them as a
    /// slice of the document's array when they are too long to hold.
    init(
      _ range: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>,
      shared: @autoclosure () -> ArraySlice<UInt8>
    ) {
      if let inline = InlineBytes(UnsafeBufferPointer(rebasing: buffer[range])) {
        self = .inline(inline)
      } else {
        self = .shared(shared())
      }
    }

    func append(to bytes: inout [UInt8]) {
      switch self {
      case .inline(let inline): inline.append(to: &bytes)
      case .shared(let slice): bytes += slice
      }
    }

    /// The quote in storage of its own (not a slice of the document's bytes).
    var detached: Quote {
      switch self {
      case .inline: self
      case .shared(let slice): .shared(ArraySlice(Array(slice)))
      }
    }
  }

  /// Up to 32 bytes, held in four words.
  struct InlineBytes: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private let count: UInt8

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard bytes.count <= 32 else { return nil }
      count = UInt8(bytes.count)
      withUnsafeMutableBytes(of: &words) { storage in
        storage.copyMemory(from: UnsafeRawBufferPointer(bytes))
      }
    }

    func append(to bytes: inout [UInt8]) {
      withUnsafeBytes(of: words) { storage in
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: storage[..<Int(count)]))
      }
    }
  }
}
