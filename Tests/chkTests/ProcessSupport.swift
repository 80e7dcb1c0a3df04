import Foundation

/// Which of a child's output streams a test collects.
enum CapturedStreams {
  case output
  case errors
  /// Standard output and standard error in one stream, interleaved as written.
  case both
}

extension Process {
  /// Runs the prepared process to its end, collecting what it writes to `streams`; a
  /// stream not collected goes to /dev/null.
  func runCollecting(_ streams: CapturedStreams) throws -> (status: Int32, text: String) {
    let pipe = Pipe()
    standardOutput = streams == .errors ? FileHandle.nullDevice : pipe
    standardError = streams == .output ? FileHandle.nullDevice : pipe
    try run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    waitUntilExit()
    return (terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
