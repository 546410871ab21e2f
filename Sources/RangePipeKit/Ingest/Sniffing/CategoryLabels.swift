/// The labels of one category series in order of first appearance, and
/// each label's ordinal (the row's x).
struct CategoryLabels {
    private(set) var labels: [String] = []
    private var ordinals: [String: Int] = [:]

    /// The ordinal of `label`, assigning the next one to a new label.
    mutating func ordinal(of label: String) -> Int {
        if let k = ordinals[label] { return k }
        let k = labels.count
        labels.append(label)
        ordinals[label] = k
        return k
    }
}
