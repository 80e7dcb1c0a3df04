import ChkWorkspace

/// Arguments split into options and operands.
struct ParsedArguments {
  /// The operands, in order.
  var positionals: [String] = []
  /// Every option given, in order, with its value.
  var options: [(name: String, value: String?)] = []

  /// Whether the option was given.
  func has(_ option: Option) -> Bool {
    options.contains { $0.name == option.name }
  }

  /// The last value given for an option.
  func value(_ option: Option) -> String? {
    options.last { $0.name == option.name }?.value
  }

  /// Every value given for a repeatable option.
  func values(_ option: Option) -> [String] {
    options.filter { $0.name == option.name }.compactMap(\.value)
  }
}

/// A small GNU-style parser: long options (`--name`, `--name=value`, `--name value`),
/// short options (`-f value`, `-fvalue`, grouped flags `-qd`), `--` to end options,
/// and `-` as an operand (standard input).
enum ArgumentParser {
  /// Splits `arguments` using `specs`.
  ///
  /// - Parameter context: how errors name the command (`chk check`).
  /// - Throws: a usage error for an unknown option, a missing value, or a value given to
  ///   a flag.
  static func parse(_ arguments: [String], specs: [Option], context: String)
    throws(CommandError)
    -> ParsedArguments
  {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    func spec(long: String) throws(CommandError) -> Option {
      guard let spec = specs.first(where: { $0.name == long }) else {
        let hint = Suggestions.clause(long, among: specs.map(\.name), quoted: "--")
        throw .usage(
          "unknown option '--\(long)' for '\(context)'\(hint); see '\(helpCommand(context))'")
      }
      return spec
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let option = try spec(long: name)
        if let equals = body.firstIndex(of: "=") {
          guard option.takesValue else {
            throw .usage("option '--\(name)' takes no value; see '\(helpCommand(context))'")
          }
          result.options.append((name, String(body[body.index(after: equals)...])))
        } else if option.takesValue {
          guard index < arguments.count else {
            throw .usage("option '--\(name)' needs a value (\(option.placeholder ?? "VALUE"))")
          }
          result.options.append((name, arguments[index]))
          index += 1
        } else {
          result.options.append((name, nil))
        }
      } else {
        var letters = Substring(argument.dropFirst())
        while let letter = letters.first {
          letters = letters.dropFirst()
          guard let option = specs.first(where: { $0.short == letter }) else {
            throw .usage(
              "unknown option '-\(letter)' for '\(context)'; see '\(helpCommand(context))'")
          }
          if option.takesValue {
            if !letters.isEmpty {
              result.options.append((option.name, String(letters)))
            } else if index < arguments.count {
              result.options.append((option.name, arguments[index]))
              index += 1
            } else {
              throw .usage("option '-\(letter)' needs a value (\(option.placeholder ?? "VALUE"))")
            }
            break
          }
          result.options.append((option.name, nil))
        }
      }
    }
    return result
  }

  private static func helpCommand(_ context: String) -> String {
    context == "chk" ? "chk help" : "chk help " + context.dropFirst(4)
  }
}
