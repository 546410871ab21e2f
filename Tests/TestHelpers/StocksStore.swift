import Foundation

/// samples/stocks-monthly.csv ingested once per test process (series by
/// `symbol`: AAPL, AMZN, GOOG, IBM, MSFT), in a temporary directory removed
/// at exit. Tests only read it (play, preview, diff's inputs); a test that
/// writes to a store makes its own.
enum StocksStore {
    /// The store's path, or why the ingest failed (every user then fails saying so).
    static let built: Result<String, BinaryProblem> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rangepipe-test-stocks-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            createdDirectory = directory.path
            atexit { if let d = StocksStore.createdDirectory { try? FileManager.default.removeItem(atPath: d) } }
            let store = directory.appendingPathComponent("stocks.sqlite").path
            let r = try runRangepipe(["ingest", packageRoot.appendingPathComponent("samples/stocks-monthly.csv").path,
                                      "--series-column", "symbol", "--store", store, "--quiet"])
            guard r.status == 0 else { return .failure(BinaryProblem(description: "ingesting the stocks sample: \(r.stderr)")) }
            return .success(store)
        } catch {
            return .failure(BinaryProblem(description: "building the stocks store: \(error)"))
        }
    }()

    /// The directory to remove at exit. Unsafe is sound: it is written once,
    /// inside `built`'s initialiser (which Swift runs once, under its lock,
    /// before any reader of `built`), and read only by the exit handler
    /// that initialiser registers after the write.
    nonisolated(unsafe) private static var createdDirectory: String?

    /// The store's path; throws when it could not be built.
    static func path() throws -> String { try built.get() }
}
