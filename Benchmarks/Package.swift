// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where
// the repository was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

// The benchmarks are their own package so CI's main build stays small.
let package = Package(
    name: "rangepipe-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "rangepipe-bench",
            dependencies: [.product(name: "RangePipeKit", package: root.lastPathComponent)],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
