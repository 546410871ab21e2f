extension Axis {
    /// The label of a category x value: the label at ordinal `value` when
    /// this is a category axis and `value` is a whole ordinal in range, else
    /// nil (numbers, times, fractional ordinals between two labels).
    /// - Complexity: O(1).
    public func categoryLabel(_ value: Double, in categories: [String]) -> String? {
        guard self == .category, let k = Int(exactly: value), k >= 0, k < categories.count else { return nil }
        return categories[k]
    }
}
