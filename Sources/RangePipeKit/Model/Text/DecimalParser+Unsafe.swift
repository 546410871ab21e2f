#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C side of `DecimalParser`: `strtod` for the rare numbers its own
/// loops cannot round correctly.
extension DecimalParser {
    /// `strtod` of bytes `start ..< end`, when it reads all of them.
    static func wholeStrtod(_ b: ByteView, _ start: Int, _ end: Int) -> Double? {
        let n = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
            for k in 0..<n { buf[k] = CChar(bitPattern: b[start + k]) }
            buf[n] = 0
            var endPtr: UnsafeMutablePointer<CChar>? = nil
            let v = strtod(buf.baseAddress!, &endPtr)
            guard let endPtr, endPtr - buf.baseAddress! == n else { return nil }
            return v
        }
    }
}
