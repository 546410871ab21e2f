import FuzzRunner
import FuzzSupport

/// libFuzzer entry: the bytes drive a generator of valid scripts (gesture
/// kinds, paths, windows, springs), which are played; every frame's window
/// must satisfy SPEC 4.5's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzDrivers.simulate(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzSimulator_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
