import Foundation
import Testing

@testable import ExplorerCore

/// `YAMLReader.isJSONNumber` replaced a regular expression (which started ICU at every start of apix): it must
/// accept and refuse exactly what the expression did.
@Suite("JSON numbers in profile bodies")
struct JSONNumberTests {
    static let pattern = #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#

    @Test(
        "the hand-written check agrees with the regular expression",
        arguments: [
            "0", "-0", "7", "-12", "10", "01", "1.5", "-0.25", "1.", ".5", "1e5", "1E+5", "2e-3", "1.5e10", "1e",
            "1e+", "-", "", "+1", "0x1F", "1_000", "1.2.3", "00", "-01", "3.14159", "1e05", "١", "1 ", " 1", "NaN",
        ])
    func agrees(text: String) {
        let expected = text.range(of: Self.pattern, options: .regularExpression) != nil
        #expect(YAMLReader.isJSONNumber(text) == expected, "\(text)")
    }

    @Test("numbers JSON cannot write are normalised, others kept as written")
    func normalised() {
        #expect(YAMLReader.jsonNumber("1.50") == "1.50")
        #expect(YAMLReader.jsonNumber("0x1F") == "31")
        #expect(YAMLReader.jsonNumber("+1.5") == "1.5")
        #expect(YAMLReader.jsonNumber("abc") == nil)
    }
}
