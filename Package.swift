// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chk",
  products: [
    .library(name: "ChecklistKit", targets: ["ChecklistKit"]),
    .executable(name: "chk", targets: ["chk"]),
  ],
  targets: [
    .target(name: "ChecklistKit"),
    .executableTarget(name: "chk", dependencies: ["ChecklistKit"]),
    .testTarget(
      name: "ChecklistKitTests",
      dependencies: ["ChecklistKit"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "chkTests", dependencies: ["ChecklistKit", "chk"]),
  ]
)
