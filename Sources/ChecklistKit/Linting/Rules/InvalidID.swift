extension LintRule {
  /// `invalid-id` (error): an `@id` value that is not a valid ID.
  public static let invalidID = LintRule(
    .invalidID, "invalid-id", .error, summary: "an @id value outside [A-Za-z0-9_-]{1,32}")
}

/// `invalid-id`: checked for each `@id` by `checkTags`.
extension LintPass {
  /// Whether an `@id` value is 1 to 32 of `A-Z a-z 0-9 _ -`.
  static func isValidID(_ value: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard (1...32).contains(value.count) else { return false }
    for index in value {
      let byte = bytes[index]
      guard
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.dash
          || byte == ASCII.underscore
      else { return false }
    }
    return true
  }

  /// Reports an invalid ID; remembers a valid one for `duplicate-id`.
  @inline(__always)
  mutating func checkID(_ index: Int, _ span: TagSpan, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let value = span.value, Self.isValidID(value, bytes) else {
      report(
        .invalidID, line: index, columns: span.whole,
        "invalid ID in '\(bytes.text(span.whole))'; an ID is 1 to 32 of A-Z a-z 0-9 _ -")
      return
    }
    rememberID(value, onLine: index, bytes)
  }
}
