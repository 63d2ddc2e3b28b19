/// Short, stable entry ids: 8 characters of a lowercase alphabet without look-alikes, drawn at random once.
public enum HistoryID {
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// A new id (32⁸ ≈ 10¹², so two in one history are as good as never the same; the store retries if so).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// Whether `text` can be (a prefix of) an id.
    public static func isPlausible(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 8 && text.allSatisfy { alphabet.contains($0) }
    }
}
