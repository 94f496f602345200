import ReactiveBridgePrimitives

/// What waits for the thread delivering to a `PassthroughSubject`'s node entries (see
/// `PassthroughSubject._subscribeNode`): values sent meanwhile, each with the entries of the moment it was
/// sent, then the completion, if it came; and the node entries removed meanwhile, which that thread may be
/// calling unretained, to be released when its delivery ends. Made on first use (senders on several
/// threads, a send from inside a node entry), and guarded by the subject's lock.
internal final class PendingNodeDeliveries<Output, Failure: Error> {
    // Guarded by the subject's lock, with nothing called out while an access lasts: the run-time
    // exclusivity checks are off. A `ValueRing`, not an `[Output]`: each array operation would look up
    // `Array<Output>`'s metadata.
    private let values = ValueRing<Output>()
    /// The entries each of `values` goes to, in the same order.
    private let valueEntries = ValueRing<SubjectConduitList.Snapshot>()
    @exclusivity(unchecked) private var completion: (Subscribers.Completion<Failure>, SubjectConduitList.Snapshot)?
    /// Node entries removed during the delivery in progress.
    @exclusivity(unchecked) var retired: [AnyObject] = []

    /// Whether a value or the completion waits.
    var hasQueued: Bool { !values.isEmpty || completion != nil }

    /// Whether a value waits (values go before the completion, which comes last).
    var hasValues: Bool { !values.isEmpty }

    /// Queues `value` for the node entries of `entries`.
    func enqueue(_ value: Output, for entries: SubjectConduitList.Snapshot) {
        values.append(value)
        valueEntries.append(entries)
    }

    /// Queues the completion for the node entries of `entries` (after it, nothing is queued).
    func enqueue(_ completion: Subscribers.Completion<Failure>, for entries: SubjectConduitList.Snapshot) {
        self.completion = (completion, entries)
    }

    /// The first queued value and its entries (`hasValues` must be true).
    func popValue() -> (Output, SubjectConduitList.Snapshot) {
        (values.removeFirst(), valueEntries.removeFirst())
    }

    /// The queued completion and its entries (`hasQueued` true, `hasValues` false).
    func popCompletion() -> (Subscribers.Completion<Failure>, SubjectConduitList.Snapshot) {
        defer { completion = nil }
        return completion.unsafelyUnwrapped
    }

    /// The retired entries, taken (the caller releases them with no lock held).
    func takeRetired() -> [AnyObject] {
        defer { retired = [] }
        return retired
    }
}
