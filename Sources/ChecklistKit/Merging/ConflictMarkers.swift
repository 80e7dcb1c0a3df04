/// The two (or three) versions a file with conflict markers was made from.
public struct MarkedConflicts: Sendable, Equatable {
  /// The file as the base had it: lines outside the markers, plus each region's base
  /// section (empty where the markers have none).
  public var base: [UInt8]
  /// The file as ours had it.
  public var ours: [UInt8]
  /// The file as theirs had it.
  public var theirs: [UInt8]
  /// How many conflict regions the file has.
  public var regions: Int
  /// Whether every region has a base section (`|||||||`, git's diff3 style).
  public var everyRegionHasBase: Bool
}

/// Reads the conflict markers git (or `chk merge-driver`) writes.
public enum ConflictMarkers {
  /// Where a malformed file went wrong.
  public struct Malformed: Error, Equatable, Sendable {
    /// The 1-based line.
    public var line: Int
    /// What is wrong there.
    public var reason: String
  }

  private enum State {
    case outside
    case ours
    case base
    case theirs
  }

  /// The run of `character` a line starts with, when it is a marker: at least seven,
  /// then the end of the line or a space.
  private static func markerLength(_ line: ArraySlice<UInt8>, _ character: UInt8) -> Int? {
    var count = 0
    var index = line.startIndex
    while index < line.endIndex, line[index] == character {
      count += 1
      index += 1
    }
    guard count >= 7 else { return nil }
    if index == line.endIndex { return count }
    let next = line[index]
    return next == ASCII.space || next == ASCII.lineFeed || next == ASCII.carriageReturn
      ? count : nil
  }

  /// Splits a file at its conflict markers.
  ///
  /// - Throws: `Malformed` for a region that is not closed, or a marker out of place.
  /// - Returns: the versions, with `regions` 0 when the file has no markers.
  public static func split(_ bytes: [UInt8]) throws(Malformed) -> MarkedConflicts {
    var result = MarkedConflicts(
      base: [], ours: [], theirs: [], regions: 0, everyRegionHasBase: true)
    var state = State.outside
    var size = 0
    var regionHasBase = false
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      let end = (bytes[start...].firstIndex(of: ASCII.lineFeed)).map { $0 + 1 } ?? bytes.count
      let line = bytes[start..<end]
      start = end
      switch state {
      case .outside:
        if let length = markerLength(line, UInt8(ascii: "<")) {
          state = .ours
          size = length
          regionHasBase = false
          result.regions += 1
        } else {
          result.base += line
          result.ours += line
          result.theirs += line
        }
      case .ours, .base:
        if markerLength(line, UInt8(ascii: "|")) == size, state == .ours {
          state = .base
          regionHasBase = true
        } else if markerLength(line, UInt8(ascii: "=")) == size {
          state = .theirs
        } else if markerLength(line, UInt8(ascii: ">")) == size {
          throw Malformed(line: lineNumber, reason: "'>' marker before the '=' marker")
        } else if state == .ours {
          result.ours += line
        } else {
          result.base += line
        }
      case .theirs:
        if markerLength(line, UInt8(ascii: ">")) == size {
          state = .outside
          if !regionHasBase { result.everyRegionHasBase = false }
        } else {
          result.theirs += line
        }
      }
    }
    guard state == .outside else {
      throw Malformed(line: lineNumber, reason: "a conflict region is not closed")
    }
    if result.regions == 0 { result.everyRegionHasBase = false }
    return result
  }
}
