/// One thread's share of a formatting round: consecutive sections and their output.
final class SectionWorker: @unchecked Sendable {
  var context: FormatContext
  var sections: [FormatSection] = []
  /// Where each section's bytes are in `output`.
  var outputRanges: [Range<Int>] = []
  var output: OutputBuffer

  init(_ context: FormatContext, chunkSize: Int) {
    self.context = context
    output = OutputBuffer(capacity: min(chunkSize + chunkSize / 8, 4 << 20))
  }

  func run() {
    output.truncate(to: 0)
    outputRanges.removeAll(keepingCapacity: true)
    for section in sections {
      let start = output.count
      context.formatSection(section, into: &output)
      outputRanges.append(start..<output.count)
    }
  }
}
