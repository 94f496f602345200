import ReactiveBridgePrimitives

/// `SubjectHub`'s latest element, for hubs that keep it (a share's connection with replay): storing it as
/// the delivering thread, dropping it when the connection stops, and replaying it to a new observer.
extension SubjectHub {
    /// Whether there is a latest element. Read as the delivering thread, or with `lock` held and the
    /// delivery state claimed (not `.deferred`).
    final var hasLatestElement: Bool { hasLatest }

    /// Records `element` as the latest (hubs that keep it). Call as the delivering thread.
    @inline(__always)
    final func storeLatest(_ element: UnsafePointer<Element>) {
        guard let latest else { return }
        // `pointee` assignments: one value-witness call each (`update(from:count:)` is an out-of-line
        // array routine).
        if hasLatest {
            latest.pointee = element.pointee
        } else {
            latest.initialize(to: element.pointee)
            hasLatest = true
        }
    }

    /// Forgets the latest element (a share's connection stopped), now if `access` allows it, otherwise
    /// when the delivery in progress ends. Call with `lock` held.
    final func dropLatestLocked(_ access: StateAccess) {
        keepsLatest = false
        if access != .deferred { dropLatestIfStopped() }
    }

    final func dropLatestIfStopped() {
        guard !keepsLatest, hasLatest, let latest else { return }
        // A trivial element needs no deinitialisation: skipping it saves an unspecialised generic call
        // per connection that stops holding one (R12: about 8 per build).
        if !_isPOD(Element.self) { latest.deinitialize(count: 1) }
        hasLatest = false
    }

    /// Replays the latest element (if any) to `entry`, which was just added with the delivery state
    /// claimed as `access`: at once if nobody delivers, nested if the calling thread is delivering,
    /// otherwise queued for the delivering thread, which reads the latest element when it gets there
    /// (it alone may read it meanwhile). Until then deliveries nested in the one in progress skip the
    /// entry, so it never gets an element twice. Must be called with `lock` held; returns with it released.
    @inline(never)
    final func replayLatestLocked(to entry: Entry, _ access: StateAccess) {
        if access == .deferred {
            queueReplayLatestLocked(to: entry)
            return
        }
        replayLatestNowLocked(access) { entry.sendNext($0) }
    }

    /// `replayLatestLocked(to:_:)` for the observer `addSoleNodeLocked` just added (`access` is not
    /// `.deferred`).
    @inline(never)
    final func replayLatestLocked(toNode node: ObserverNode, _ access: StateAccess) {
        let lane = LaneHandle(node: node)
        replayLatestNowLocked(access) { _ = lane.send(typed: $0) }
    }

    /// The cases of `replayLatestLocked` where the calling thread may deliver now (`access` is not
    /// `.deferred`): `send` gets a copy of the latest element, if there is one. Call with `lock` held;
    /// returns with it released.
    @inline(__always)
    final func replayLatestNowLocked(_ access: StateAccess, _ send: (UnsafeMutablePointer<Element>) -> Void) {
        switch access {
        case .deferred:
            preconditionFailure("SubjectHub.replayLatestNowLocked: another thread is delivering; queue the replay")
        case .owned:
            guard hasLatest, let latest else {
                lock.unlock()
                return
            }
            // A copy: a nested send could overwrite the slot while the observer reads it.
            var value = latest.pointee
            lock.unlock()
            send(&value)
        case .free, .held:
            guard hasLatest, let latest else {
                releaseLocked(access)
                lock.unlock()
                return
            }
            let me = DeliveryOwner.current
            // With the lock held and no owner, nobody else changes the word: a plain store.
            InlineWord.store(self, me)
            var value = latest.pointee
            lock.unlock()
            send(&value)
            endDelivery(me)
        }
    }

    /// The deferred case of `replayLatestLocked`, out of line so the others never touch a `Message`.
    @inline(never)
    final func queueReplayLatestLocked(to entry: Entry) {
        entry.awaitingReplay = true
        enqueueLocked(.replayLatest(entry))
        lock.unlock()
    }
}
