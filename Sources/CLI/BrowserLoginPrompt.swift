import ExplorerCore
import Foundation

/// How the CLI runs a browser login (the authorization code grant): the URL and what to do with it on stderr (stdout
/// stays the command's answer), the redirect awaited on 127.0.0.1, with `--no-browser` the redirected URL read from
/// stdin too. The device grant shows its code and address the same way (or, with `--json`, on stdout).
enum BrowserLoginPrompt {
    /// `json`: the device grant's instructions go to stdout as one JSON object (`deviceDocument`), for a script
    /// that hands them on.
    static func login(timeout: Duration = BrowserLogin.defaultTimeout, noBrowser: Bool = false, json: Bool = false)
        -> BrowserLogin
    {
        BrowserLogin(timeout: timeout, opensBrowser: !noBrowser, readsPastedURL: noBrowser) { prompt in
            if let device = prompt.device, json {
                StandardOutput.write(JSONValue.object(deviceDocument(device)).serialized() + "\n")
            } else {
                StandardError.writeLine(text(prompt))
            }
        }
    }

    /// `{"user_code", "verification_uri", "verification_uri_complete" (when the server gave one), "expires_in",
    /// "interval"}`, as the server said them.
    static func deviceDocument(_ device: BrowserLogin.DevicePrompt) -> JSONObject {
        var object: JSONObject = [
            "user_code": .string(device.userCode), "verification_uri": .string(device.verificationURI),
        ]
        if let complete = device.verificationURIComplete {
            object.append(key: "verification_uri_complete", value: .string(complete))
        }
        object.append(key: "expires_in", value: .number(String(device.expiresIn)))
        object.append(key: "interval", value: .number(String(device.interval)))
        return object
    }

    static func text(_ prompt: BrowserLogin.Prompt) -> String {
        if let device = prompt.device { return deviceText(device, waiting: prompt.timeout) }
        let seconds = prompt.timeout.components.seconds
        let opened = prompt.browser.map { " (opened with \(($0 as NSString).lastPathComponent))" } ?? ""
        var lines = ["apix: sign in in a browser\(opened):", "  \(prompt.url)"]
        if prompt.readsPastedURL {
            lines.append(
                "apix: then paste here the address the browser was sent to (\(prompt.redirectURI)?…), or let it "
                    + "reach this machine; waiting up to \(seconds) s")
        } else {
            lines.append("apix: waiting up to \(seconds) s for the redirect to \(prompt.redirectURI)")
        }
        return lines.joined(separator: "\n")
    }

    /// The device grant's instructions, server text escaped.
    static func deviceText(_ device: BrowserLogin.DevicePrompt, waiting: Duration) -> String {
        var lines = [
            "apix: to sign in, open \(SafeText.escape(device.verificationURI)) on any device and enter the code",
            "  \(SafeText.escape(device.userCode))",
        ]
        if let complete = device.verificationURIComplete {
            lines.append("apix: or open \(SafeText.escape(complete)) (the code is in it)")
        }
        lines.append(
            "apix: waiting up to \(waiting.components.seconds) s for the approval (the code expires in "
                + "\(device.expiresIn) s), checking every \(device.interval) s")
        return lines.joined(separator: "\n")
    }

    /// Lets `apix run` (and the other senders) log in through the browser when a request has no token, on a
    /// terminal only: a script gets the error that says to run `apix auth login` instead.
    static func allowForRequests() {
        guard isatty(STDIN_FILENO) == 1, StandardError.isTerminal else { return }
        AuthSessions.shared.allowBrowserLogin(login())
    }
}
