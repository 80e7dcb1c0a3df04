/// Archiving: moving checked items out of the way.
extension ChecklistDocument {
  /// Moves every checked top-most item (with its sub-items) to the end of the list
  /// named `archive`, which is added at the end of the file when it does not exist.
  /// A checked item inside another checked item moves with it; items already in the
  /// archive list stay.
  ///
  /// - Parameters:
  ///   - source: archive only from this list; `nil` for every list.
  ///   - archive: the archive list's name.
  /// - Returns: how many items were moved (not counting sub-items).
  /// - Throws: `EditError.listNotFound` for `source`, `.emptyName`, `.lineBreak` or
  ///   `.unsupportedPosition`; the document is then unchanged.
  @discardableResult
  public mutating func archiveCheckedItems(from source: ListReference?, to archive: String)
    throws(EditError) -> Int
  {
    let wanted = try source.map { list throws(EditError) in try headingLine(of: list) }
    let archiveHeading = lines.indices.first { index in
      lines[index].kind == .heading
        && bytes.withUnsafeBufferPointer { ParsedLine(lines[index], $0).name } == archive
    }
    var roots: [Int] = []
    var heading: Int?
    var coveredUntil = -1
    for (index, record) in lines.enumerated() {
      if record.kind == .heading {
        heading = index
        continue
      }
      guard record.kind == .item, index > coveredUntil, record.isChecked else { continue }
      if heading != nil, heading == archiveHeading { continue }
      if let wanted, heading != wanted { continue }
      roots.append(index)
      coveredUntil = Int(record.last)
    }
    guard !roots.isEmpty else { return 0 }
    let original = self
    do throws(EditError) {
      var ids: [String] = []
      for line in roots { ids.append(try assignID(to: .line(line + 1))) }
      if archiveHeading == nil { try addList(named: archive) }
      for id in ids { try moveItem(.id(id), to: .end(of: .name(archive))) }
    } catch {
      self = original
      throw error
    }
    return roots.count
  }
}
