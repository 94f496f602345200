/// A share connection's subscription to a source that is another share (`ShareConnectionBase.connect`): the
/// source connection's hub and this connection's key there. The hub is retained (`retained`) unless the
/// subscriber keeps it alive for as long as it could dispose: a Driver operator's node holds the node it
/// observes, and when that node is the live connection (its first one) the node's subscription needs no
/// reference of its own (R12: a retain and a release, two atomic operations, per level fewer). A plain
/// value: making, copying and dropping one costs nothing; `dispose()` removes the key and drops the retain.
struct ShareSourceSubscription {
    let hub: Unmanaged<SubjectHubBase>
    let key: UInt64
    let retained: Bool

    /// Takes over `subscription`'s reference to its hub.
    init(_ subscription: consuming SubjectSubscription) {
        let subscription = subscription
        hub = Unmanaged.passRetained(subscription.hub)
        key = subscription.key
        retained = true
    }

    init(hub: Unmanaged<SubjectHubBase>, key: UInt64, retained: Bool) {
        self.hub = hub
        self.key = key
        self.retained = retained
    }

    /// Leaves the source (its last subscriber out disconnects it), then drops the retain, if any.
    func dispose() {
        hub._withUnsafeGuaranteedRef { $0.remove(key: key) }
        if retained { hub.release() }
    }
}
