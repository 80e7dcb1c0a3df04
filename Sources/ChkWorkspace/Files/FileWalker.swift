import ChecklistKit
import ChkPlatform

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

    package init(path: UserPath, isExplicit: Bool, isStandardInput: Bool = false) {
      self.path = path
      self.isExplicit = isExplicit
      self.isStandardInput = isStandardInput
    }

    /// Whether the document read from this entry counts as a checklist, the one rule
    /// every front end applies to the files it walks: a file named on the command line
    /// always does (unless `checklistsOnly`: `--checklists-only` asks the same of
    /// named files); a file found by walking a directory only when it holds an item
    /// (a README with no task is not a checklist).
    package func counts(_ document: ChecklistDocument, checklistsOnly: Bool = false) -> Bool {
      (isExplicit && !checklistsOnly) || document.hasItems
    }
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
    /// Directories a walk could not read, each with the reason (shown paths).
    package var unreadable: [Skipped] = []
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
  package static func expand(
    _ paths: [String], relativeTo directory: String, options: Options,
    configurations: inout ConfigurationCache
  ) -> Expansion {
    var expansion = Expansion()
    for path in paths {
      let userPath = UserPath(path, in: directory)
      switch POSIX.kind(of: userPath.absolute) {
      case .missing: expansion.missing.append(path)
      case .directory:
        var walk = Walk(root: userPath, options: options)
        walk.run(&configurations)
        expansion.unreadable += walk.unreadable
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
    var unreadable: [Skipped] = []
    /// The root with every link resolved: a file that resolves outside it is not walked.
    let resolvedRoot: String?

    init(root: UserPath, options: Options) {
      // `./docs/` and `/a/./b` name the same directory as `docs` and `/a/b`.
      let components = root.absolute.split(separator: "/").filter { $0 != "." }
      self.root = UserPath(shown: root.shown, absolute: "/" + components.joined(separator: "/"))
      self.options = options
      if case .success(let resolved) = POSIX.resolvedPath(self.root.absolute) {
        resolvedRoot = resolved
      } else {
        resolvedRoot = nil
      }
    }

    /// Whether a link (committed, or planted) leads out of the walked tree: a walk
    /// reads and rewrites the files of the tree it was given, never a file elsewhere
    /// that a link names (`notes.md -> ../../home/TODO.md`).
    func leavesTheTree(_ absolute: String) -> Bool {
      guard POSIX.isSymbolicLink(absolute) else { return false }
      guard let resolvedRoot, case .success(let target) = POSIX.resolvedPath(absolute) else {
        return true
      }
      return !target.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/")
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

    mutating func run(_ configurations: inout ConfigurationCache) {
      if options.usesGit, let listed = git(["--cached", "--others", "--exclude-standard"]) {
        for relative in listed where relative.hasSuffix(".md") {
          let absolute = absolute(relative)
          // A tracked file deleted from the work tree is listed but gone; one in a
          // directory this user may not enter is listed but cannot be read.
          switch POSIX.lookUp(absolute) {
          case .success(.regularFile): break
          case .failure(let error) where error.code == EACCES:
            let directory = SystemPath.directory(of: relative)
            let shownDirectory = directory == "." ? root.shown : shown(directory)
            if !unreadable.contains(where: { $0.path == shownDirectory }) {
              unreadable.append(Skipped(path: shownDirectory, reason: POSIX.reason(error.code)))
            }
            continue
          default: continue
          }
          if leavesTheTree(absolute) {
            skip(relative, Self.outsideLink)
            continue
          }
          add(relative, absolute, &configurations)
        }
        if options.reportsSkipped {
          let ignored = git(["--others", "--ignored", "--exclude-standard", "--directory"]) ?? []
          for relative in ignored where relative.hasSuffix("/") || relative.hasSuffix(".md") {
            skip(relative, "ignored by git")
          }
        }
      } else {
        walkTree(&configurations)
      }
    }

    /// Why a pattern left a path out, naming the configuration as the user would.
    func excluded(_ pattern: Glob, _ configuration: ProjectConfiguration) -> String {
      var file = configuration.path ?? ".chk.json"
      let prefix = root.absolute == "/" ? "/" : root.absolute + "/"
      if file.hasPrefix(prefix) { file = shown(String(file.dropFirst(prefix.count))) }
      return "excluded by '\(pattern.text)' in \(file)"
    }

    /// Adds a file unless its configuration excludes it. A file whose configuration is
    /// not valid is added: `ChecklistTargets` leaves it out and says why.
    private mutating func add(
      _ relative: String, _ absolute: String, _ configurations: inout ConfigurationCache
    ) {
      if let configuration = try? configurations.configuration(
        for: SystemPath.directory(of: absolute)),
        let pattern = configuration.excludingPattern(for: absolute)
      {
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
    /// work tree or without git.
    private mutating func git(_ arguments: [String]) -> [String]? {
      let outcome = Git.run(
        ["ls-files", "-z"] + arguments, in: root.absolute, environment: options.environment,
        errors: .separate)
      guard outcome.status == 0 else { return nil }
      // Untracked files in a directory git could not open are not listed; git says so
      // (`warning: could not open directory 'private/': Permission denied`).
      let prefix = Array("warning: could not open directory '".utf8)
      for line in outcome.errors.split(separator: UInt8(ascii: "\n"))
      where line.starts(with: prefix) {
        let rest = line.dropFirst(prefix.count)
        guard let quote = rest.lastIndex(of: UInt8(ascii: "'")) else { continue }
        var directory = SystemPath.string(rest[..<quote])
        if directory.hasSuffix("/") { directory.removeLast() }
        let reason = String(
          decoding: rest[(quote + 1)...].drop {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ")
          }, as: UTF8.self)
        let shownDirectory = directory.isEmpty ? root.shown : shown(directory)
        if !unreadable.contains(where: { $0.path == shownDirectory }) {
          unreadable.append(Skipped(path: shownDirectory, reason: reason.lowercased()))
        }
      }
      return outcome.output.split(separator: 0).map { SystemPath.string($0) }
    }

    /// Walks the tree without git, one directory at a time (no recursion, so depth
    /// cannot exhaust the stack).
    private mutating func walkTree(_ configurations: inout ConfigurationCache) {
      var pending = [""]
      while let directory = pending.popLast() {
        let names: [String]
        switch DirectoryEntries.names(in: directory.isEmpty ? root.absolute : absolute(directory)) {
        case .success(let found): names = found
        case .failure(let error):
          unreadable.append(
            Skipped(
              path: directory.isEmpty ? root.shown : shown(directory),
              reason: POSIX.reason(error.code)))
          continue
        }
        for name in names {
          let relative = directory.isEmpty ? name : directory + "/" + name
          let absolute = absolute(relative)
          let kind = DirectoryEntries.linkKind(of: absolute)
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
            // Under a configuration that is not valid, the walk goes on: the files it
            // finds are left out by `ChecklistTargets`, which says why.
            if let configuration = try? configurations.configuration(
              for: SystemPath.directory(of: absolute)),
              let pattern = configuration.excludingPattern(for: absolute, isDirectory: true)
            {
              skip(relative + "/", excluded(pattern, configuration))
            } else {
              pending.append(relative)
            }
          case .symbolicLink where POSIX.kind(of: absolute) == .directory:
            skip(relative, "a symbolic link to a directory (not followed)")
          case .symbolicLink where name.hasSuffix(".md") && leavesTheTree(absolute):
            skip(relative, Self.outsideLink)
          case .symbolicLink, .regularFile:
            if name.hasSuffix(".md"), POSIX.kind(of: absolute) == .regularFile {
              add(relative, absolute, &configurations)
            }
          case .other:
            break
          }
        }
      }
    }

    static let outsideLink = "a symbolic link to a file outside the directory (not followed)"
  }
}
