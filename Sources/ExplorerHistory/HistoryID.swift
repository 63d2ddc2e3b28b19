/// Short, stable entry ids: 8 characters of a lowercase alphabet without look-alikes, drawn at random once.
package enum HistoryID {
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// A new id (32⁸ ≈ 10¹², so two in one history are as good as never the same; the store retries if so).
    /// One draw from the system's generator gives all eight characters (the alphabet's 32 letters are 5 bits each):
    /// each draw is a system call.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bits = generator.next() as UInt64
        var id = ""
        for _ in 0..<8 {
            id.append(alphabet[Int(bits & 31)])
            bits >>= 5
        }
        return id
    }

    /// Whether `text` can be (a prefix of) an id.
    package static func isPlausible(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 8 && text.allSatisfy { alphabet.contains($0) }
    }
}
