/// An `exclude` pattern of `.chk.json`, read as `.gitignore` reads its patterns and
/// matched against a path relative to the directory that holds the configuration:
///
/// - `*` matches any run of characters but `/`, `?` one character but `/`, and
///   `[abc]`, `[a-z]`, `[!a-z]` one character of (or not of) a set;
/// - `**` as a whole segment matches any number of directories, none included
///   (`docs/**/draft.md`, `**/old`); a trailing one matches everything inside, not the
///   directory itself (`docs/**`);
/// - a pattern without a `/` (other than a trailing one) matches a file or directory
///   name at any depth (`node_modules`, `*.draft.md`); one with a `/` is anchored at
///   the configuration's directory (`docs/old`, `/TODO.md`);
/// - a trailing `/` makes a pattern match directories only (`build/`);
/// - a leading `!` makes it a negation, which takes back what an earlier pattern
///   excluded (`\!` starts a pattern with a literal `!`); see ``excluding(_:isDirectory:among:)``
///   for how a list of patterns decides.
package struct Glob: Sendable, Hashable {
  /// The pattern as written.
  package let text: String
  /// Whether the pattern starts with `!`: a path it matches is included again.
  package let isNegation: Bool
  /// The segments between slashes, as Unicode scalars.
  private let segments: [[Unicode.Scalar]]
  /// Whether the pattern matches at any depth (it has no inner `/`).
  private let floats: Bool
  /// Whether only directories match (a trailing `/`).
  private let directoriesOnly: Bool

  /// A pattern; `nil` when it is empty (or only slashes).
  package init?(_ text: String) {
    self.text = text
    var body = Substring(text)
    isNegation = body.hasPrefix("!")
    if isNegation { body = body.dropFirst() }
    if body.hasPrefix("./") { body = body.dropFirst(2) }
    directoriesOnly = body.hasSuffix("/")
    while body.hasSuffix("/") { body = body.dropLast() }
    let anchored = body.hasPrefix("/")
    while body.hasPrefix("/") { body = body.dropFirst() }
    guard !body.isEmpty else { return nil }
    segments = body.split(separator: "/", omittingEmptySubsequences: true).map {
      Array($0.unicodeScalars)
    }
    floats = !anchored && segments.count == 1
  }

  /// The pattern of `patterns` (read in order, as `.gitignore` reads its lines) that
  /// excludes `path` (relative, `/`-separated), or `nil` when none does. As in git:
  ///
  /// - the last pattern that matches a path decides: a negation includes it again;
  /// - a path in an excluded directory is excluded, whatever matches the path itself,
  ///   since a walk never enters that directory: `build/` then `!build/keep.md` leaves
  ///   `build/keep.md` out (`!build/` must come first).
  ///
  /// Each directory on the way is decided once, so the work is the path's components
  /// times the patterns.
  package static func excluding(_ path: String, isDirectory: Bool = false, among patterns: [Glob])
    -> Glob?
  {
    let components = path.split(separator: "/").map { Array($0.unicodeScalars) }
    guard !components.isEmpty, !patterns.isEmpty else { return nil }
    for end in 1...components.count {
      let isLast = end == components.count
      let decider = patterns.last {
        $0.matchesWhole(components[..<end], isDirectory: !isLast || isDirectory)
      }
      if let decider, !decider.isNegation { return decider }
    }
    return nil
  }

  /// Whether this pattern alone excludes `path`: the file or directory itself, or a
  /// directory it lies in.
  package func matches(_ path: String, isDirectory: Bool = false) -> Bool {
    Self.excluding(path, isDirectory: isDirectory, among: [self]) != nil
  }

  /// Whether the pattern matches the path `components` itself (not a directory it lies
  /// in), negation aside.
  private func matchesWhole(_ components: ArraySlice<[Unicode.Scalar]>, isDirectory: Bool) -> Bool {
    if directoriesOnly && !isDirectory { return false }
    if floats { return Self.matches(segments[0], components[components.endIndex - 1]) }
    return Self.matchesAll(segments, components)
  }

  /// Whether the segments match all the components. A table over (segment, component)
  /// pairs keeps `**` linear in their product.
  private static func matchesAll(
    _ segments: [[Unicode.Scalar]], _ components: ArraySlice<[Unicode.Scalar]>
  ) -> Bool {
    let limit = components.count
    let base = components.startIndex
    // reachable[c]: the segments before the current one can match the first c
    // components.
    var reachable = [Bool](repeating: false, count: limit + 1)
    reachable[0] = true
    for (position, segment) in segments.enumerated() {
      var next = [Bool](repeating: false, count: limit + 1)
      if segment == ["*", "*"] {
        // `**` matches any number of directories; a trailing one (`docs/**`) matches
        // what is inside, so at least one component.
        let isLast = position == segments.count - 1
        var any = false
        for count in 0...limit {
          if isLast {
            next[count] = any
            any = any || reachable[count]
          } else {
            any = any || reachable[count]
            next[count] = any
          }
        }
      } else {
        for count in 0..<limit
        where reachable[count] && matches(segment, components[base + count]) {
          next[count + 1] = true
        }
      }
      reachable = next
    }
    return reachable[limit]
  }

  /// Whether one segment (`*`, `?`, `[...]`) matches one path component: the greedy
  /// two-pointer match, backtracking only to the last `*`.
  package static func matches(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
    var p = 0
    var n = 0
    var star: (pattern: Int, name: Int)?
    while n < name.count {
      if p < pattern.count, pattern[p] == "*" {
        star = (p + 1, n)
        p += 1
        continue
      }
      if p < pattern.count, let length = single(pattern, at: p, matches: name[n]) {
        p += length
        n += 1
        continue
      }
      guard let last = star else { return false }
      star = (last.pattern, last.name + 1)
      p = last.pattern
      n = last.name + 1
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  /// The length of the pattern element at `index` when it matches `scalar` (a
  /// literal, `?`, a `\`-escaped character or a `[...]` set), else `nil`.
  private static func single(
    _ pattern: [Unicode.Scalar], at index: Int, matches scalar: Unicode.Scalar
  )
    -> Int?
  {
    switch pattern[index] {
    case "?":
      return 1
    case "\\" where index + 1 < pattern.count:
      return pattern[index + 1] == scalar ? 2 : nil
    case "[":
      guard let (length, contains) = set(pattern, at: index, scalar) else {
        return scalar == "[" ? 1 : nil
      }
      return contains ? length : nil
    default:
      return pattern[index] == scalar ? 1 : nil
    }
  }

  /// A `[...]` set at `index`: its length and whether it holds `scalar`; `nil` when
  /// the bracket is never closed (then it is a literal `[`).
  private static func set(_ pattern: [Unicode.Scalar], at index: Int, _ scalar: Unicode.Scalar)
    -> (Int, Bool)?
  {
    var cursor = index + 1
    let negated = cursor < pattern.count && (pattern[cursor] == "!" || pattern[cursor] == "^")
    if negated { cursor += 1 }
    var found = false
    var first = true
    while cursor < pattern.count, first || pattern[cursor] != "]" {
      first = false
      let low = pattern[cursor]
      if cursor + 2 < pattern.count, pattern[cursor + 1] == "-", pattern[cursor + 2] != "]" {
        if low.value <= scalar.value, scalar.value <= pattern[cursor + 2].value { found = true }
        cursor += 3
      } else {
        if low == scalar { found = true }
        cursor += 1
      }
    }
    guard cursor < pattern.count else { return nil }
    return (cursor + 1 - index, found != negated)
  }
}
