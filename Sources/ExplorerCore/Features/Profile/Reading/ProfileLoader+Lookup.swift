import Foundation

extension ProfileLoader {
    /// The file of profile `id` in `directory` (`ID.yaml`, else `ID.yml`) when there is one, so loading one
    /// profile reads that file and its companions only, never the directory's other profiles.
    package static func file(forProfile id: String, in directory: String) -> String? {
        guard !id.isEmpty, !id.contains("/") else { return nil }
        for ext in ["yaml", "yml"] where isProfileFile("\(id).\(ext)") {
            let path = (directory as NSString).appendingPathComponent("\(id).\(ext)")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return path
            }
        }
        return nil
    }
}
