/// An option a command accepts: a typed constant (`.list`, `.dryRun`), declared once in
/// `Option+Catalog.swift` and shared by every command that takes it, so the code reads
/// `arguments.value(.list)` and a misspelt option does not compile.
///
/// Two options are the same when their long names are; a command may give one its own
/// help line with `described(_:)`.
struct Option: Sendable, Hashable {
  /// The long name, without dashes: `date` for `--date`.
  let name: String
  /// The short letter, if any: `f` for `-f`.
  let short: Character?
  /// The value's placeholder (`DATE`), or `nil` for a flag.
  let placeholder: String?
  /// One line for `chk help`.
  let help: String
  /// Whether it may be given more than once, each value kept (usage shows `...`).
  let isRepeatable: Bool

  /// A flag: an option without a value.
  static func flag(_ name: String, _ short: Character? = nil, _ help: String) -> Option {
    Option(name: name, short: short, placeholder: nil, help: help, isRepeatable: false)
  }

  /// An option that takes a value.
  static func value(
    _ name: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    repeatable: Bool = false
  ) -> Option {
    Option(name: name, short: short, placeholder: placeholder, help: help, isRepeatable: repeatable)
  }

  /// The same option with this command's help line.
  func described(_ help: String) -> Option {
    Option(
      name: name, short: short, placeholder: placeholder, help: help, isRepeatable: isRepeatable)
  }

  /// Whether it takes a value.
  var takesValue: Bool { placeholder != nil }

  /// How a usage line shows it: a flag with a short letter by its letter (`-w`),
  /// anything else by its long name, with its value (`--list NAME`).
  var usage: String {
    guard let placeholder else { return short.map { "-\($0)" } ?? "--" + name }
    return "--" + name + " " + placeholder
  }

  /// How help lists it: `-f, --file PATH`.
  var synopsis: String {
    let long = "--" + name + (placeholder.map { " " + $0 } ?? "")
    guard let short else { return "    " + long }
    return "-\(short), " + long
  }

  static func == (lhs: Option, rhs: Option) -> Bool { lhs.name == rhs.name }

  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
