import Foundation

/// The real-world corpus in `Tests/Corpus`: Markdown files with task lists from public
/// repositories, and other parsers' task-list test cases.
public enum Corpus {
  /// One file of the corpus.
  public struct File: Sendable {
    /// The path relative to `Tests/Corpus`.
    public var name: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The file's text, when it is valid UTF-8.
    public var text: String? { String(validating: bytes, as: UTF8.self) }
  }

  /// `Tests/Corpus`.
  public static let directory = TestSupport.packageRoot.appendingPathComponent("Tests/Corpus")

  /// Every corpus file, in name order.
  public static let files = markdown { $0.hasPrefix("files/") || $0.hasPrefix("peers/") }

  /// The Obsidian Tasks plugin's documentation vault and sample vault
  /// (`obsidian-tasks/`, with its PROVENANCE.md): every file with a task line.
  public static let obsidianTasks = markdown { $0.hasPrefix("obsidian-tasks/") }

  static func markdown(_ isIncluded: (String) -> Bool) -> [File] {
    let root = directory.path
    let names =
      FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter {
        isIncluded($0) && $0.hasSuffix(".md") && !$0.hasSuffix("PROVENANCE.md")
      } ?? []
    return names.sorted().compactMap { name in
      (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + name))).map {
        File(name: name, bytes: Array($0))
      }
    }
  }
}
