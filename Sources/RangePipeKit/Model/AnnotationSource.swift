/// Which value the annotation shows (SPEC 4.9 `annotation.source`).
public enum AnnotationSource: String, Sendable, CaseIterable {
    case lastVisible = "last-visible"
    case last
    case edge
}
