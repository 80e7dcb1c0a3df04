// swift-tools-version:6.0
import PackageDescription

// Three targets in a line: ChecklistKit (the file format: model, parser, formatter,
// linter, edits, merge, safe writes), ChkCommands (the commands, their output and undo,
// on ChecklistKit's public API), and the chk executable, which only sets up the
// process. Beside the commands, one more front end: ChkLanguageServer (`chk lsp`), on
// ChecklistKit's public API and the commands' reading of `.chk.json` and JSON, so that
// lint rules apply in the editor exactly as in `chk lint`; the executable hands it to
// the `lsp` command.
let package = Package(
  name: "chk",
  products: [
    .library(name: "ChecklistKit", targets: ["ChecklistKit"]),
    .executable(name: "chk", targets: ["chk"]),
    .executable(name: "chk-bench", targets: ["chk-bench"]),
    // The fuzz target; see Tests/Fuzz/run-fuzzer.sh for how to build it with libFuzzer.
    .executable(name: "chk-fuzz", targets: ["chk-fuzz"]),
  ],
  targets: [
    // C library calls the Swift overlay of libc lacks (memmem).
    .target(name: "CSupport"),
    .target(name: "ChecklistKit", dependencies: ["CSupport"]),
    .target(name: "ChkCommands", dependencies: ["ChecklistKit"]),
    .target(name: "ChkLanguageServer", dependencies: ["ChecklistKit", "ChkCommands"]),
    .executableTarget(
      name: "chk", dependencies: ["ChkCommands", "ChkLanguageServer"],
      // Release builds link everything in (Swift runtime and libc): start-up drops from
      // ~3.4 ms (dynamic libc, static Swift runtime) to ~1.4 ms. The linker warns that the
      // runtime's optional prespecialization lookup uses dlopen; chk never needs it.
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))]),
    .target(name: "Benchmark", dependencies: ["ChecklistKit"]),
    .executableTarget(name: "chk-bench", dependencies: ["Benchmark"]),
    .target(name: "FuzzChecks", dependencies: ["ChecklistKit", "ChkCommands", "ChkLanguageServer"]),
    .executableTarget(name: "chk-fuzz", dependencies: ["FuzzChecks"]),
    // Helpers the test targets share: temporary directories, the samples, invariants.
    .target(name: "ChkTestSupport", dependencies: ["ChecklistKit"], path: "Tests/ChkTestSupport"),
    .testTarget(
      name: "ChecklistKitTests",
      dependencies: ["ChecklistKit", "FuzzChecks", "ChkTestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "ChkCommandsTests", dependencies: ["ChkCommands", "ChecklistKit", "ChkTestSupport"]),
    .testTarget(
      name: "ChkLanguageServerTests",
      dependencies: ["ChkLanguageServer", "ChkCommands", "ChecklistKit", "ChkTestSupport"]),
    .testTarget(name: "chkTests", dependencies: ["ChecklistKit", "chk", "chk-bench"]),
  ]
)
