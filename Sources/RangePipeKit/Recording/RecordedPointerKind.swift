/// What kind of pointer a recorded press came from (`PointerEvent.pointerType`,
/// a WebDriver pointer source's `parameters.pointerType`): written on the
/// script's down samples as `"pointer"` when it is not a mouse.
public enum RecordedPointerKind: String, Sendable, CaseIterable {
    /// A mouse (the default: not written).
    case mouse
    /// A pen or stylus.
    case pen
    /// A finger on a touchscreen.
    case touch
}
