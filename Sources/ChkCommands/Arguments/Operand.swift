/// An operand a command takes, as its usage line shows it: `ITEM`, `[PATH]`,
/// `ITEM...`, `[PATH...]`, a literal word (`setup`), a choice (`(bash | zsh | fish)`),
/// or an operand given instead of an option (`(ICON | --none)`).
struct Operand: Sendable {
  /// How many times it may appear.
  enum Count: Sendable {
    case one, optional, oneOrMore, any
  }

  /// Its placeholder (`ITEM`), or the words it may be, joined (`bash | zsh | fish`).
  let name: String
  let count: Count
  /// Whether it names a file (any bytes), not text that goes into a file (UTF-8).
  let isPath: Bool
  /// The words it must be one of; `nil` for any text.
  let words: [String]?
  /// The option that may be given instead of it (exactly one of the two).
  let alternative: Option?

  /// One operand.
  static func one(_ name: String, isPath: Bool = false) -> Operand {
    Operand(name: name, count: .one, isPath: isPath, words: nil, alternative: nil)
  }

  /// At most one operand.
  static func optional(_ name: String, isPath: Bool = false) -> Operand {
    Operand(name: name, count: .optional, isPath: isPath, words: nil, alternative: nil)
  }

  /// One or more operands.
  static func oneOrMore(_ name: String) -> Operand {
    Operand(name: name, count: .oneOrMore, isPath: false, words: nil, alternative: nil)
  }

  /// Any number of operands.
  static func any(_ name: String, isPath: Bool = false) -> Operand {
    Operand(name: name, count: .any, isPath: isPath, words: nil, alternative: nil)
  }

  /// Any number of paths.
  static let paths = Operand.any("PATH", isPath: true)

  /// Exactly one of `words`.
  static func word(_ words: String...) -> Operand {
    Operand(
      name: words.joined(separator: " | "), count: .one, isPath: false, words: words,
      alternative: nil)
  }

  /// An operand, or `option` instead of it.
  static func either(_ name: String, or option: Option) -> Operand {
    Operand(name: name, count: .optional, isPath: false, words: nil, alternative: option)
  }

  /// How the usage line shows it.
  var usage: String {
    if let alternative { return "(\(name) | \(alternative.usage))" }
    if let words, words.count > 1 { return "(\(name))" }
    switch count {
    case .one: return name
    case .optional: return "[\(name)]"
    case .oneOrMore: return name + "..."
    case .any: return "[\(name)...]"
    }
  }

  /// The fewest and most times it may appear.
  var bounds: (lower: Int, upper: Int) {
    switch count {
    case .one: return (1, 1)
    case .optional: return (0, 1)
    case .oneOrMore: return (1, Int.max)
    case .any: return (0, Int.max)
    }
  }
}
