// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// chk is licensed under the Apache License 2.0 (LICENSE), as Swift and its tools are.
import PackageDescription

// Targets in layers, dependencies pointing down only:
//   chk (the executable: sets up the process, makes one call)
//   ChkCommands (the commands, their arguments, help and output formats)
//   ChkLanguageServer (`chk lsp`) and ChkTerminalUI (`chk tui`), side by side, neither
//     importing the other
//   ChkWorkspace (what every front end shares: finding files, .chk.json, JSON, the one
//     edit path and undo, terminal-safe output, processes)
//   ChecklistKit (the file format: model, parser, formatter, linter, edits, merge,
//     safe writes), CSupport (the C calls the Swift overlay of libc lacks) and
//     ChkPlatform (libc, named once per platform; imported internally by ChecklistKit)
// LayoutTests (in ChecklistKitTests/Architecture) checks the imports each target may use.
let package = Package(
  name: "chk",
  products: [
    .library(name: "ChecklistKit", targets: ["ChecklistKit"]),
    .executable(name: "chk", targets: ["chk"]),
    .executable(name: "chk-bench", targets: ["chk-bench"]),
    // The fuzz target; see Tests/Scripts/run-fuzzer.sh for how to build it with libFuzzer.
    .executable(name: "chk-fuzz", targets: ["chk-fuzz"]),
  ],
  targets: [
    // C library calls the Swift overlay of libc lacks (memmem), and the commit a release
    // was built from.
    .target(name: "CSupport"),
    // The C library, named once per platform (Glibc, Musl or Darwin); ChecklistKit
    // imports it internally, so the library's clients do not see libc through it.
    .target(name: "ChkPlatform"),
    .target(name: "ChecklistKit", dependencies: ["ChkPlatform", "CSupport"]),
    .target(name: "ChkWorkspace", dependencies: ["ChecklistKit", "ChkPlatform", "CSupport"]),
    .target(
      name: "ChkLanguageServer", dependencies: ["ChecklistKit", "ChkWorkspace", "ChkPlatform"]),
    .target(name: "ChkTerminalUI", dependencies: ["ChecklistKit", "ChkWorkspace", "ChkPlatform"]),
    .target(
      name: "ChkCommands",
      dependencies: [
        "ChecklistKit", "ChkWorkspace", "ChkLanguageServer", "ChkTerminalUI", "ChkPlatform",
      ]),
    .executableTarget(
      name: "chk", dependencies: ["ChkCommands", "ChkWorkspace", "ChkPlatform"],
      // Release builds link everything in (Swift runtime and libc): start-up drops from
      // ~3.4 ms (dynamic libc, static Swift runtime) to ~1.4 ms. The linker warns that the
      // runtime's optional prespecialization lookup uses dlopen; chk never needs it.
      // Linux only: swift-driver refuses -static-executable on Darwin.
      linkerSettings: [
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
      ]),
    .target(
      name: "Benchmark", dependencies: ["ChecklistKit", "ChkPlatform", "CSupport"],
      exclude: ["README.md", "instructions.tsv"]),
    .executableTarget(
      name: "chk-bench", dependencies: ["Benchmark", "ChecklistKit", "ChkPlatform"]),
    .target(
      name: "FuzzChecks",
      dependencies: [
        "ChecklistKit", "ChkWorkspace", "ChkCommands", "ChkLanguageServer", "ChkTerminalUI",
        "ChkPlatform",
      ]),
    .executableTarget(name: "chk-fuzz", dependencies: ["FuzzChecks"]),
    // Helpers the test targets share: temporary directories, the samples, invariants.
    .target(name: "ChkTestSupport", dependencies: ["ChecklistKit"], path: "Tests/ChkTestSupport"),
    .testTarget(
      name: "ChecklistKitTests", dependencies: ["ChecklistKit", "ChkTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ChkWorkspaceTests", dependencies: ["ChkWorkspace", "ChecklistKit", "ChkTestSupport"]),
    .testTarget(
      name: "ChkCommandsTests",
      dependencies: ["ChkCommands", "ChkWorkspace", "ChecklistKit", "ChkTestSupport"]),
    .testTarget(
      name: "ChkLanguageServerTests",
      dependencies: ["ChkLanguageServer", "ChkWorkspace", "ChecklistKit", "ChkTestSupport"]),
    .testTarget(
      name: "ChkTerminalUITests",
      // The commands too: each key is checked against the command that makes the same
      // change.
      dependencies: [
        "ChkTerminalUI", "ChkCommands", "ChkWorkspace", "ChecklistKit", "ChkTestSupport",
        "CSupport",
      ]),
    // Replays the fuzzers' seeds and regressions through FuzzChecks.
    .testTarget(name: "FuzzTests", dependencies: ["FuzzChecks", "ChkTestSupport"]),
    .testTarget(
      name: "chkTests", dependencies: ["ChecklistKit", "ChkTestSupport", "chk", "chk-bench"]),
  ]
)
