import Foundation

/// A directory only the user may enter (0700), for files that hold secrets or values taken from responses.
enum PrivateDirectory {
    /// Creates `path` (and missing parents) with mode 0700, or narrows an existing one to 0700; the error text says
    /// what failed, for the caller's own error type.
    static func prepare(_ path: String) throws(PrivateDirectoryError) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw PrivateDirectoryError(detail: "cannot create the directory: \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw PrivateDirectoryError(detail: "exists and is not a directory")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw PrivateDirectoryError(detail: String(cString: strerror(errno))) }
        if info.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw PrivateDirectoryError(detail: "cannot make it private: \(String(cString: strerror(errno)))")
        }
    }
}

/// Why a private directory could not be prepared.
struct PrivateDirectoryError: Error {
    let detail: String
}
