/// A share connection's subscription to a source that is another share (`ShareConnectionBase.connect`): the
/// source connection's hub, retained, and this connection's key there. A plain value: making, copying and
/// dropping one costs nothing; `dispose()` removes the key and drops the retain.
struct ShareSourceSubscription {
    let hub: Unmanaged<SubjectHubBase>
    let key: UInt64

    /// Takes over `subscription`'s reference to its hub.
    init(_ subscription: consuming SubjectSubscription) {
        let subscription = subscription
        hub = Unmanaged.passRetained(subscription.hub)
        key = subscription.key
    }

    /// The subscription a connection kept as its parts (`hub` holding a retain).
    init(hub: Unmanaged<SubjectHubBase>, key: UInt64) {
        self.hub = hub
        self.key = key
    }

    /// Leaves the source (its last subscriber out disconnects it), then drops the retain.
    func dispose() {
        hub._withUnsafeGuaranteedRef { $0.remove(key: key) }
        hub.release()
    }
}
