import ChecklistKit
import ChkLanguageServer
import ChkPlatform
import ChkWorkspace

/// Configuration lookup and path handling, fed any bytes.
extension FuzzChecks {
  /// Bytes as a directory tree with `.chk.json` files (valid, broken, empty) at some
  /// levels, a `.git` at some, and a path to look up (which may not exist, may hold
  /// `.`, `..`, repeated slashes and any bytes, and may be far longer than a path can
  /// be). The lookup never crashes and gives what a plain reference search gives: the
  /// nearest `.chk.json` from the directory up to the tree's root, stopping after a
  /// directory that holds `.git`. A `file:` URI made from the path gives it back.
  package static func configurationViolation(in bytes: [UInt8], scratch: String?) -> String? {
    if let problem = uriProblem(bytes) { return problem }
    guard let scratch else { return nil }
    let root = scratch + "/config"
    removeTree(root)
    guard mkdir(root, 0o755) == 0 else { return nil }
    defer { removeTree(root) }
    // The first bytes build a chain of directories; each byte says what is in it.
    var directory = root
    var chain = [root]
    for byte in bytes.prefix(12) {
      directory += "/d\(byte % 3)"
      guard mkdir(directory, 0o755) == 0 else { break }
      chain.append(directory)
      switch byte >> 5 {
      case 1: writeFile(#"{"rules": {"missing-id": "warning"}}"#, to: directory + "/.chk.json")
      case 2: writeFile(#"{"exclude": ["#, to: directory + "/.chk.json")
      case 3: mkdir(directory + "/.git", 0o755)
      case 4: writeFile(#"{"exclude": ["x/"]}"#, to: directory + "/.chk.json")
      default: break
      }
    }
    // Each directory of the chain, and the rest of the bytes as a path under it.
    var rest = Array(bytes.dropFirst(12))
    let repeats = rest.first.map { Int($0 % 8) } ?? 0
    for _ in 0..<repeats { rest += rest }
    let extra = SystemPath.string(rest.map { $0 == 0 ? UInt8(ascii: "/") : $0 })
    for query in chain + [directory + "/" + extra, directory + "//./../" + extra] {
      var cache = ConfigurationCache(home: root)
      var result: String
      do throws(WorkspaceError) {
        result = try cache.configuration(for: query).path ?? "none"
      } catch {
        result = "error"
      }
      let expected = referenceSearch(query, root: root)
      guard result == expected else {
        return "the lookup for \(query.prefix(200)) gave \(result), a plain search \(expected)"
      }
    }
    return nil
  }

  /// The nearest `.chk.json` above `directory`, up to `root` or a directory holding
  /// `.git`: its path, "error" when it does not parse, "none".
  private static func referenceSearch(_ directory: String, root: String) -> String {
    guard directory.utf8.count <= SystemPath.maximumLength else { return "none" }
    var current = directory
    while true {
      let candidate = current + "/.chk.json"
      if let bytes = try? ChecklistFile.read(candidate) {
        return (try? JSONValue.parse(bytes)).map { value in
          // Only an object with the known keys, well typed, is a configuration.
          guard case .object(let members) = value,
            members.allSatisfy({ $0.0 == "rules" || $0.0 == "exclude" })
          else { return "error" }
          return candidate
        } ?? "error"
      }
      var git = stat()
      if current == root || stat(current + "/.git", &git) == 0 { return "none" }
      guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else {
        return "none"
      }
      current = String(current[..<slash])
    }
  }

  /// Any bytes as a path: the `file:` URI made from it gives it back, unless it is
  /// longer than a path can be (then the URI names no file).
  private static func uriProblem(_ bytes: [UInt8]) -> String? {
    guard let path = String(validating: bytes, as: UTF8.self), !path.contains("\0") else {
      return nil
    }
    let absolute = "/" + path
    let back = FileURI.path(of: FileURI.uri(of: absolute))
    let expected = absolute.utf8.count <= SystemPath.maximumLength ? absolute : nil
    return back == expected ? nil : "the URI of \(absolute.prefix(80)) gave back \(back ?? "nil")"
  }

  static func writeFile(_ text: String, to path: String) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return }
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
    close(file)
  }
}
