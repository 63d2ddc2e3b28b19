/// A body type the picker offers (`BodyDraft.Kind` without its content type, and no body at all).
package enum BodyTypeChoice: String, Hashable, Sendable, CaseIterable {
    case json = "JSON"
    case form
    case multipart
    case text
    case file
    case none
}
