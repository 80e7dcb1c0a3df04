/// Writing an edit made on chk's view of a file in the Obsidian Tasks format back into
/// the file's own lines: what `chk add`, `edit`, `rm`, `mv`, `archive` and the terminal
/// UI's keys do to a vault.
///
/// The view is line for line, so each line the edit left alone keeps the file's bytes; a
/// line the edit moved (its view unchanged, elsewhere) keeps its bytes too; a task line
/// the edit changed is the task it was with the fields the edited item says, written as
/// the plugin writes a task; an item the edit made is a new task. Every task line
/// written is read back as the plugin reads it, and refused when it would read as
/// something else.
extension ObsidianTasksView {
  /// What writing an edit back does besides the edit.
  public struct WriteBackOptions: Sendable, Hashable {
    /// Whether the IDs chk made for tasks without one are written (`🆔`): what two-way
    /// sync needs to find each task again.
    public var keepsIDs = false
    /// Whether a note (which the plugin's format has no place for) is left out rather
    /// than refused: a note from the phone, in a sync.
    public var dropsNotes = false

    /// Neither.
    public init(keepsIDs: Bool = false, dropsNotes: Bool = false) {
      self.keepsIDs = keepsIDs
      self.dropsNotes = dropsNotes
    }
  }

  /// Why an edit of chk's view cannot be written in the plugin's format.
  public struct WriteBackError: Error, Sendable, Hashable {
    /// The 1-based line of the edited view the refusal is about.
    public var line: Int
    /// What cannot be written, and what to do.
    public var reason: String
  }

  /// The file's bytes after an edit of its view: `original` the file, `view` its view
  /// before the edit (`chkBytes(of:settings:marksLines: true)` parsed), `edited` the
  /// view after it.
  ///
  /// When `edited` kept a history of the edit (`ChecklistDocument.history`) that is one
  /// splice, its lines are the ones changed; else the lines that differ between the two
  /// views (`LineDiff`). Each task's item names the line it was by its `@vaultline`
  /// mark, so two tasks alike in the view are never taken for each other.
  ///
  /// - Parameters:
  ///   - today: the day a new task's `➕` says, when the vault sets created dates.
  ///   - options: whether chk's new IDs are written, and notes left out.
  /// - Returns: the bytes, and the IDs of chk's view that are not written (those chk
  ///   made for tasks without `🆔`: the plugin's IDs are for dependencies), which
  ///   messages should not name.
  /// - Complexity: O(*n*) in the size of the file, plus O(*d*²) for *d* changed lines.
  public static func writingBack(
    _ original: [UInt8], view document: ChecklistDocument, edited: ChecklistDocument,
    settings: ObsidianTaskSettings, today: CalendarDay,
    options: WriteBackOptions = WriteBackOptions()
  ) throws(WriteBackError) -> (bytes: [UInt8], unwrittenIDs: Set<String>) {
    // A byte-order mark is no part of the first line: the lines are compared and
    // written without it, and it goes in front of the result when the edit kept it.
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    func body(_ bytes: [UInt8]) -> [UInt8] {
      bytes.starts(with: mark) ? Array(bytes.dropFirst(mark.count)) : bytes
    }
    let view = body(document.serialized())
    let whole = edited.serialized()
    let editedBytes = body(whole)
    let originalLines = lines(of: body(original))
    let oldLines = lines(of: view)
    let newLines = lines(of: editedBytes)
    guard originalLines.count == oldLines.count else {
      preconditionFailure("writingBack: the view is not line for line")
    }
    let oldIndex = LineIndex(oldLines)
    let newIndex = LineIndex(newLines)
    let changes: [(old: Range<Int>, new: Range<Int>)]
    let shift = document.serialized().count - view.count
    if let splice = edited.history?.singleSplice, splice.offset >= shift {
      // The edit said where it changed the bytes: the lines it touched, exactly (two
      // lines alike in the view are not mistaken for each other).
      let offset = splice.offset - shift
      changes = [
        (
          old: oldIndex.touched(offset, offset + splice.removed.count),
          new: newIndex.touched(offset, offset + splice.inserted)
        )
      ]
    } else {
      changes = LineDiff.changes(from: view, to: editedBytes).map { change in
        (old: oldIndex.lines(change.old), new: newIndex.lines(change.new))
      }
    }
    let sources = pairing(changes, oldLines: oldLines, newLines: newLines, edited: edited)
    var output: [UInt8] = []
    output.reserveCapacity(original.count + 256)
    var unwritten = Set<String>()
    // The lines of `output` written as tasks: each must be read as one (not in a
    // comment or fenced code).
    var written: Set<Int> = []
    var lineCount = 0
    func append(_ content: [UInt8], _ ending: [UInt8], isTask: Bool = false) {
      if isTask { written.insert(lineCount) }
      output += content
      output += ending
      lineCount += 1
    }
    var kept = 0
    // The old line the last line written was, to tell a task edited in place from one
    // moved.
    var previousSource: Int?
    func keep(_ range: Range<Int>) {
      for index in range {
        append(originalLines[index].content, originalLines[index].ending)
        previousSource = index
      }
    }
    for change in changes {
      keep(kept..<change.old.lowerBound)
      kept = change.old.upperBound
      for index in change.new {
        let line = newLines[index]
        let ending =
          line.ending.isEmpty && index + 1 < newLines.count ? [UInt8(ascii: "\n")] : line.ending
        let source = sources[index]
        defer { previousSource = source }
        guard let item = edited.item(at: .line(index + 1)) else {
          if let source {
            append(originalLines[source].content, ending)
            continue
          }
          // A blank line chk puts between blocks inside a callout (between a quoted line
          // and a quoted line or a task of the view) stays in it.
          func isBlank(_ bytes: [UInt8]) -> Bool {
            bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
          }
          let next = index + 1 < newLines.count ? newLines[index + 1].content : []
          let isInside =
            next.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: ">")
            || edited.item(at: .line(index + 2)) != nil
          let quote =
            isBlank(line.content) && isInside
            ? quotePrefix(before: output).filter { $0 != " " } : ""
          append(quote.isEmpty ? line.content : Array(quote.utf8), ending)
          continue
        }
        let was = source.flatMap {
          Self.task(from: originalLines[$0].content, format: settings.format)
        }
        // A task keeps its quote marks where it was, and when moved, unless the task
        // before it now is in a callout of another depth (moved into or out of one); a
        // new task takes those of the task before it.
        let before = taskQuote(before: output, format: settings.format)
        let own = was.map { quotePrefix($0.indentation) }
        let isInPlace = source.map { $0 == (previousSource.map { $0 + 1 } ?? 0) } ?? false
        let quote =
          own.map { own in
            isInPlace ? own : before.map { depth($0) != depth(own) ? $0 : own } ?? own
          } ?? before ?? ""
        if let source, let was, line.content == oldLines[source].content,
          quotePrefix(was.indentation) == quote
        {
          append(originalLines[source].content, ending, isTask: true)
          continue
        }
        let task = try writtenTask(
          item, viewLine: line.content, source: was, quote: quote, settings: settings,
          today: today, line: index + 1, options: options)
        // A task the edit left as it was (chk gave it only an ID) keeps its bytes.
        append(
          task == was ? originalLines[source ?? 0].content : Array(task.line.utf8), ending,
          isTask: true)
        if let id = item.id, id != task.id { unwritten.insert(id) }
      }
    }
    keep(kept..<originalLines.count)
    try checkTasksAreRead(output, written, settings: settings)
    return ((whole.starts(with: mark) ? mark : []) + output, unwritten)
  }

  /// Refuses a result where a task written would not be read as one: inside an
  /// Obsidian comment (`%%`) or fenced code in a callout, where the plugin reads none.
  static func checkTasksAreRead(
    _ output: [UInt8], _ written: Set<Int>, settings: ObsidianTaskSettings
  ) throws(WriteBackError) {
    guard !written.isEmpty else { return }
    var number = 0
    var hidden: Int?
    forEachLine(output, from: 0) { content, _, isCode, inComment in
      if hidden == nil, written.contains(number), isCode || inComment { hidden = number }
      number += 1
    }
    if let hidden {
      throw WriteBackError(
        line: hidden + 1,
        reason: "the task would be inside an Obsidian comment (%%) or fenced code, where the "
          + "plugin reads no task: place it elsewhere")
    }
  }

  /// For each new line of the changes, the old line it was: for an item, the line its
  /// `@vaultline` tag names (the view an edit is made on marks every task,
  /// `chkBytes(marksLines:)`); for another line, the same view among the lines the edit
  /// took away (a line moved with its list).
  static func pairing(
    _ changes: [(old: Range<Int>, new: Range<Int>)],
    oldLines: [(content: [UInt8], ending: [UInt8])],
    newLines: [(content: [UInt8], ending: [UInt8])], edited: ChecklistDocument
  ) -> [Int: Int] {
    var sources: [Int: Int] = [:]
    var deleted: [[UInt8]: [Int]] = [:]
    for change in changes {
      for index in change.old.reversed() {
        deleted[oldLines[index].content, default: []].append(index)
      }
    }
    // A mark names a line the edit took away, once: a copy of a line that stays (its
    // tags copied with it) is a new task.
    var away = Set(changes.flatMap { Array($0.old) })
    for change in changes {
      for index in change.new {
        if let item = edited.item(at: .line(index + 1)) {
          let mark = item.tags.last { $0.key == lineKey }?.value.flatMap { Int($0) }
          if let mark, away.remove(mark - 1) != nil { sources[index] = mark - 1 }
        } else if let source = deleted[newLines[index].content]?.popLast() {
          sources[index] = source
        }
      }
    }
    return sources
  }

  /// The task of a file's line.
  static func task(from content: [UInt8], format: ObsidianTask.Format) -> ObsidianTask? {
    String(validating: content, as: UTF8.self).flatMap { ObsidianTask(line: $0, format: format) }
  }

  /// The block-quote part of an indentation: up to and with the last `>` and the blank
  /// after it.
  static func quotePrefix(_ indentation: String) -> String {
    guard let quote = indentation.lastIndex(of: ">") else { return "" }
    var end = indentation.index(after: quote)
    if end < indentation.endIndex, indentation[end] == " " { end = indentation.index(after: end) }
    return String(indentation[..<end])
  }

  /// The content of the last line of `output` (without its line break).
  static func lastLine(of output: [UInt8]) -> ArraySlice<UInt8> {
    var end = output.count
    if output.last == UInt8(ascii: "\n") { end -= 1 }
    if end > 0, output[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    var start = end
    while start > 0, output[start - 1] != UInt8(ascii: "\n"),
      output[start - 1] != UInt8(ascii: "\r")
    {
      start -= 1
    }
    return output[start..<end]
  }

  /// The block-quote part of the last line written: a task (or a blank line) added
  /// after a line of a callout stays in it.
  static func quotePrefix(before output: [UInt8]) -> String {
    let lead = lastLine(of: output).prefix {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">")
    }
    return quotePrefix(String(decoding: lead, as: UTF8.self))
  }

  /// The quote marks of the last line written when it is a task; `nil` for another line.
  static func taskQuote(before output: [UInt8], format: ObsidianTask.Format) -> String? {
    guard let text = String(validating: lastLine(of: output), as: UTF8.self),
      let task = ObsidianTask(line: text, format: format)
    else { return nil }
    return quotePrefix(task.indentation)
  }

  /// How many `>` a quote prefix holds.
  static func depth(_ quote: String) -> Int { quote.count { $0 == ">" } }
}

/// Where each line of a text starts: byte ranges of whole lines to line numbers.
private struct LineIndex {
  var starts: [Int] = []

  init(_ lines: [(content: [UInt8], ending: [UInt8])]) {
    var offset = 0
    starts.reserveCapacity(lines.count + 1)
    for line in lines {
      starts.append(offset)
      offset += line.content.count + line.ending.count
    }
    starts.append(offset)
  }

  /// The 0-based lines of a range of bytes of whole lines.
  func lines(_ bytes: Range<Int>) -> Range<Int> {
    line(at: bytes.lowerBound)..<line(at: bytes.upperBound)
  }

  /// The 0-based lines a change of the bytes `lower..<upper` touches: none for an
  /// insertion at a line's start; the line it is in for one inside a line.
  func touched(_ lower: Int, _ upper: Int) -> Range<Int> {
    var first = line(at: lower)
    if first > 0, first == starts.count || starts[first] > lower { first -= 1 }
    let last = max(first, line(at: upper))
    return first..<min(last, starts.count - 1)
  }

  private func line(at offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
