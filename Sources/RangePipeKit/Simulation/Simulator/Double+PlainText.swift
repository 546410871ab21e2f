extension Double {
    /// 4.0 → "4", 0.25 → "0.25": numbers in messages as a person writes them.
    var plainText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}

