import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a URL in the user's browser for a login: `$BROWSER` (its words, then the URL as the last argument), else
/// `xdg-open`, else nothing (the URL is printed anyway). Started without a shell, stdin, stdout and stderr on
/// /dev/null (a browser's chatter must not reach apix's output, and only apix reads a pasted URL), in a session of
/// its own; never waited for (a browser may outlive the login): a thread reaps it when it exits.
package enum BrowserLauncher {
    /// The program and words `environment` says to open a URL with, nil when there is none.
    package static func command(environment: [String: String], path: String? = nil) -> [String]? {
        if let browser = environment["BROWSER"] {
            let words = browser.split(whereSeparator: \.isWhitespace).map(String.init)
            if !words.isEmpty { return words }
        }
        let directories = (path ?? environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories where access("\(directory)/xdg-open", X_OK) == 0 {
            return ["\(directory)/xdg-open"]
        }
        return nil
    }

    /// Starts `command` with `url` as its last argument; the program's name when it started, nil when it did not.
    @discardableResult
    package static func open(_ url: String, command: [String]) -> String? {
        guard let program = command.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (command + [url]).map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        let spawned = SpawnAttributes.with(newSession: true) { attributes in
            posix_spawnp(&pid, program, &actions, attributes, argv, environ)
        }
        guard spawned == 0 else { return nil }
        let child = pid
        Thread {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }.start()
        return program
    }
}
