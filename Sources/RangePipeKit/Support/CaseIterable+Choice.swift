/// Closed sets of names (flags' values, script keys' values) read the same
/// way everywhere: the case whose raw value is the name, or an error that
/// lists every choice in declaration order.
extension CaseIterable where Self: RawRepresentable, Self.RawValue == String {
    /// The case named `name`, or the error `fail` makes from the list of
    /// every case's name.
    /// - Complexity: O(cases).
    public static func choice(_ name: String, orFail fail: (_ choices: [String]) -> any Error) throws -> Self {
        guard let value = Self(rawValue: name) else { throw fail(allCases.map(\.rawValue)) }
        return value
    }
}
