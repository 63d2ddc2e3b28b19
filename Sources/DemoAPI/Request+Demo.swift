import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The decoded query pairs, in order, repeats kept (see `FormURLEncoding`).
    var queryPairs: [(name: String, value: String)] {
        FormURLEncoding.parse((uri.query ?? "")[...])
    }

    /// The first decoded query value named `name`.
    func query(_ name: String) -> String? {
        FormURLEncoding.first(name, in: queryPairs)
    }

    /// The query value `name` as an integer in `range`, `nil` when absent; a malformed value is a 400.
    func query(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = query(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw DemoError.badRequest(
                "query '\(name)' must be an integer in \(range.lowerBound)...\(range.upperBound)"
            )
        }
        return value
    }

    /// The query value `name` as seconds in `range`, `nil` when absent; a malformed value is a 400.
    func querySeconds(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = query(name) else { return nil }
        return try Self.seconds(text, named: "query '\(name)'", in: range)
    }

    /// Parses seconds (fractions allowed) for the timing routes.
    static func seconds(_ text: String, named name: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw DemoError.badRequest(
                "\(name) must be a number of seconds in \(range.lowerBound)...\(range.upperBound)"
            )
        }
        return value
    }

    /// The media type of the body, lowercased, without parameters (`application/json`).
    var mediaType: String? {
        headers[.contentType].map {
            $0.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        }
    }

    /// Collects the body, answering 413 when it exceeds `limit` bytes.
    func collectBody(limit: Int) async throws -> ByteBuffer {
        var collected = ByteBuffer()
        for try await chunk in body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw DemoError(.contentTooLarge, "body_too_large", "the body exceeds \(limit) bytes")
            }
            var chunk = chunk
            collected.writeBuffer(&chunk)
        }
        return collected
    }

    /// Collects and parses a JSON object body (at most 1 MiB); anything else is a 400.
    func jsonObjectBody() async throws -> JSONValue {
        let buffer = try await collectBody(limit: 1 << 20)
        let value: JSONValue
        do {
            value = try JSONValue.parse(buffer)
        } catch {
            throw DemoError(.badRequest, "invalid_json", "the body is not valid JSON")
        }
        guard case .object = value else {
            throw DemoError(.badRequest, "invalid_json", "the body must be a JSON object")
        }
        return value
    }
}
