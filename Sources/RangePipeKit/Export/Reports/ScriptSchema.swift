/// The JSON Schema (draft 2020-12) of a play script, as shipped in
/// `docs/script.schema.json` and printed by `rangepipe script schema`. It
/// says what a schema can (keys, types, enums, ranges, the form of each
/// gesture, action and input); `ScriptDecoder` stays the judge of the rest
/// (path times, overlaps, spans against each other).
package enum ScriptSchema {
    /// The schema document, ending in a newline: byte for byte the shipped file.
    /// - Complexity: O(1).
    package static var text: String { body + "\n" }

    /// The document without its final newline (generated in two pieces).
    static var body: String { settingsPart + "\n" + eventsPart }
}
