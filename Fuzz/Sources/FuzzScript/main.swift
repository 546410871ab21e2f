import FuzzRunner
import FuzzSupport

/// libFuzzer entry: the bytes as a play script, decoded and, when valid,
/// resolved against a small series and played (bounded frames).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzDrivers.playScript(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzScript_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
