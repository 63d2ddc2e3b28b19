import ExplorerCore
import Foundation

/// Where a value of the body is on screen, for the Schema tab's jump.
extension BodyDocument {
    /// The formatted line where the value at `location` (a singular JSONPath such as `$.data[3].email`, as schema
    /// violations name it) starts, or the deepest value on its way that exists; nil for a body that is not JSON.
    func line(ofInstance location: String) -> Int? {
        guard kind == .json, let steps = (try? JSONPath(location))?.singularSteps else { return nil }
        let tokens = steps.map { step in
            switch step {
            case .name(let name): name
            case .index(let index): String(index)
            }
        }
        guard let offset = JSONPointerLocator.offset(tokens, in: bytes) else { return nil }
        return line(atByte: offset, raw: false)
    }
}
