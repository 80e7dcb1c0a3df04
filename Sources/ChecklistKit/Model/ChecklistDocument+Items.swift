/// The items of a document numbered in file order from 1, as `chk list` shows them:
/// built once, then each lookup is a subscript or a binary search.
public struct ItemNumbers: Sendable, Hashable {
  /// Each item's 0-based line index, in file order.
  let indices: [Int32]

  /// The number of items.
  public var count: Int { indices.count }

  /// The 1-based line of item `number`, or `nil` when there is no such item.
  public func line(ofNumber number: Int) -> Int? {
    guard number >= 1, number <= indices.count else { return nil }
    return Int(indices[number - 1]) + 1
  }

  /// The number of the item on a 1-based line, or `nil` when that line is not an item.
  ///
  /// - Complexity: O(log *n*).
  public func number(ofLine line: Int) -> Int? {
    var low = 0
    var high = indices.count
    let wanted = Int32(truncatingIfNeeded: line - 1)
    while low < high {
      let middle = (low + high) / 2
      if indices[middle] < wanted { low = middle + 1 } else { high = middle }
    }
    return low < indices.count && indices[low] == wanted ? low + 1 : nil
  }
}

/// Item lookups for front ends: by ID, by number, by line, and what an item owns.
extension ChecklistDocument {
  /// Numbers every item in file order.
  ///
  /// - Complexity: O(*n*) in the number of lines; build it once per use, not per item.
  public func itemNumbers() -> ItemNumbers {
    logWork("itemNumbers")
    logWork("linesVisited", lines.count)
    var indices: [Int32] = []
    for index in lines.indices where lines[index].kind == .item {
      indices.append(Int32(truncatingIfNeeded: index))
    }
    return ItemNumbers(indices: indices)
  }

  /// Whether the document has at least one item.
  ///
  /// - Complexity: O(*n*) in the number of lines before the first item.
  public var hasItems: Bool {
    lines.contains { $0.kind == .item }
  }

  /// The 1-based lines of the items whose `@id` is `id`, in file order.
  ///
  /// - Complexity: O(*n*) in the number of bytes, at memmem's speed.
  public func itemLines(withID id: String) -> [Int] {
    itemIndices(withID: id).map { $0 + 1 }
  }

  /// The item a reference names, with its sub-items; `nil` when it names none (or an
  /// ID that several items carry).
  ///
  /// - Complexity: O(*n*) to find an ID, plus the size of the item's subtree.
  public func item(at reference: ItemReference) -> ChecklistItem? {
    guard let index = try? lineIndex(of: reference) else { return nil }
    return item(atLineIndex: index)
  }

  /// The 1-based lines an item owns: its own, its sub-items' and its continuation
  /// lines; `nil` when the reference names no item.
  public func lines(ownedBy reference: ItemReference) -> ClosedRange<Int>? {
    guard let index = try? lineIndex(of: reference) else { return nil }
    return (index + 1)...(Int(lines[index].last) + 1)
  }

  /// The text an item owns that is not an item: the non-blank lines under it before
  /// its next sibling (a paragraph, code, a quote), each with its 1-based line and its
  /// text without the leading blanks.
  ///
  /// - Complexity: O(*k*) in the item's lines.
  public func prose(ownedBy reference: ItemReference) -> [(line: Int, text: String)] {
    guard let index = try? lineIndex(of: reference) else { return [] }
    let last = Int(lines[index].last)
    guard last > index else { return [] }
    return ((index + 1)...last).compactMap { line in
      guard lines[line].kind != .item, lines[line].kind != .blank else { return nil }
      let content = bytes[Int(lines[line].start)..<Int(lines[line].end)]
      let text = content.drop { $0 == ASCII.space || $0 == ASCII.tab }
      return (line + 1, String(decoding: text, as: UTF8.self))
    }
  }

  /// The list an item is in: the heading above it, or the unnamed list; `nil` when the
  /// reference names no item.
  ///
  /// - Complexity: O(*d*) in the distance from the item to its heading.
  public func list(containing reference: ItemReference) -> ListReference? {
    guard var index = try? lineIndex(of: reference) else { return nil }
    while index >= 0 {
      if lines[index].kind == .heading { return .line(index + 1) }
      index -= 1
    }
    return .unnamed
  }

  /// The list a reference names, with its items; `nil` when it names none.
  ///
  /// - Complexity: O(*n*) in the number of lines; only that list's items are built.
  public func list(_ reference: ListReference) -> ItemList? {
    let heading: Int?
    do throws(EditError) {
      heading = try headingLine(of: reference)
    } catch {
      return nil
    }
    guard let span = listSpans().first(where: { $0.heading == heading }) else { return nil }
    return bytes.withUnsafeBufferPointer { list(of: span, in: $0) }
  }

  /// The text of a 1-based line, without its line ending; empty past the last line.
  public func text(ofLine line: Int) -> String {
    guard line >= 1, line <= lines.count else { return "" }
    let record = lines[line - 1]
    return String(decoding: bytes[Int(record.start)..<Int(record.end)], as: UTF8.self)
  }
}
