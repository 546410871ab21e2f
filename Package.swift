// swift-tools-version:6.0
import PackageDescription

// Strict settings for our own targets (swift-log's habit): Swift 6 language
// mode everywhere, plus upcoming features that catch sloppy code early.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "rangepipe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "rangepipe", targets: ["rangepipe"]),
        .library(name: "RangePipeKit", targets: ["RangePipeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages (see Makefile / .ci/run).
        .systemLibrary(name: "CLibCSV", path: "Sources/CLibCSV", providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // cairo draws `render`'s frames (text through fontconfig's fonts).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // render's pixel conversion (yuv420p), fast in debug builds too.
        .target(name: "CPixels", path: "Sources/CPixels"),
        // Out of memory as one line and exit 71 instead of a crash (malloc & co. wrapped).
        .target(name: "CMemoryGuard", path: "Sources/CMemoryGuard"),
        // A large output's write-back started while it is written (sync_file_range).
        .target(name: "CWriteback", path: "Sources/CWriteback"),
        // Arrow input's compressed buffers (LZ4 frame, ZSTD): liblz4-dev, libzstd-dev.
        .target(name: "CArrowCodecs", path: "Sources/CArrowCodecs",
                linkerSettings: [.linkedLibrary("lz4"), .linkedLibrary("zstd")]),
        .target(
            name: "RangePipeKit",
            dependencies: ["CLibCSV", "CSQLite", "CZlib", "CCairo", "CPixels", "CMemoryGuard", "CWriteback", "CArrowCodecs"],
            // No unsafe flags: the package stays usable as a dependency.
            // The per-field hot path keeps its state in locals and
            // value-type `inout`s, where exclusivity is checked statically.
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "rangepipe",
            dependencies: [
                "RangePipeKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The tests, in four modules along the pipeline, so an optimised
        // build compiles them on every core (one module is one
        // whole-module-optimised compile on one core). Each compiles the
        // shared helpers in Tests/TestHelpers (a `Helpers` link in each
        // folder) with internal access to RangePipeKit's types.
        .testTarget(name: "ModelTests", dependencies: ["RangePipeKit"], swiftSettings: strictSettings),
        .testTarget(name: "IngestStoreTests", dependencies: ["RangePipeKit"], swiftSettings: strictSettings),
        .testTarget(name: "SimulationTests", dependencies: ["RangePipeKit"], swiftSettings: strictSettings),
        .testTarget(name: "CLITests", dependencies: ["RangePipeKit"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
