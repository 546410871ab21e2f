extension TrackScalarText {
    /// The Float64 of a token `isNumber` accepted (Model's `DecimalParser`:
    /// correctly rounded); a number past Float64's range is its infinity
    /// (tracks from elsewhere may hold one; two such agree by sign).
    /// - Complexity: O(length).
    static func numberValue(_ bytes: ArraySlice<UInt8>) -> Double {
        bytes.withUnsafeBufferPointer { b in
            if let v = DecimalParser.parseNumber(ByteView(b), 0, b.count) { return v }
            guard DecimalParser.isOutOfRange(ByteView(b)) else { return .nan }
            return b.first == 0x2d ? -.infinity : .infinity
        }
    }
}
