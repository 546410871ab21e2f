// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that depends on RangePipeKit by path, as another project would
// (`make check-dependent`): SwiftPM refuses dependencies with unsafe flags,
// so this build fails if the library ever needs one again.
// A path dependency is named by its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "uses-rangepipekit",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "UsesRangePipeKit", dependencies: [.product(name: "RangePipeKit", package: root.lastPathComponent)]),
    ]
)
