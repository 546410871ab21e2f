/// The script's `x` object and the `{"preset": NAME}` window form.
extension ScriptDecoder {
    /// `"x": {"zone": "UTC" | "±HH:MM" | "Area/City", "scale": "linear" |
    /// "log" | "ordinal"}`; the zone's TZif
    /// file is read now (`ZoneInfoFile`), so a missing zone fails with the
    /// script's path rather than per series.
    static func xSettings(_ v: JSONValue, _ path: String,
                          read: (String) -> [UInt8]? = ZoneInfoFile.read) throws -> XSettings {
        var o = try ObjectReader(v, path)
        var x = XSettings()
        if let z = o.take("zone") {
            let name = try string(z, o.child("zone"))
            do {
                x.zone = try DisplayZone.named(name, read: read)
            } catch {
                throw Failure(path: o.child("zone"), message: error.description)
            }
        }
        if let k = o.take("scale") { x.scale = try choice(k, o.child("scale")) }
        try o.finish(allowed: ["zone", "scale"])
        return x
    }

    /// `{"preset": "3M"}`: one of `RangePreset`'s names.
    static func preset(_ v: JSONValue, _ path: String) throws -> WindowSpec {
        .preset(try choice(v, path) as RangePreset)
    }
}
