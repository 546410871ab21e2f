import Testing
@testable import RangePipeKit

/// The fuzz drivers run on seeded random and mutated inputs in CI (the
/// long runs are `make fuzz`). A broken invariant fails the test (it traps
/// only under libFuzzer).
@Suite("Fuzz drivers on seeded inputs")
struct FuzzDriverTests {
    @Test("the simulator on 600 byte-driven scripts keeps SPEC 4.5's invariants")
    func simulator() {
        var rng = SeededGenerator(seed: 123)
        var frames = 0
        for _ in 0 ..< 600 {
            let bytes = (0 ..< rng.int(in: 0 ... 200)).map { _ in rng.byte(in: 0 ... 255) }
            frames += FuzzDrivers.simulate(bytes) { Issue.record("bytes \(bytes): \($0)") }
        }
        // The invariants are checked on every one of these frames.
        #expect(frames > 10_000)
    }

    @Test("the store reader on 400 randomly damaged stores never traps, and what it loads is in order")
    func damagedStores() throws {
        let pristine = try #require(FuzzDrivers.pristineStore, "could not build the pristine store")
        #expect(FuzzDrivers.readDamagedStore([]) == 3)
        var rng = SeededGenerator(seed: 99)
        var loaded = 0
        for _ in 0 ..< 400 {
            var damage: [UInt8] = []
            for _ in 0 ..< rng.int(in: 1 ... 8) {
                // Mostly the last pages (rows and chunk blobs), sometimes anywhere.
                let offset = rng.bool() ? rng.int(in: 0 ..< pristine.count) : pristine.count - 1 - rng.int(in: 0 ..< min(pristine.count, 1 << 17))
                damage += [UInt8(truncatingIfNeeded: offset), UInt8(truncatingIfNeeded: offset >> 8),
                           UInt8(truncatingIfNeeded: offset >> 16), UInt8(truncatingIfNeeded: offset >> 24), rng.byte(in: 1 ... 255)]
            }
            loaded += FuzzDrivers.readDamagedStore(damage)
        }
        #expect(loaded > 0)
    }

    @Test("parsers on mutated valid inputs never crash")
    func parsers() {
        var rng = SeededGenerator(seed: 321)
        let seeds: [(InputFormat, String)] = [
            (.csv, "date,v,w\n2012/01/01,1.5,NA\n2012/01/02,\"2,5\",3\n\"q\"\"x\",\n"),
            (.ndjson, "{\"t\":\"2024-01-01T00:00:00Z\",\"v\":1.5,\"s\":\"a\\u00e9\"}\n{\"t\":\"2024-01-02T00:00:00Z\",\"v\":null,\"n\":[1,{\"x\":2}]}\n"),
            (.json, "[{\"x\":1,\"v\":2},\n{\"x\":2,\"v\":-3.5e1}]"),
        ]
        for (format, text) in seeds {
            let base = Array(text.utf8)
            var accepted = 0, refused = 0
            for _ in 0 ..< 300 {
                var bytes = base
                for _ in 0 ..< rng.int(in: 1 ... 6) {
                    let i = rng.int(in: 0 ..< bytes.count)
                    switch rng.int(in: 0 ..< 3) {
                    case 0: bytes[i] = rng.byte(in: 0 ... 255)
                    case 1: bytes.remove(at: i)
                    default: bytes.insert(Array("\",\n{}[]:\\0-.e".utf8).element(using: &rng), at: i)
                    }
                    if bytes.isEmpty { bytes = base }
                }
                let ok = FuzzDrivers.ingest(bytes, format: format) { Issue.record("\(format) \(bytes): \($0)") }
                if ok > 0 { accepted += 1 } else { refused += 1 }
            }
            // Mutations must both break and keep inputs, or they test nothing.
            #expect(accepted > 0 && refused > 0, "\(format): accepted \(accepted), refused \(refused)")
        }
        let scripts = ["{\"events\":[]}", "{\"window\":{\"elastic\":true},\"events\":[{\"at\":0,\"gesture\":\"pan\",\"path\":[[0,1],[1,500]],\"release\":\"fling\"}]}"]
        var played = 0
        for script in scripts {
            for _ in 0 ..< 150 {
                var bytes = Array(script.utf8)
                let i = rng.int(in: 0 ..< bytes.count)
                bytes[i] = Array("0123456789.-e\"{}[],:".utf8).element(using: &rng)
                played += FuzzDrivers.playScript(bytes) { Issue.record("script \(String(decoding: bytes, as: UTF8.self)): \($0)") }
            }
        }
        #expect(played > 0)
    }
}
