import ChecklistKit
import ChkPlatform
import FuzzChecks

/// A scratch directory for the checks that need a file, made once per process.
private let scratch: String? = {
  var template = Array("/tmp/chk-fuzz-XXXXXX".utf8CString)
  guard let created = mkdtemp(&template) else { return nil }
  return String(cString: created)
}()

/// What is fuzzed: `CHK_FUZZ_TARGET` (`document`, `undo`, `walk`, `lsp`, `config`, `tui`,
/// `export` or `remind`; `document` when unset).
private let target: FuzzChecks.Target = {
  guard let name = getenv("CHK_FUZZ_TARGET").map({ String(cString: $0) }) else {
    return .document
  }
  guard let target = FuzzChecks.Target(rawValue: name) else {
    fatalError(
      "chk-fuzz: CHK_FUZZ_TARGET is document, undo, walk, lsp, config, tui, export or remind, "
        + "not '\(name)'")
  }
  return target
}()

/// libFuzzer's entry point: a broken property is a crash, with its description.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let problem = target.violation(in: bytes, scratch: scratch) {
    fatalError("chk-fuzz: \(problem)")
  }
  return 0
}

// Built without libFuzzer (`-DCHK_FUZZ` is not set), chk-fuzz replays inputs:
// `chk-fuzz FILE|DIRECTORY...` checks each file and reports every broken property.
#if !CHK_FUZZ
  @main
  struct Replay {
    static func main() {
      var failures = 0
      var checked = 0
      for path in CommandLine.arguments.dropFirst() {
        for file in files(at: path) {
          checked += 1
          guard let bytes = read(file) else {
            print("\(file): cannot read")
            failures += 1
            continue
          }
          if let problem = target.violation(in: bytes, scratch: scratch) {
            print("\(file): \(problem)")
            failures += 1
          }
        }
      }
      print("checked \(checked) inputs, \(failures) failed")
      exit(failures == 0 ? 0 : 1)
    }

    static func files(at path: String) -> [String] {
      guard let directory = opendir(path) else { return [path] }
      defer { closedir(directory) }
      var names: [String] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if !name.hasPrefix(".") { names.append(path + "/" + name) }
      }
      return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
      let file = open(path, O_RDONLY)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
      }
    }
  }
#endif
