import HTTPTypes
import Hummingbird
import NIOCore

/// Sample bodies for the response viewer: large JSON, Unicode, HTML, XML, text, binary and hostile content.
struct SampleRoutes {
    /// Largest `/json/large` body.
    static let maxLargeJSON = 1 << 30

    func register(on router: Router<BasicRequestContext>) {
        router.get("/json/large") { request, _ in
            let requested = try request.query("bytes", in: 0...Self.maxLargeJSON) ?? (1 << 20)
            let layout = LargeJSON.Layout(totalBytes: requested)
            return Response.stream(length: layout.length, contentType: "application/json") { writer in
                try await LargeJSON.write(totalBytes: requested, to: &writer)
            }
        }
        router.get("/unicode") { _, _ in Response.json(Self.unicode) }
        router.get("/html") { _, _ in Self.text(Self.html, contentType: "text/html; charset=utf-8") }
        router.get("/xml") { _, _ in Self.text(Self.xml, contentType: "application/xml; charset=utf-8") }
        router.get("/text") { _, _ in Self.text(Self.plainText, contentType: "text/plain; charset=utf-8") }
        router.get("/binary") { _, _ in
            var buffer = ByteBuffer()
            for _ in 0..<8 {
                for byte in UInt8.min...UInt8.max { buffer.writeInteger(byte) }
            }
            return Response.bytes(buffer, contentType: "application/octet-stream")
        }
        router.get("/hostile") { _, _ in
            var headers = HTTPFields()
            headers.append(HTTPField(name: Self.hostileHeader, lenientValue: Self.hostileHeaderBytes))
            return Response.bytes(
                ByteBuffer(bytes: Self.hostileBody),
                contentType: "text/plain; charset=utf-8",
                headers: headers
            )
        }
        router.get("/hostile/json") { _, _ in Response.json(Self.hostileJSON) }
    }

    private static func text(_ text: String, contentType: String) -> Response {
        Response.bytes(ByteBuffer(string: text), contentType: contentType)
    }

    // MARK: - Samples

    static let unicode: JSONValue = [
        "japanese": "こんにちは世界",
        "chinese": "你好，世界",
        "korean": "안녕하세요",
        "arabic_rtl": "مرحبا بالعالم",
        "hebrew_rtl": "שלום עולם",
        "emoji": "👩‍💻 🚀 🎉 👍🏽 ❤️",
        "flags": "🇵🇹 🇯🇵 🇧🇷",
        "combining": "e\u{301} n\u{303} a\u{30A} Z\u{335}\u{33F}\u{346}",
        "precomposed_vs_decomposed": ["é", "e\u{301}"],
        "fullwidth": "ＡＢＣ１２３",
        "zero_width": "zero\u{200B}width\u{200D}joiner",
        "math": "∑ ∫ √ ∞ ≠ ≤ ≥ π",
        "mixed": "Grüße, 世界! 🌍",
    ]

    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>apix demo</title></head>
        <body>
          <h1>Hello from the apix demo</h1>
          <p>Some <em>HTML</em> with an <a href="/todos">link</a> &amp; entities: &lt;tag&gt; &copy; 世界</p>
          <ul><li>one</li><li>two</li></ul>
        </body>
        </html>

        """

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <todos>
          <todo id="1" completed="false"><title>Buy milk</title></todo>
          <todo id="2" completed="true"><title>Write the quarterly report</title></todo>
          <note><![CDATA[Raw <text> & more]]></note>
        </todos>

        """

    static let plainText = """
        Plain text from the apix demo.
        Line two has a tab:\there.
        Line three is Unicode: naïve café, 日本語.

        """

    // MARK: - Hostile content

    /// Name of the hostile header.
    static let hostileHeader = HTTPField.Name("X-Hostile")!

    /// The hostile header's bytes. HTTP types turn CR, LF and NUL into spaces and the HTTP/1 encoder goes through
    /// `String`, which turns invalid UTF-8 into U+FFFD, so those cannot reach the wire in a header; ESC, BEL,
    /// backspace, DEL and C1 controls do.
    static let hostileHeaderBytes: [UInt8] =
        Array("\u{1B}[2J\u{1B}]0;pwned title\u{07}\u{1B}[31mred\u{1B}[0m back\u{08}\u{08}\u{7F} \u{9B}31m".utf8)
        + [0xFF, 0xFE]

    /// The hostile body: terminal escapes (clear screen, set title, colours, alternate screen, DCS), backspaces,
    /// carriage returns, NUL, BEL, a C1 CSI and invalid UTF-8, declared as UTF-8 text.
    static let hostileBody: [UInt8] =
        Array("Hostile body follows.\n".utf8)
        + Array("clear:\u{1B}[2J\u{1B}[H\n".utf8)
        + Array("title:\u{1B}]0;pwned title\u{07}\n".utf8)
        + Array("colour:\u{1B}[31;1mred\u{1B}[0m\n".utf8)
        + Array("alt-screen:\u{1B}[?1049h\u{1B}[?1049l\n".utf8)
        + Array("dcs:\u{1B}P+q544e\u{1B}\\\n".utf8)
        + Array("backspace:abc\u{08}\u{08}\u{08}XYZ\n".utf8)
        + Array("carriage:visible\rHIDDEN\n".utf8)
        + Array("nul:[".utf8) + [0x00] + Array("]\n".utf8)
        + Array("bell:\u{07}\n".utf8)
        + Array("c1-csi:\u{9B}31m\n".utf8)
        + Array("invalid-utf8:[".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0xC0, 0xAF] + Array("]\n".utf8)
        + Array("end.\n".utf8)

    /// The same hostility inside valid JSON strings (escaped as `\u001b` and friends on the wire), for the
    /// pretty-printer, which sees them decoded.
    static let hostileJSON: JSONValue = [
        "clear": "\u{1B}[2J\u{1B}[H",
        "title": "\u{1B}]0;pwned title\u{07}",
        "colour": "\u{1B}[31;1mred\u{1B}[0m",
        "backspace": "abc\u{08}\u{08}\u{08}XYZ",
        "carriage": "visible\rHIDDEN",
        "nul": "[\u{0}]",
        "c1_csi": "\u{9B}31m",
        "bidi_override": "user\u{202E}gnp.exe",
    ]
}
