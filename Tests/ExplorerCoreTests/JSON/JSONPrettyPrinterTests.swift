import Foundation
import Testing

@testable import ExplorerCore

@Suite("JSON pretty printer")
struct JSONPrettyPrinterTests {
    private func chunks(_ source: String, printer: JSONPrettyPrinter = JSONPrettyPrinter()) throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        try printer.write(Data(source.utf8)) { chunks.append(Array($0)) }
        return chunks
    }

    @Test("prints a small document exactly, ending with a line break")
    func printsSample() throws {
        let printed = try JSONPrettyPrinter().string(for: Data(JSONLineIndexTests.sample.utf8))
        #expect(printed == JSONLineIndexTests.expectedSampleLines.joined(separator: "\n") + "\n")
    }

    static let documents: [(source: String, printed: String)] = [
        ("1", "1\n"),
        ("  \"a\"  ", "\"a\"\n"),
        ("[ ]", "[]\n"),
        ("[[]]", "[\n  []\n]\n"),
        (#"{"a":{}}"#, "{\n  \"a\": {}\n}\n"),
        ("[1,[2,[3]]]", "[\n  1,\n  [\n    2,\n    [\n      3\n    ]\n  ]\n]\n"),
        (#"{"a":[{"b":null}],"c":false}"#, "{\n  \"a\": [\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": false\n}\n"),
        ("\u{FEFF}[\"\\u00e9\", 1E+2]", "[\n  \"\\u00e9\",\n  1E+2\n]\n"),
    ]

    @Test("prints documents in the house layout", arguments: documents)
    func printsDocument(source: String, printed: String) throws {
        #expect(try JSONPrettyPrinter().string(for: Data(source.utf8)) == printed)
    }

    @Test("wraps tokens in ANSI colours, leaving punctuation plain")
    func colors() throws {
        let printed = try JSONPrettyPrinter(colors: true).string(for: Data(#"{"a":[1,true,null,"s"]}"#.utf8))
        let escape = "\u{1B}["
        #expect(
            printed == """
                {
                  \(escape)1;34m"a"\(escape)0m: [
                    \(escape)36m1\(escape)0m,
                    \(escape)33mtrue\(escape)0m,
                    \(escape)90mnull\(escape)0m,
                    \(escape)32m"s"\(escape)0m
                  ]
                }

                """)
    }

    @Test("throws the located error before writing anything")
    func invalidWritesNothing() {
        var calls = 0
        let error = #expect(throws: JSONParseError.self) {
            try JSONPrettyPrinter().write(Data("[\n  1,\n  2\n".utf8)) { _ in calls += 1 }
        }
        #expect(error?.line == 4)
        #expect(error?.message == "unexpected end of input")
        #expect(calls == 0)
    }

    @Test("delivers output in chunks of about the chunk size", arguments: [false, true])
    func chunking(colors: Bool) throws {
        let value = JSONValue.array((0..<500).map { ["id": .number(String($0)), "name": .string("item \($0)")] })
        let printer = JSONPrettyPrinter(colors: colors, chunkSize: 1024)
        let chunks = try chunks(value.serialized(), printer: printer)
        #expect(chunks.count > 10)
        // Every chunk but the last is flushed once the buffer reaches the chunk size, at a token's end.
        for chunk in chunks.dropLast() {
            #expect(chunk.count >= 1024 && chunk.count < 1024 + 64)
        }
        let joined = String(decoding: chunks.joined(), as: UTF8.self)
        #expect(joined == (try printer.string(for: Data(value.serialized().utf8))))
        if !colors {
            #expect(joined == value.serialized(pretty: true) + "\n")
        }
    }

    @Test("strings longer than a chunk arrive intact")
    func longStrings() throws {
        let long = String(repeating: "ab😀", count: 40_000)
        let value: JSONValue = ["before": 1, "long": .string(long), "after": [true]]
        let printed = try chunks(value.serialized(), printer: JSONPrettyPrinter(chunkSize: 4096))
        #expect(String(decoding: printed.joined(), as: UTF8.self) == value.serialized(pretty: true) + "\n")
    }
}
