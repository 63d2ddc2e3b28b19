import Foundation

/// A request as `RequestBuilder.plan` builds it without asking the machine anything: everything is final except
/// two facts settled by `prepared(boundary:)` when it is sent — a multipart boundary (drawn at random unless the
/// user's Content-Type names one) and whether a `download: to:` target is an existing directory (then the URL's
/// last path component is written inside it).
public struct RequestPlan: Sendable, Equatable {
    /// The request as planned: its multipart boundary is empty while `drawsBoundary`, and its download target is
    /// the path as written while `downloadName` is set.
    public var request: PreparedRequest
    /// Whether the multipart boundary is still to be drawn.
    var drawsBoundary: Bool
    /// The file name a download target gets inside it when it turns out to be a directory.
    var downloadName: String?
    /// A `graphql:` WebSocket endpoint's `connection_init:` payload, `{{variables}}` filled (masked with the
    /// request): the session's first message carries it (`GraphQLTransportWS.Conversation`). Nil: none.
    package var graphQLConnectionInit: JSONValue?

    package init(
        request: PreparedRequest, drawsBoundary: Bool = false, downloadName: String? = nil,
        graphQLConnectionInit: JSONValue? = nil
    ) {
        self.request = request
        self.drawsBoundary = drawsBoundary
        self.downloadName = downloadName
        self.graphQLConnectionInit = graphQLConnectionInit
    }

    public var method: HTTPMethod { request.method }

    /// The exact request to send: a fresh boundary when one is to be drawn, and the download file inside the
    /// target when it is a directory (checked on the file system now).
    public func prepared(boundary: String? = nil) -> PreparedRequest {
        var prepared = request
        if drawsBoundary, case .multipart(var body) = prepared.body {
            body.boundary = boundary ?? MultipartBody.randomBoundary()
            prepared.body = .multipart(body)
        }
        if let downloadName, let target = prepared.options.downloadTo {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
                prepared.options.downloadTo = (target as NSString).appendingPathComponent(downloadName)
            }
        }
        return prepared
    }
}
