/// One line of the results table.
struct BenchmarkRow {
    var name: String
    /// What was measured for apix, formatted (median and range).
    var apix: String
    /// The reference measured in the same run, formatted, or "—".
    var reference: String
    /// apix relative to the reference, in the direction the target is stated.
    var ratio: String
    var target: String
    var met: Bool?
}
