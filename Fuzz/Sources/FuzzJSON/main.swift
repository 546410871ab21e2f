import RangePipeKit

/// libFuzzer entry: the bytes as a JSON input file, ingested in memory.
/// Any error is fine; a crash or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzSupport.ingest(UnsafeBufferPointer(start: data, count: size), format: .json)
    return 0
}

/// SwiftPM links an executable's `main` to `FuzzJSON_main`; hand control to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzz)
}
