// libFuzzer target: what reaches a browser login's loopback listener, taken as a redirect URI (`redirect_uri:`,
// `RedirectListener.Address`), as a request head the browser sent (`RedirectListener.request`) and as a URL pasted
// with --no-browser; a redirect's target and the pasted text then go through the check (`AuthorizationRequest.code`).
// Traps when an accepted URI does not read back as itself, a redirect's target is not one request-target of the
// redirect path (a space or line break in it would carry the request's other lines into the code), an accepted code
// is empty or shows itself, or a refusal's message would reach a terminal unsafe.
import Foundation

@testable import ExplorerCore

private let redirectURI = "http://127.0.0.1:8765/callback"
private let login = AuthorizationRequest(redirectURI: redirectURI, state: "st", verifier: "ver")
private let shown = "\(AuthorizationCode(code: "", verifier: "", redirectURI: redirectURI))"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOAuthRedirect(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkAddress(text)
    switch RedirectListener.request(text, path: "/callback") {
    case .redirect(let target):
        // By scalars, as the listener reads the request line ("?" and a combining mark are one `Character`).
        if !(target == "/callback" || target.unicodeScalars.starts(with: "/callback?".unicodeScalars)) {
            fatalError("\(target.debugDescription) taken as a redirect to /callback")
        }
        if target.unicodeScalars.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) {
            fatalError("the target \(target.debugDescription) holds a space or a line break")
        }
        checkCode(target)
    case .wrongMethod, .otherPath:
        break
    }
    checkCode(text)
    return 0
}

/// A `redirect_uri:` apix accepts is a loopback address it can listen on, and reads back the same when written out.
private func checkAddress(_ text: String) {
    let problem = RedirectListener.Address.problem(text)
    guard let address = try? RedirectListener.Address(text) else {
        if problem == nil { fatalError("\(text.debugDescription) has no problem but does not read") }
        return
    }
    if problem != nil { fatalError("\(text.debugDescription) reads but has a problem") }
    if !(0...65535).contains(address.port) { fatalError("port \(address.port) from \(text.debugDescription)") }
    if !address.path.hasPrefix("/") || address.path.contains("?") || address.path.contains("#") {
        fatalError("path \(address.path.debugDescription) from \(text.debugDescription)")
    }
    guard address.port != 0 else { return }
    let written = "http://127.0.0.1:\(address.port)\(address.path)"
    if (try? RedirectListener.Address(written)) != address {
        fatalError("\(written.debugDescription) does not read back as \(text.debugDescription) did")
    }
}

/// The redirect's check: a code is never empty and never shown; a refusal says why in terminal-safe words.
private func checkCode(_ text: String) {
    switch login.code(fromRedirect: text) {
    case .success(let code):
        if code.code.isEmpty { fatalError("an empty code accepted from \(text.debugDescription)") }
        if code.verifier != "ver" || code.redirectURI != redirectURI { fatalError("another login's code") }
        if "\(code)" != shown { fatalError("a code's description shows it: \(code)") }
    case .failure(let error):
        SafeTextCheck.require(error.message)
    }
}
