import ChecklistKit
import ChkWorkspace

/// One `chk` command, as data: its name, operands and options, which options exclude
/// or need each other, and what it does. The one parser reads arguments against it,
/// checks the operand count and the option groups before the action runs, and usage
/// lines, help, completions and the man-page check are all generated from it.
struct Command: Sendable {
  typealias Action = @Sendable (Invocation) throws(CommandError) -> ExitCode

  /// The name typed after `chk`.
  let name: String
  /// The operands, in order.
  let operands: [Operand]
  /// One line for `chk help`.
  let summary: String
  /// Options of this command (besides the global ones and, for editing commands, the
  /// editing ones), in the order usage lines show them.
  let options: [Option]
  /// Groups of options of which at most one may be given; usage shows each group as
  /// `[--a | --b]`.
  let exclusive: [[Option]]
  /// Options of which at least one must be given; usage shows them as `(--a | --b)`.
  let required: [Option]
  /// Pairs that cannot be combined besides the groups (not shown in usage).
  let conflicts: [(Option, Option)]
  /// Whether the command writes files (and so takes `--dry-run`, `--diff`, `--quiet`).
  let edits: Bool
  let action: Action

  init(
    _ name: String, operands: [Operand] = [], _ summary: String, options: [Option] = [],
    exclusive: [[Option]] = [], required: [Option] = [], conflicts: [(Option, Option)] = [],
    edits: Bool = false, action: @escaping Action
  ) {
    self.name = name
    self.operands = operands
    self.summary = summary
    self.options = options
    self.exclusive = exclusive
    self.required = required
    self.conflicts = conflicts
    self.edits = edits
    self.action = action
  }

  /// Every option this command accepts, global ones included.
  var allOptions: [Option] {
    Self.globalOptions + (edits ? Self.editOptions.filter { !options.contains($0) } : []) + options
  }

  func execute(
    _ arguments: [String], _ environment: ChkEnvironment, _ output: ByteOutput,
    _ errors: ByteOutput
  ) throws(CommandError) -> ExitCode {
    let parsed = try ArgumentParser.parse(arguments, specs: allOptions, context: "chk " + name)
    try checkText(parsed)
    if parsed.has(Option.help) {
      output.write(Help.command(self))
      return .success
    }
    try check(parsed)
    let invocation = try Invocation(
      command: self, arguments: parsed, environment: environment, output: output, errors: errors)
    return try action(invocation)
  }

  // MARK: - Usage

  /// The usage line after `chk`: the name, the operands, then the options, each group
  /// once (`check ITEM... [--date DATE | --no-date] [--no-repeat]`). chk(1) shows the
  /// same line for each command.
  var usage: String {
    var parts = [name]
    // Optional operands in a row nest: a later one is only given after an earlier one.
    var nested = 0
    for operand in operands {
      if operand.count == .optional, operand.alternative == nil {
        parts.append("[" + operand.name)
        nested += 1
      } else {
        if nested > 0, let last = parts.popLast() {
          parts.append(last + String(repeating: "]", count: nested))
          nested = 0
        }
        parts.append(operand.usage)
      }
    }
    if nested > 0, let last = parts.popLast() {
      parts.append(last + String(repeating: "]", count: nested))
    }
    var shown = Set<Option>(operands.compactMap(\.alternative))
    func group(_ members: [Option]) -> String {
      members.map(\.usage).joined(separator: " | ")
    }
    for option in options where !shown.contains(option) {
      if required.contains(option) {
        parts.append("(" + group(required) + ")")
        shown.formUnion(required)
      } else if let members = exclusive.first(where: { $0.contains(option) }),
        members.allSatisfy({ !shown.contains($0) })
      {
        parts.append("[" + group(members) + "]")
        shown.formUnion(members)
      } else {
        parts.append("[" + option.usage + "]" + (option.isRepeatable ? "..." : ""))
        shown.insert(option)
      }
    }
    return parts.joined(separator: " ")
  }

  // MARK: - Checks

  /// What the operands are, for a usage error: "one or more ITEMs".
  private var expectedOperands: String {
    let described = operands.map { operand -> String in
      switch operand.count {
      case .one: return operand.words == nil ? "one \(operand.name)" : "'\(operand.name)'"
      case .optional:
        let alternative = operand.alternative.map { " (or \($0.usage))" } ?? ""
        return "at most one \(operand.name)" + alternative
      case .oneOrMore: return "one or more \(operand.name)s"
      case .any: return "any number of \(operand.name)s"
      }
    }
    guard let last = described.last else { return "no operands" }
    return described.count == 1
      ? last : described.dropLast().joined(separator: ", ") + " and " + last
  }

  /// Checks the operands and option groups against the spec.
  func check(_ parsed: ParsedArguments) throws(CommandError) {
    let count = parsed.positionals.count
    let lower = operands.reduce(0) { $0 + $1.bounds.lower }
    let upper = operands.reduce(0) { total, operand in
      total > Int.max - operand.bounds.upper ? Int.max : total + operand.bounds.upper
    }
    guard count >= lower, count <= upper else {
      // Word operands are their own explanation: the usage lists them.
      let expected =
        operands.allSatisfy { $0.words != nil } ? "" : " (\(expectedOperands))"
      throw .usage("usage: chk \(usage)\(expected); see 'chk help \(name)'")
    }
    // Operands with fixed words come first in every command that has them.
    for (operand, given) in zip(operands, parsed.positionals) {
      if let words = operand.words, !words.contains(given) {
        throw .usage(
          "'\(given)' is not \(words.count == 1 ? "'\(words[0])'" : "one of \(operand.name)")"
            + "\(Suggestions.clause(given, among: words)); see 'chk help \(name)'")
      }
      if let alternative = operand.alternative, parsed.has(alternative) {
        throw .usage("\(operand.name) and \(alternative.usage) cannot be used together")
      }
    }
    if let either = operands.first(where: { $0.alternative != nil }),
      let alternative = either.alternative, count < upper, !parsed.has(alternative)
    {
      throw .usage("chk \(name) needs \(either.name) or \(alternative.usage)")
    }
    for members in exclusive {
      try Self.atMostOne(of: members, in: parsed)
    }
    for (first, second) in conflicts {
      try Self.atMostOne(of: [first, second], in: parsed)
    }
    if !required.isEmpty, !required.contains(where: parsed.has) {
      throw .usage(
        "chk \(name) needs one of " + required.map { "--" + $0.name }.joined(separator: ", "))
    }
  }

  private static func atMostOne(of members: [Option], in parsed: ParsedArguments)
    throws(CommandError)
  {
    let given = members.filter(parsed.has)
    if given.count > 1 {
      throw .usage(
        given.map { "--" + $0.name }.joined(separator: " and ") + " cannot be used together")
    }
  }

  /// Arguments arrive as bytes; a path may be any bytes, but a name, a note or any
  /// other value goes into the file and must be UTF-8 text.
  private func checkText(_ parsed: ParsedArguments) throws(CommandError) {
    let paths = Set(
      allOptions.filter {
        $0.placeholder == "PATH" || $0.placeholder == "FILE" || $0.placeholder == "DIR"
      }.map(\.name))
    var values: [String] = []
    for (index, operand) in parsed.positionals.enumerated() where !isPathOperand(at: index) {
      values.append(operand)
    }
    values += parsed.options.compactMap { paths.contains($0.name) ? nil : $0.value }
    if let text = values.first(where: SystemPath.holdsRawBytes) {
      throw .invalidValue(
        "'\(SystemPath.display(text))' is not valid UTF-8; names, notes and other values "
          + "must be UTF-8 text")
    }
  }

  /// Whether the `index`th operand given names a file.
  private func isPathOperand(at index: Int) -> Bool {
    var start = 0
    for operand in operands {
      let upper = operand.bounds.upper
      if index >= start, upper == Int.max || index < start + upper { return operand.isPath }
      start += upper
    }
    return false
  }

  // MARK: - Options shared by commands

  static let globalOptions: [Option] = [.file, .color, .help]

  static let editOptions: [Option] = [.dryRun, .diff, .quiet]

  static func named(_ name: String) -> Command? {
    all.first { $0.name == name }
  }

  /// Every command, in the order help lists them.
  static let all: [Command] = [
    list, lists, due, export, sync, remind, terminalUI, add, check, uncheck, toggle, edit, remove,
    move,
    reset,
    listAdd,
    listRename,
    listRemove, listCopy, listIcon, archive, undo, redo, format, lint, initialize, git, mergeDriver,
    resolve, languageServer,
    install, uninstall, help, completions, version,
  ]
}
