// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets, built with `make fuzz` (-sanitize=fuzzer,address).
// Their own package, so the main build and CI stay small. FuzzSupport holds
// what each target runs on an input, through RangePipeKit's public API only;
// FuzzRunner hands control to libFuzzer.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let kit = Target.Dependency.product(name: "RangePipeKit", package: root.lastPathComponent)

let package = Package(
    name: "rangepipe-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [.target(name: "FuzzRunner"), .target(name: "FuzzSupport", dependencies: [kit])]
        + ["FuzzCSV", "FuzzNDJSON", "FuzzJSON", "FuzzScript", "FuzzSimulator", "FuzzStore"].map {
            .executableTarget(name: $0, dependencies: [kit, "FuzzRunner", "FuzzSupport"],
                              swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        },
    swiftLanguageModes: [.v6]
)
