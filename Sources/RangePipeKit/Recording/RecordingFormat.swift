/// The recording formats `script from-events --from` reads.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// One browser PointerEvent/WheelEvent per line (what record.js writes).
    case pointerNDJSON = "pointer-ndjson"
    /// A W3C WebDriver "Perform Actions" body: `{"actions": [...]}`.
    case webdriver
    /// The ECharts test recorder's actions file: `[{"name", "ops": [...]}]`.
    case echartsRecorder = "echarts-recorder"
}
