import Foundation

/// What checks and captures read from a response, read once: status, headers, the time, and the body as text and
/// as JSON (indexed at most once, and only when a check or capture needs it).
///
/// Bodies larger than `bodyLimit` are not read for checks: a check on such a body fails and says why, so a check
/// can never make apix hold an unbounded body in memory. A JSON body is read as a `JSONTape`, its bytes (a spooled
/// body mapped, not copied) and a small index, never as a whole tree: checking a 64 MiB body takes about its size.
struct ResponseFacts {
    static let bodyLimit = 64 << 20

    let statusCode: Int
    let headers: HTTPHeaders
    let metrics: Metrics
    private let body: ResponseBody
    private let charset: String?
    private var parsedText: String??
    private var parsedJSON: Result<JSONTape, BodyProblem>?
    /// Why the body cannot be read at all (it went to a device or a pipe), in words; nil when it can.
    let unreadable: String?

    /// Why a body could not be read as text or JSON.
    struct BodyProblem: Error {
        let reason: String
    }

    init(_ response: Response) {
        statusCode = response.statusCode
        headers = response.headers
        metrics = response.metrics
        body = response.body
        charset = MediaType.charset(of: response.contentType)
        unreadable = response.body.unreadableFile.map { "nothing to read: the body went to \($0)" }
    }

    /// The body decoded by its charset; nil when it is too large, unreadable or not text.
    mutating func text() -> String? {
        if let parsedText { return parsedText }
        var decoded: String?
        if unreadable == nil, body.count <= Self.bodyLimit, let data = try? body.data() {
            decoded = Response.decode(data, charset: charset)
        }
        parsedText = .some(decoded)
        return decoded
    }

    mutating func json() -> Result<JSONTape, BodyProblem> {
        if let parsedJSON { return parsedJSON }
        let result: Result<JSONTape, BodyProblem>
        if let unreadable {
            result = .failure(BodyProblem(reason: unreadable))
        } else if body.count > Self.bodyLimit {
            result = .failure(BodyProblem(reason: "body too large to check (\(Units.bytes(body.count)))"))
        } else {
            do {
                if let path = body.filePath {
                    result = .success(try JSONTape.mapping(file: path))
                } else {
                    result = .success(try JSONTape(data: try body.data()))
                }
            } catch let error as JSONParseError {
                result = .failure(BodyProblem(reason: "body is not JSON (\(error))"))
            } catch {
                result = .failure(BodyProblem(reason: "body could not be read"))
            }
        }
        parsedJSON = result
        return result
    }
}
