import ChecklistKit

/// Finds the Markdown files named on a command line: files as given, and the `*.md`
/// files under directories, as a user expects:
///
/// - inside a git work tree, the files git would list (`git ls-files --cached
///   --others --exclude-standard`): tracked and untracked, not ignored;
/// - elsewhere, every file but hidden ones (a name starting with `.`), those under
///   hidden directories and `node_modules`, and symbolic links to directories (not
///   followed, so a link loop cannot trap the walk);
/// - in both, minus the paths the governing `.chk.json` excludes.
///
/// Files named explicitly are never left out. Files found by walking come in the
/// byte order of their paths.
package enum FileWalker {
  /// A file to process, and whether it was named explicitly (not found by walking).
  package struct Entry: Sendable, Hashable {
    package var path: UserPath
    package var isExplicit: Bool
    /// Standard input (`-`), shown as `path`.
    package var isStandardInput = false
  }

  /// A path a walk left out, and why (for `--verbose`).
  package struct Skipped: Sendable, Hashable {
    package var path: String
    package var reason: String
  }

  /// What the operands expand to.
  package struct Expansion {
    package var files: [Entry] = []
    /// Operands that do not exist.
    package var missing: [String] = []
    /// What walks left out; filled only when asked for.
    package var skipped: [Skipped] = []
  }

  /// How to walk.
  package struct Options {
    /// The environment git runs with.
    package var environment: [String: String]
    /// Whether to collect what was left out (costs a second git call).
    package var reportsSkipped = false
    /// Whether to ask git for the files of a work tree (else every directory is walked
    /// as outside one).
    package var usesGit = true

    package init(environment: [String: String], reportsSkipped: Bool = false, usesGit: Bool = true)
    {
      self.environment = environment
      self.reportsSkipped = reportsSkipped
      self.usesGit = usesGit
    }
  }

  /// Expands `paths` (relative to `directory`).
  ///
  /// - Throws: a usage error for a `.chk.json` that is not valid.
  package static func expand(
    _ paths: [String], relativeTo directory: String, options: Options,
    configurations: inout ConfigurationCache
  ) throws(CommandError) -> Expansion {
    var expansion = Expansion()
    for path in paths {
      let userPath = UserPath(path, in: directory)
      switch POSIX.kind(of: userPath.absolute) {
      case .missing: expansion.missing.append(path)
      case .directory:
        var walk = Walk(root: userPath, options: options)
        try walk.run(&configurations)
        expansion.files += walk.found.sorted {
          $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8)
        }
        .map(\.entry)
        expansion.skipped += walk.skipped.sorted {
          $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }
      default: expansion.files.append(Entry(path: userPath, isExplicit: true))
      }
    }
    return expansion
  }

  /// One directory operand's walk.
  private struct Walk {
    let root: UserPath
    let options: Options
    var found: [(relative: String, entry: Entry)] = []
    var skipped: [Skipped] = []

    init(root: UserPath, options: Options) {
      // `./docs/` and `/a/./b` name the same directory as `docs` and `/a/b`.
      let components = root.absolute.split(separator: "/").filter { $0 != "." }
      self.root = UserPath(shown: root.shown, absolute: "/" + components.joined(separator: "/"))
      self.options = options
    }

    /// The path as the user sees it, for a path relative to the root.
    func shown(_ relative: String) -> String {
      let base = root.shown
      if base == "." { return relative }
      return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    func absolute(_ relative: String) -> String {
      root.absolute.hasSuffix("/") ? root.absolute + relative : root.absolute + "/" + relative
    }

    mutating func skip(_ relative: String, _ reason: String) {
      if options.reportsSkipped { skipped.append(Skipped(path: shown(relative), reason: reason)) }
    }

    mutating func run(_ configurations: inout ConfigurationCache) throws(CommandError) {
      if options.usesGit, let listed = git(["--cached", "--others", "--exclude-standard"]) {
        for relative in listed where relative.hasSuffix(".md") {
          let absolute = absolute(relative)
          // A tracked file deleted from the work tree is listed but gone.
          guard POSIX.kind(of: absolute) == .regularFile else { continue }
          try add(relative, absolute, &configurations)
        }
        if options.reportsSkipped {
          let ignored = git(["--others", "--ignored", "--exclude-standard", "--directory"]) ?? []
          for relative in ignored where relative.hasSuffix("/") || relative.hasSuffix(".md") {
            skip(relative, "ignored by git")
          }
        }
      } else {
        try walkTree(&configurations)
      }
    }

    /// Why a pattern left a path out, naming the configuration as the user would.
    func excluded(_ pattern: Glob, _ configuration: ProjectConfiguration) -> String {
      var file = configuration.path ?? ".chk.json"
      let prefix = root.absolute == "/" ? "/" : root.absolute + "/"
      if file.hasPrefix(prefix) { file = shown(String(file.dropFirst(prefix.count))) }
      return "excluded by '\(pattern.text)' in \(file)"
    }

    /// Adds a file unless its configuration excludes it.
    private mutating func add(
      _ relative: String, _ absolute: String, _ configurations: inout ConfigurationCache
    ) throws(CommandError) {
      let configuration = try configurations.configuration(for: SystemPath.directory(of: absolute))
      if let pattern = configuration.excludingPattern(for: absolute) {
        skip(relative, excluded(pattern, configuration))
        return
      }
      found.append(
        (
          relative,
          Entry(path: UserPath(shown: shown(relative), absolute: absolute), isExplicit: false)
        )
      )
    }

    /// The paths `git ls-files` lists under the root, relative to it; `nil` outside a
    /// work tree or without git. The repository's file-system monitor hook is turned
    /// off: listing files must not run a program the repository names.
    private func git(_ arguments: [String]) -> [String]? {
      let outcome = Subprocess.run(
        ["git", "-c", "core.fsmonitor=false", "-C", root.absolute, "ls-files", "-z"] + arguments,
        environment: options.environment)
      guard outcome.status == 0 else { return nil }
      return outcome.output.split(separator: 0).map { SystemPath.string($0) }
    }

    /// Walks the tree without git, one directory at a time (no recursion, so depth
    /// cannot exhaust the stack).
    private mutating func walkTree(_ configurations: inout ConfigurationCache) throws(CommandError)
    {
      var pending = [""]
      while let directory = pending.popLast() {
        for name in Self.names(in: directory.isEmpty ? root.absolute : absolute(directory)) {
          let relative = directory.isEmpty ? name : directory + "/" + name
          let absolute = absolute(relative)
          let kind = Self.linkKind(of: absolute)
          if name.hasPrefix(".") {
            if kind == .directory {
              skip(relative + "/", "hidden")
            } else if name.hasSuffix(".md") {
              skip(relative, "hidden")
            }
            continue
          }
          switch kind {
          case .directory where name == "node_modules":
            skip(relative + "/", "node_modules")
          case .directory:
            let configuration = try configurations.configuration(
              for: SystemPath.directory(of: absolute))
            if let pattern = configuration.excludingPattern(for: absolute, isDirectory: true) {
              skip(relative + "/", excluded(pattern, configuration))
            } else {
              pending.append(relative)
            }
          case .symbolicLink where POSIX.kind(of: absolute) == .directory:
            skip(relative, "a symbolic link to a directory (not followed)")
          case .symbolicLink, .regularFile:
            if name.hasSuffix(".md"), POSIX.kind(of: absolute) == .regularFile {
              try add(relative, absolute, &configurations)
            }
          case .other:
            break
          }
        }
      }
    }

    enum LinkKind { case directory, regularFile, symbolicLink, other }

    /// What `lstat` says a path is.
    static func linkKind(of path: String) -> LinkKind {
      var status = stat()
      guard SystemPath.with(path, { lstat($0, &status) }) == 0 else { return .other }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: return .directory
      case S_IFREG: return .regularFile
      case S_IFLNK: return .symbolicLink
      default: return .other
      }
    }

    /// The names in a directory (not `.` and `..`).
    static func names(in directory: String) -> [String] {
      guard let stream = SystemPath.with(directory, { opendir($0) }) else { return [] }
      defer { closedir(stream) }
      var names: [String] = []
      while let entry = readdir(stream) {
        // Bytes, kept losslessly: a name need not be UTF-8.
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          SystemPath.string(raw.prefix { $0 != 0 })
        }
        if name != ".", name != ".." { names.append(name) }
      }
      return names
    }
  }
}
