extension Script {
    /// Whether the initial window or any `set-window` names a preset.
    /// - Complexity: O(events).
    public var usesPresets: Bool {
        func isPreset(_ spec: WindowSpec) -> Bool {
            if case .preset = spec { return true }
            return false
        }
        return isPreset(window.initial) || events.contains {
            if case let .setWindow(spec, _) = $0.kind { return isPreset(spec) }
            return false
        }
    }
}
