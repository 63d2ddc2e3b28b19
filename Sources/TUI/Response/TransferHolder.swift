import ExplorerCore

/// Hands a transfer from the task that starts it to a cancel that may come first.
actor TransferHolder {
    private var transfer: Transfer?
    private(set) var wasCancelled = false

    func set(_ transfer: Transfer) {
        self.transfer = transfer
    }

    func cancel() {
        wasCancelled = true
        transfer?.cancel()
    }
}
