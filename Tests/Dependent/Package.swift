// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that depends on RangePipeKit by URL, as another project would.
// `make check-dependent` copies this package and a snapshot of the working
// tree (a git repository tagged 0.0.0) under .build-dependent and names the
// snapshot in RANGEPIPE_GIT_URL. A URL dependency is where SwiftPM applies
// its rule that a product's targets carry no unsafe flags (a path
// dependency is let through), so this build fails if the library or the
// executable ever needs one; the test target may (SwiftPM 6.3 checks
// products only).
let url = ProcessInfo.processInfo.environment["RANGEPIPE_GIT_URL"] ?? "file:///missing-RANGEPIPE_GIT_URL/rangepipe"
let identity = URL(string: url)?.lastPathComponent ?? "rangepipe"

let package = Package(
    name: "uses-rangepipekit",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: url, exact: "0.0.0")],
    targets: [
        .executableTarget(name: "UsesRangePipeKit", dependencies: [.product(name: "RangePipeKit", package: identity)]),
    ]
)
