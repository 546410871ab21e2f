extension TrackScalarText {
    /// The Float64 of a token `isNumber` accepted (Model's `DecimalParser`:
    /// correctly rounded).
    /// - Complexity: O(length).
    static func numberValue(_ bytes: ArraySlice<UInt8>) -> Double {
        bytes.withUnsafeBufferPointer { DecimalParser.parseNumber($0, 0, $0.count) } ?? .nan
    }
}
