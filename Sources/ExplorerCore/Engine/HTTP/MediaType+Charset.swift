extension MediaType {
    /// How the text of a body is decoded: by the content type's `charset`, UTF-8 unless it names a single-byte
    /// Latin charset (the ones servers still send; others are read as UTF-8, invalid bytes shown escaped).
    package enum TextCharset: String, Sendable, Equatable {
        case utf8 = "utf-8"
        case latin1 = "iso-8859-1"
        case windows1252 = "windows-1252"

        /// The charset `contentType` declares (`text/plain; charset=ISO-8859-1` → `.latin1`), else UTF-8.
        package static func of(_ contentType: String?) -> TextCharset {
            switch MediaType.charset(of: contentType) {
            case "iso-8859-1", "iso_8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1":
                .latin1
            case "windows-1252", "cp1252", "x-cp1252": .windows1252
            default: .utf8
            }
        }

        /// `bytes` as text; `nil` for UTF-8 that does not decode (single-byte charsets always do).
        package func decode(_ bytes: some Collection<UInt8>) -> String? {
            switch self {
            case .utf8:
                return String(validating: bytes, as: UTF8.self)
            case .latin1, .windows1252:
                var text = ""
                text.unicodeScalars.reserveCapacity(bytes.count)
                for byte in bytes { text.unicodeScalars.append(scalar(for: byte)) }
                return text
            }
        }

        /// The character of one byte (single-byte charsets).
        func scalar(for byte: UInt8) -> Unicode.Scalar {
            if self == .windows1252, (0x80...0x9F).contains(byte),
                let mapped = Unicode.Scalar(Self.windows1252High[Int(byte - 0x80)])
            {
                return mapped
            }
            return Unicode.Scalar(byte)
        }

        /// windows-1252's 0x80…0x9F; the five undefined bytes stay their Latin-1 (C1 control) value.
        static let windows1252High: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
            0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
            0x0153, 0x9D, 0x017E, 0x0178,
        ]
    }
}
