/// Each item's level in one section, by line index: a flat array over the section
/// rather than a dictionary (asked for every line, set for few).
struct LevelMap {
  private let base: Int
  private var values: [UInt8]
  /// Marks a line whose level was never set (it is canonical).
  private static let unset: UInt8 = 0xFF

  init(_ section: Range<Int>) {
    base = section.lowerBound
    values = [UInt8](repeating: Self.unset, count: section.count)
  }

  /// The level set for a line, or `nil`.
  subscript(index: Int) -> ChecklistFormatter.Level? {
    get {
      let offset = index - base
      guard offset >= 0, offset < values.count else { return nil }
      return ChecklistFormatter.Level(rawValue: values[offset])
    }
    set {
      let offset = index - base
      guard offset >= 0, offset < values.count else { return }
      values[offset] = newValue?.rawValue ?? Self.unset
    }
  }
}
