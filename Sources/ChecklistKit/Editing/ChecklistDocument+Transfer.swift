/// Moving an item with its sub-items from one document to another (another file): taken
/// out of one as a `DetachedItem`, put into the other with `attach`, then deleted from
/// the first with `deleteItem`. A front end writes the destination first, so that a
/// failure in between leaves the item in both files, never in neither.
extension ChecklistDocument {
  /// An item with its sub-items and the lines it owns, as taken from its document.
  public struct DetachedItem: Sendable {
    /// Its lines, with their endings.
    let lines: [NewLine]
    /// The column of its checkbox where it was.
    let column: Int
    /// What must not change where it goes (`structure(of:)`).
    let structure: [Int]
    /// Its name, for messages.
    public let name: String
  }

  /// The item at `reference` with its sub-items, to put into another document.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public func detached(_ reference: ItemReference) throws(EditError) -> DetachedItem {
    let index = try lineIndex(of: reference)
    let subtree = index..<(Int(lines[index].last) + 1)
    let moved = subtree.map { line in
      let ending = ending(ofLine: line)
      return NewLine(content(ofLine: line), ending: ending.isEmpty ? nil : ending)
    }
    let name = bytes.withUnsafeBufferPointer { ParsedLine(lines[index], $0).name }
    return DetachedItem(
      lines: moved, column: contentColumn(ofLine: index), structure: structure(of: subtree),
      name: name)
  }

  /// Puts a detached item (from another document) at `position`, as `moveItem` would
  /// place it: the indent and bullet of its new siblings, its sub-items moved with it.
  /// An ID it carries that this document already has is replaced by a new one (two
  /// items may not share one); an ordered list it joins keeps its numbering.
  ///
  /// - Returns: the item's ID here (given one when it had none).
  /// - Throws: `EditError.itemNotFound`, `.listNotFound`, `.ambiguousID` or
  ///   `.unsupportedPosition`; the document is then unchanged.
  @discardableResult
  public mutating func attach(_ item: DetachedItem, at position: ItemPosition) throws(EditError)
    -> String
  {
    let original = self
    let ids = existingIDs()
    do throws(EditError) {
      let placement = try placement(for: position)
      let (newLines, _) = placed(item.lines, from: item.column, with: placement.prefix)
      let first = try insert(newLines, at: placement)
      guard structure(of: first..<(first + newLines.count)) == item.structure else {
        throw EditError.unsupportedPosition(line: first + 1)
      }
      renumber(around: first, as: numbering(around: first, excluding: first))
      // IDs this document had already: new ones (line numbers do not move).
      let count = item.lines.count
      for line in first..<min(lines.count, first + count) where lines[line].kind == .item {
        guard let id = itemFields(atLine: line + 1)?.id, ids.contains(id) else { continue }
        try setID(idGenerator.makeID(avoiding: existingIDs()), of: .line(line + 1))
      }
      return try assignID(to: .line(first + 1))
    } catch {
      self = original
      throw error
    }
  }
}
