/// The values view's own state: the selected row and the secret values revealed while it is open (closing it
/// masks them again).
package struct ValuesViewState: Hashable, Sendable {
    var selected = 0
    /// References (`login.token`) shown in clear.
    var revealed: Set<String> = []
}
