import ChecklistKit

/// Deterministic checklist corpora: the same bytes for the same size on every run.
///
/// The standard shape, per FORMAT.md's example: 100 lists (fewer for small corpora),
/// ~40% of items checked with `@done`, ~10% with `@due`, `@id` on ~90%, notes on ~15%,
/// ~6% nested under the item before, ~1% prose and blank lines, a near-miss checkbox
/// every 20,000 lines, and non-ASCII words in the names. The other shapes are what real
/// files look like when they are not chk's own (see `Shape`).
public enum Corpus {
  /// A corpus's shape.
  public enum Shape: String, CaseIterable, Sendable {
    /// As described above: canonical, well-formed.
    case standard
    /// About 1% of lines not canonical, spread over every section: `[X]`, three
    /// spaces after the box, trailing blanks, three spaces before a tag, a heading
    /// without a blank line after it.
    case needsFormatting = "needs formatting"
    /// Every tag after one space, as another formatter leaves them: each one is a
    /// `tag-in-name` finding.
    case collapsedTags = "collapsed tags"
    /// One list holding every item.
    case flat
    /// Items nested 50 levels deep, over and over.
    case deep
    /// `@id` on 5% of items.
    case noIDs = "no IDs"
    /// A third of the items bare `- [ ]` placeholders.
    case templates
  }

  private static let words = [
    "buy", "milk", "bread", "call", "fix", "review", "ship", "release", "notes", "plan",
    "draft", "report", "the", "a", "for", "team", "Brötchen", "café", "日本語", "naïve",
    "🛒", "invoice", "garden", "paint", "book", "trip", "update", "docs", "tests", "build",
  ]

  /// A corpus of `items` items.
  public static func make(items: Int, seed: UInt64 = 2024, shape: Shape = .standard) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var output: [UInt8] = []
    output.reserveCapacity(items * 56 + 4096)
    let lists = shape == .flat ? 1 : max(1, min(100, items / 10))
    let gap = shape == .collapsedTags ? " " : "  "
    var depth = 0
    let perList = items / lists
    var number = 0
    var line = 0
    func chance(_ percent: UInt64) -> Bool { random.next() % 1000 < percent * 10 }
    func pick(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
    for list in 0..<lists {
      output += "## List \(list + 1)  @icon(cart)  @id(l\(list))\n".utf8
      // Needs formatting: every tenth heading has no blank line after it.
      if !(shape == .needsFormatting && list % 10 == 5) { output.append(10) }
      depth = 0
      var count = list == lists - 1 ? items - perList * (lists - 1) : perList
      var previousTopLevel = false
      while count > 0 {
        line += 1
        if random.next() % 1000 < 5 {
          output += "Some prose between the items, kept as written.\n\n".utf8
          previousTopLevel = false
          continue
        }
        if line % 20_000 == 0 {
          output += "- [-] a near-miss checkbox\n".utf8
          previousTopLevel = false
          continue
        }
        number += 1
        count -= 1
        let nested = previousTopLevel && chance(6)
        // Item `items / 2` (and every thousandth) is open and has an ID: the benchmark
        // checks it by its ID.
        let target = number % 1_000 == 0 || number == items / 2
        let checked = chance(40) && !target
        // Deep: each item one level under the one before, back to the top after 50.
        var indent = nested ? "  " : ""
        if shape == .deep {
          depth = target ? 0 : (depth + 1) % 50
          indent = String(repeating: "  ", count: depth)
        }
        let messy = shape == .needsFormatting && random.next() % 100 == 0
        var text = indent + "- ["
        text += checked ? (messy ? "X] " : "x] ") : " ] "
        if shape == .templates, !target, random.next() % 3 == 0 {
          output += (indent + "- [ ]\n").utf8
          previousTopLevel = !nested
          continue
        }
        if messy { text += "  " }
        for _ in 0..<(2 + Int(random.next() % 4)) { text += pick(words) + " " }
        text += String(number)
        let tagGap = messy ? "   " : gap
        if checked {
          text += tagGap + "@done(2024-0\(1 + random.next() % 9)-1\(random.next() % 9))"
        }
        if chance(10) { text += tagGap + "@due(2024-1\(random.next() % 3)-2\(random.next() % 8))" }
        let idChance: UInt64 = shape == .noIDs ? 5 : 90
        if chance(idChance) || target { text += tagGap + "@id(" + id(number) + ")" }
        if chance(15) { text += "  # " + pick(words) + " " + pick(words) }
        if messy { text += "  " }
        output += text.utf8
        output.append(10)
        previousTopLevel = !nested
      }
      output.append(10)
    }
    return output
  }

  /// A unique ID for an item number: a letter, then base 32.
  static func id(_ number: Int) -> String {
    let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
    var value = number
    var characters: [Character] = []
    repeat {
      characters.append(alphabet[value % 32])
      value /= 32
    } while value > 0
    return "k" + String(characters.reversed())
  }
}
