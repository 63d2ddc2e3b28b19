import Hummingbird
import NIOCore

extension Response {
    /// A JSON response with an exact Content-Length.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        bytes(value.bytes, contentType: "application/json", status: status, headers: headers)
    }

    /// A response carrying `buffer` with the given content type.
    static func bytes(
        _ buffer: ByteBuffer,
        contentType: String,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Response {
        var allHeaders = headers
        allHeaders[.contentType] = contentType
        return Response(status: status, headers: allHeaders, body: ResponseBody(byteBuffer: buffer))
    }

    /// A response with a streamed body of exactly `length` bytes, written by `write`.
    static func stream(
        length: Int,
        contentType: String,
        headers: HTTPFields = [:],
        _ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void
    ) -> Response {
        var allHeaders = headers
        allHeaders[.contentType] = contentType
        let body = ResponseBody(contentLength: length) { writer in
            try await write(&writer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: allHeaders, body: body)
    }
}

extension Response {
    /// A response without a body. 204 and 304 carry no Content-Length at all (RFC 9110 forbids it for 204, and
    /// on a 304 it would describe the cached representation, not this empty message).
    static func empty(status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var response = Response(status: status, headers: headers)
        if status == .noContent || status == .notModified {
            response.headers[.contentLength] = nil
        }
        return response
    }

    /// This response with its body dropped when answering a HEAD request (headers, Content-Length included, stay).
    func forMethod(_ method: HTTPRequest.Method) -> Response {
        method == .head ? createHeadResponse() : self
    }
}
