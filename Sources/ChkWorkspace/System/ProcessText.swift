import ChecklistKit
import ChkPlatform

/// Text the process hands over as C strings (arguments, environment variables, the
/// working directory): decoded losslessly, so a file name that is not UTF-8 still
/// opens (see `SystemPath`).
public enum ProcessText {
  /// A C string as a string that gives its bytes back to system calls.
  public static func decode(_ text: UnsafePointer<CChar>) -> String {
    var length = 0
    while text[length] != 0 { length += 1 }
    return text.withMemoryRebound(to: UInt8.self, capacity: length) {
      SystemPath.string(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}

/// Standard input, read to its end.
public enum StandardInput {
  /// Reads a descriptor to its end (at most the largest document chk parses); an error
  /// ends the input.
  public static func readAll(descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= ChecklistDocument.maximumByteCount {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
