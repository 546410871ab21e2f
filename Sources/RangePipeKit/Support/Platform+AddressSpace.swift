extension Platform {
    /// The address space this process has mapped now, in bytes (`VmSize`
    /// in /proc/self/status: what `ulimit -v` is compared against); nil
    /// where there is no such file.
    static var addressSpaceInUse: Int? {
        smallFile("/proc/self/status").flatMap(addressSpace(inStatus:))
    }

    /// The `VmSize:` line of a /proc status text ("VmSize:  123456 kB"), in
    /// bytes; nil when there is none.
    static func addressSpace(inStatus text: [UInt8]) -> Int? {
        let key = Array("\nVmSize:".utf8)
        guard let at = text.indices.first(where: { text[$0...].starts(with: key) }) else { return nil }
        let digits = text[(at + key.count)...].prefix(while: { $0 != 0x0a }).filter { (0x30 ... 0x39).contains($0) }
        guard !digits.isEmpty, digits.count < 16 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } * 1024
    }
}
