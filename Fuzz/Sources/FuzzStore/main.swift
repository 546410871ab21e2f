import FuzzRunner
import FuzzSupport

/// libFuzzer entry: the bytes say which bytes of a small valid store to
/// flip; the damaged store is opened and every series read. Any error is
/// fine; a crash or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzDrivers.readDamagedStore(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzStore_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
