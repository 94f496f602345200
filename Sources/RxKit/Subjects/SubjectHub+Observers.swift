import ReactiveBridgePrimitives

/// `SubjectHub`'s subscriber table: the observers (`sole`, `soleNode` or `list`), adding and removing
/// them under the lock, and keeping removed ones alive until a delivery in progress ends.
extension SubjectHub {
    /// The current observers, as a snapshot a message can carry (slow paths: with one observer it builds
    /// an array, and for `soleNode` an entry). A hub whose senders have queued messages (`pending` exists:
    /// senders on several threads) keeps that snapshot and hands it out again while the sole observer stays,
    /// so a queued send allocates nothing. Call with `lock` held.
    final var entries: Observers {
        if soleObserver == nil { return list.slots }
        guard let pending else { return soleSnapshotLocked() }
        if pending.soleSnapshot.count == 1 && isSoleObserverLocked(pending.soleSnapshot[0]) {
            return pending.soleSnapshot
        }
        let snapshot = soleSnapshotLocked()
        pending.soleSnapshot = snapshot
        return snapshot
    }

    /// A new snapshot of the sole observer (`sole` or `soleNode`). Call with `lock` held.
    private final func soleSnapshotLocked() -> Observers {
        if let sole { return [SubscriberList.Slot(key: soleKey, subscriber: sole)] }
        return [SubscriberList.Slot(key: soleKey, subscriber: Entry(node: soleNode.unsafelyUnwrapped))]
    }

    /// Whether `slot`, the slot of a kept snapshot, stands for the sole observer (keys are never reused).
    /// Call with `lock` held and a sole observer.
    private final func isSoleObserverLocked(_ slot: SubscriberList.Slot) -> Bool {
        slot.key == soleKey
    }

    /// Drops the kept snapshot (see `entries`), which would otherwise keep a removed observer alive. Call
    /// with `lock` held, when observers are removed.
    @inline(__always)
    final func forgetSoleSnapshotLocked() {
        if let pending, !pending.soleSnapshot.isEmpty { pending.soleSnapshot = [] }
    }

    /// Whether nobody is subscribed. Call with `lock` held.
    @inline(__always)
    final var isEmptyLocked: Bool { soleObserver == nil && list.isEmpty }

    /// Adds an observer; returns its entry and its key for `remove(key:)`. Call with `lock` held.
    final func addLocked<Observer: ObserverType>(_ observer: Observer) -> (entry: Entry, key: UInt64) where Observer.Element == Element {
        let access = claimLocked()
        defer { releaseLocked(access) }
        return addLocked(observer, access)
    }

    /// Adds an observer and returns its key for `remove(key:)`. The first observer, when it is an RxKit node
    /// with both lanes (every RxKit sink, `subscribe(onNext:…)`'s observer, the bridge's subscription) and
    /// nobody is delivering, is kept without an `Entry` (`addSoleNodeLocked`): an allocation fewer per
    /// subscription to a subject with one observer (R2). Call with `lock` held.
    final func addKeyedLocked<Observer: ObserverType>(_ observer: Observer) -> UInt64 where Observer.Element == Element {
        let access = claimLocked()
        defer { releaseLocked(access) }
        // A metatype check first: `observer as? ObserverNode` is a full dynamic cast in unspecialised code.
        if access != .deferred, isEmptyLocked, ObserverNode.isNodeType(Observer.self) {
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self).takeUnretainedValue()
            if node.hasElementLane && node.hasTerminalLane { return addSoleNodeLocked(node, access) }
        }
        return addLocked(observer, access).key
    }

    /// `addKeyedLocked(_:)` for `node`, an RxKit node observer of `Element` with both lanes. Call with
    /// `lock` held.
    final func addKeyedLocked(node: ObserverNode) -> UInt64 {
        let access = claimLocked()
        defer { releaseLocked(access) }
        if access != .deferred, isEmptyLocked { return addSoleNodeLocked(node, access) }
        return addLocked(node: node, access).key
    }

    /// Adds an observer, the delivery state claimed as `access`; returns its entry and its key. Call with
    /// `lock` held.
    final func addLocked<Observer: ObserverType>(_ observer: Observer, _ access: StateAccess) -> (entry: Entry, key: UInt64) where Observer.Element == Element {
        let entry = Entry.forObserver(observer)
        return (entry, addLocked(entry, access))
    }

    /// Adds `node`, an RxKit node observer of `Element` with both lanes (see `SubjectEntry.init(node:)`),
    /// the delivery state claimed as `access`; returns its entry and its key. Call with `lock` held.
    final func addLocked(node: ObserverNode, _ access: StateAccess) -> (entry: Entry, key: UInt64) {
        let entry = Entry(node: node)
        return (entry, addLocked(entry, access))
    }

    /// Adds `node`, an RxKit node observer of `Element` with both lanes, as the sole observer kept without
    /// an `Entry` (see `soleNode`); returns its key. Call with `lock` held, nobody subscribed and the
    /// delivery state claimed as `access`, which must not be `.deferred`.
    final func addSoleNodeLocked(_ node: ObserverNode, _ access: StateAccess) -> UInt64 {
        precondition(isEmptyLocked && access != .deferred && node.hasElementLane && node.hasTerminalLane,
                     "SubjectHub.addSoleNodeLocked: only for a first observer, a node with both lanes, added with nobody else delivering")
        nextKey += 1
        soleNode = node
        soleKey = nextKey
        setSoleLane(LaneHandle(node: node))
        return nextKey
    }

    /// Adds `entry` under the next key, which it returns. Call with `lock` held.
    @inline(__always)
    final func addLocked(_ entry: Entry, _ access: StateAccess) -> UInt64 {
        nextKey += 1
        let key = nextKey
        if let first = sole {
            list = SubscriberList(first, key: soleKey, entry, key: key)
            sole = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
        } else if let node = soleNode {
            list = SubscriberList(Entry(node: node), key: soleKey, entry, key: key)
            soleNode = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
        } else if list.isEmpty {
            sole = entry
            soleKey = key
            if access != .deferred { setSoleLane(entry.lane) }
        } else {
            list.append(entry, key: key)
        }
        return key
    }

    /// An entry that is not in the list (for replaying a terminated subject to a late subscriber).
    final func detachedEntry<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        Entry.forObserver(observer)
    }

    /// Removes every observer. Call with `lock` held; keep what it returns until `lock` is released (see
    /// `RemovedObservers`).
    final func removeAllLocked() -> RemovedObservers {
        let access = claimLocked()
        let removed = removeAllLocked(access)
        releaseLocked(access)
        return removed
    }

    /// Removes every observer, the delivery state claimed as `access`. Call with `lock` held; keep what it
    /// returns until `lock` is released (see `RemovedObservers`).
    final func removeAllLocked(_ access: StateAccess) -> RemovedObservers {
        forgetSoleSnapshotLocked()
        var removed = RemovedObservers()
        if soleObserver != nil {
            retireLocked(CollectionOfOne(soleObserver.unsafelyUnwrapped), access)
            removed.one = soleObserver.take()
            soleIsNode = false
        } else if !list.isEmpty {
            retireLocked(list.slots.lazy.compactMap(\.subscriber), access)
            removed.many = list.removeAll()
        }
        if access != .deferred { setSoleLane(LaneHandle()) }
        return removed
    }

    /// Removes the observer with `key`, the delivery state claimed as `access`. Call with `lock` held; keep
    /// what it returns (the removed observer, if any) until `lock` is released (see `RemovedObservers`).
    final func removeLocked(key: UInt64, _ access: StateAccess) -> AnyObject? {
        forgetSoleSnapshotLocked()
        // `soleObserver` (`sole` or `soleNode`) is moved out, not bound to a local first: that was a retain
        // and a release per removal.
        if soleObserver != nil {
            guard soleKey == key else { return nil }
            retireLocked(CollectionOfOne(soleObserver.unsafelyUnwrapped), access)
            let removed = soleObserver.take()
            soleIsNode = false
            if access != .deferred { setSoleLane(LaneHandle()) }
            return removed
        }
        guard let removed = list.remove(key: key) else { return nil }
        retireLocked(CollectionOfOne(removed), access)
        if list.count == 1 {
            let slot = list.first.unsafelyUnwrapped
            let remaining = unsafeDowncast(slot.subscriber.unsafelyUnwrapped, to: Entry.self)
            list = SubscriberList()
            sole = remaining
            soleKey = slot.key
            if access != .deferred { setSoleLane(remaining.lane) }
        }
        return removed
    }

    /// Keeps `removed` alive until the delivery in progress (if any) ends: the delivering thread may be
    /// inside one of them through `soleLane`, which holds no reference. Call with `lock` held.
    @inline(__always)
    final func retireLocked<Removed: Sequence>(_ removed: Removed, _ access: StateAccess) where Removed.Element == AnyObject {
        // Nobody delivers: nothing to keep (inline, so the usual case builds no collection and makes no call).
        if access == .free || access == .held { return }
        retireDuringDeliveryLocked(removed, access)
    }

    /// `retireLocked` while a delivery is in progress (`access` is `.owned` or `.deferred`).
    @inline(never)
    final func retireDuringDeliveryLocked<Removed: Sequence>(_ removed: Removed, _ access: StateAccess) where Removed.Element == AnyObject {
        switch access {
        case .free, .held:
            return
        case .owned:
            // The delivery ends with a compare-exchange, which the bit makes fail: the end then releases
            // them (a read-modify-write: other threads may be setting the bit too).
            _ = InlineWord.fetchOr(self, SubjectHubBase.attentionBit)
        case .deferred:
            break  // `claimLocked` set the bit
        }
        pendingLocked.retired.append(contentsOf: removed)
    }

    /// The observers retired during the delivery that is ending, taken out to be released once `lock` is.
    /// Call with `lock` held, as the delivering thread.
    final func takeRetiredLocked() -> [AnyObject] {
        guard let pending, !pending.retired.isEmpty else { return [] }
        let released = pending.retired
        pending.retired = []
        return released
    }

    final var hasObservers: Bool { lock.withLock { !isEmptyLocked } }
}

/// Observers a hub removed under its lock, to be released after the lock is released: an observer's
/// release can run arbitrary code (its captures' `deinit`s dispose other subscriptions to the same subject,
/// or free the subject itself, whose `deinit` empties the hub), which must not find the lock held. Not
/// nested in the generic hub, so that holding one needs no metadata look-up.
struct RemovedObservers {
    /// The removed observer, when there was one.
    var one: AnyObject?
    /// The removed observers' slots, when there were two or more.
    var many: [SubscriberList.Slot] = []
}
