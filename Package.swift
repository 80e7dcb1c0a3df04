// swift-tools-version:6.0
import PackageDescription

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
    .executableTarget(
      name: "chk", dependencies: ["ChecklistKit"],
      // Release builds link everything in (Swift runtime and libc): start-up drops from
      // ~3.4 ms (dynamic libc, static Swift runtime) to ~1.4 ms. The linker warns that the
      // runtime's optional prespecialization lookup uses dlopen; chk never needs it.
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))]),
    .target(name: "Benchmark", dependencies: ["ChecklistKit"]),
    .executableTarget(name: "chk-bench", dependencies: ["Benchmark"]),
    .target(name: "FuzzChecks", dependencies: ["ChecklistKit"]),
    .executableTarget(name: "chk-fuzz", dependencies: ["FuzzChecks"]),
    .testTarget(
      name: "ChecklistKitTests",
      dependencies: ["ChecklistKit", "FuzzChecks"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "chkTests", dependencies: ["ChecklistKit", "chk", "chk-bench"]),
  ]
)
