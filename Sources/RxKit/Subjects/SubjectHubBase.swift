import ReactiveBridgePrimitives

/// How a holder of a `SubjectHub`'s lock may touch its delivery state (see `SubjectHub.claimLocked`).
/// Not nested in the generic hub: a nested type is generic too, and comparing its values compiled to an
/// out-of-line `==` call.
/// How a message sent with a `SubjectHub`'s lock held goes out (see `SubjectHub.routeLocked`). Not nested
/// in the generic hub, as `HubStateAccess`.
enum HubSendRoute {
    /// The calling thread is delivering (a re-entrant send from an observer): deliver it nested, at once.
    case nested
    /// The calling thread has become the delivering one: deliver it, then `endDelivery`.
    case owner
    /// Another thread is delivering and `attentionBit` is set: queue it, under the lock, for that thread.
    case queue
}

enum HubStateAccess {
    /// Nobody delivers (a subject's hub, whose senders take the lock; or a share's connection whose source
    /// is not subscribed yet, which has no sender): touch it freely.
    case free
    /// Nobody delivers and the word holds `heldBit`: touch it freely; `releaseLocked` clears the bit.
    case held
    /// The calling thread is delivering (a re-entrant call from an observer): touch it freely (the
    /// delivery in progress works on copies), but an entry it removes may be the one being called.
    case owned
    /// Another thread is delivering and `attentionBit` is set: leave the delivery state alone; the
    /// owner brings it up to date before its delivery ends.
    case deferred
}

/// The identity of a delivering thread in a hub's state word: the thread's `pthread_t`, which is the
/// address of its thread control block, so its low bits are free for the word's flags.
enum DeliveryOwner {
    @inline(__always)
    static var current: Int {
        let id = Int(bitPattern: currentThreadID())
        precondition(
            id & ~SubjectHubBase.ownerMask == 0 && id != 0,
            "DeliveryOwner: pthread_self() returned \(id), which is zero or has one of its low flag bits set; a subject hub stores the delivering thread's id beside two flag bits in one word, so this platform's pthread_t cannot be used as that id"
        )
        return id
    }
}

/// The non-generic base of `SubjectHub`: it lets a subscription leave the hub without knowing its element
/// type. The hub's state word is `ObserverNode`'s (see `InlineWord`: the first stored property of the root
/// class): a hub is an `ObserverNode` so that a share's connection, which observes its source, can be its
/// own hub (see `SubjectHub`). A hub that is not a `Sink` never has that word read as a disposed flag.
@usableFromInline
class SubjectHubBase: LockingObserverNode, @unchecked Sendable {
    // The hub's delivery state word is `ObserverNode.stateWord`, read and written atomically through
    // `InlineWord`: the delivering thread's identity (`DeliveryOwner.current`, 0 while nobody delivers)
    // or'ed with two flags.
    // - A delivery begins with compare-exchange 0 → owner (a share's connection does it without the
    //   lock; subjects, under it, with a plain store, since nobody else begins one without the lock) and
    //   ends with compare-exchange owner → 0: two read-modify-writes per delivery, no lock for a share.
    // - `attentionBit`: set (fetch-or, under the lock) by another thread that queued a message, or
    //   changed the observers or the latest element while a delivery was in progress. It makes the ending
    //   compare-exchange fail; the delivering thread then takes the lock, delivers the queued messages and
    //   brings the delivery state up to date (`reconcileLocked`).
    // - `heldBit`: a holder of the lock has claimed the delivery state while nobody delivers
    //   (`claimLocked`); a sender's compare-exchange 0 → owner fails meanwhile and it waits for the lock.
    static var attentionBit: Int { 1 }
    static var heldBit: Int { 2 }
    static var ownerMask: Int { ~3 }
    // The bits are here, in a non-generic class, rather than in `SubjectHub`: there, `Self.attentionBit`
    // (`Self` being dynamic in a non-final class) compiled to a getter call taking the metadata, on the
    // per-element path (R11: 3,154 instructions per send with the bits there, 3,065 with them here).

    /// Removes the observer registered under `key` (nothing if it is gone already).
    func remove(key: UInt64) {
        preconditionFailure("SubjectHubBase.remove(key:) is abstract: SubjectHub overrides it.")
    }

    /// Removes every observer, taking the lock (`SubjectHub` overrides it).
    func removeAllObservers() {
        preconditionFailure("SubjectHubBase.removeAllObservers() is abstract: SubjectHub overrides it.")
    }

    /// For a subject's (or a relay's) `deinit`, with its hub passed unretained: empties the hub, unless the
    /// subject's reference is its only strong one — no `SubjectSubscription` shares it, and it goes with
    /// the subject, its observers with it — which saves a lock round trip per subject (R2).
    ///
    /// `isKnownUniquelyReferenced` needs a `var` holding the reference: a copy would count twice; a
    /// subject's stored `var` would be retained and released around every use, or, as a
    /// `SubjectHub<Element>` in the subject's unspecialised `deinit`, cost a metadata look-up (+280 per
    /// build); and a method on the hub is called with it retained. So the subject passes its reference as
    /// an address, and the probe borrows it without a retain (`takeRetainedValue`) and hands it back before
    /// it goes (`passRetained`): no count changes. Nothing else can add a subscription meanwhile: only the
    /// subject makes them. Non-generic, so nothing is looked up.
    static func subjectDidEnd(hub: UnsafeMutableRawPointer) {
        var probe = Unmanaged<SubjectHubBase>.fromOpaque(hub).takeRetainedValue()
        let unique = isKnownUniquelyReferenced(&probe)
        if !unique { probe.removeAllObservers() }
        _ = Unmanaged.passRetained(probe)
    }
}

/// The disposable a subject — or a share's connection, which is a hub — returns from `subscribe`: removes
/// the observer. A struct, as RxSwift's
/// `SubscriptionDisposable` is: two words fit an existential's inline buffer, so returning it allocates
/// nothing (R2). Disposing twice is harmless: the second removal finds no entry under `key` (a hub never
/// reuses a key). Not generic: the hub is held as its non-generic base class.
///
/// RxSwift's holds its subject weakly, so that a subscription kept after the subject is gone keeps nothing
/// alive. This one holds the subject's hub — a separate object — strongly, and the subject empties its hub
/// when it goes (`SubjectHubBase.subjectDidEnd(hub:)`, from each subject's `deinit`; unless no subscription
/// holds the hub, which then goes too): the same guarantee (the subject and every observer are released;
/// disposing later does nothing), without a weak reference, which allocates a side table for the hub on
/// every subscribed subject.
///
/// `package` for the bridge, whose Rx→Combine subscription keeps it as itself
/// (`Observable._subscribe(node:)`) rather than as a `Disposable` existential.
package struct SubjectSubscription: Disposable {
    let hub: SubjectHubBase
    let key: UInt64

    /// Removes the observer.
    package func dispose() {
        hub.remove(key: key)
    }
}
