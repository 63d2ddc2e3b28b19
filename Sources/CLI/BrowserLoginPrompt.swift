import ExplorerCore
import Foundation

/// How the CLI runs a browser login (the authorization code grant): the URL and what to do with it on stderr (stdout
/// stays the command's answer), the redirect awaited on 127.0.0.1, with `--no-browser` the redirected URL read from
/// stdin too.
enum BrowserLoginPrompt {
    static func login(timeout: Duration = BrowserLogin.defaultTimeout, noBrowser: Bool = false) -> BrowserLogin {
        BrowserLogin(timeout: timeout, opensBrowser: !noBrowser, readsPastedURL: noBrowser) { prompt in
            StandardError.writeLine(text(prompt))
        }
    }

    static func text(_ prompt: BrowserLogin.Prompt) -> String {
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

    /// Lets `apix run` (and the other senders) log in through the browser when a request has no token, on a
    /// terminal only: a script gets the error that says to run `apix auth login` instead.
    static func allowForRequests() {
        guard isatty(STDIN_FILENO) == 1, StandardError.isTerminal else { return }
        AuthSessions.shared.allowBrowserLogin(login())
    }
}
