// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets, built with `make fuzz` (-sanitize=fuzzer,address).
// Their own package, so the main build and CI stay small.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let kit = Target.Dependency.product(name: "RangePipeKit", package: root.lastPathComponent)

let package = Package(
    name: "rangepipe-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [.target(name: "FuzzRunner")] + ["FuzzCSV", "FuzzNDJSON", "FuzzJSON", "FuzzScript", "FuzzSimulator"].map {
        .executableTarget(name: $0, dependencies: [kit, "FuzzRunner"], swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
    swiftLanguageModes: [.v6]
)
