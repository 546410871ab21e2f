import FuzzRunner
import FuzzSupport

/// libFuzzer entry: the bytes as a JSON input file, ingested in memory.
/// Any error is fine; a crash or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzDrivers.ingest(Array(UnsafeBufferPointer(start: data, count: size)), format: .json)
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
