extension Client {
    /// Settles `plan` (multipart boundary, download directory: the only file system and randomness a request
    /// needs) and starts it, so a front end can build requests without I/O and leave these to the send.
    public func start(_ plan: RequestPlan, options: SendOptions = SendOptions()) -> Transfer {
        start(plan.prepared(), options: options)
    }
}
