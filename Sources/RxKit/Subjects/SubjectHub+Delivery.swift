import ReactiveBridgePrimitives

/// `SubjectHub`'s delivery: broadcasting an event to the observers at once when nobody else delivers,
/// nested for a re-entrant send, or queued for the delivering thread, which drains the queue — all of
/// it at a time, in order — before its delivery ends.
extension SubjectHub {
    /// Sends `event` to `observers` (a snapshot of `entries`): at once if no delivery is in progress
    /// (the per-event path: no `Message` is built), otherwise as `dispatchLocked` does. Must be called
    /// with `lock` held; returns with it released.
    final func broadcastLocked(_ event: Event<Element>, _ observers: Observers) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !beginLocked(me) {
            dispatchBroadcastLocked(event, observers)
            return
        }
        lock.unlock()
        forEachEntry(in: observers) { $0.deliver(event) }
        endDelivery(me)
    }

    /// Sends `.next(element)` to `observers` (a snapshot of `entries`), through each observer's element
    /// lane when it has one; an `Event` is built only for observers without one, or if the element must
    /// be queued. Must be called with `lock` held; returns with it released.
    final func broadcastNextLocked(_ element: Element, _ observers: Observers) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !beginLocked(me) {
            dispatchNextLocked(element, observers)
            return
        }
        lock.unlock()
        // `&value` rather than `withUnsafePointer(to:)`: see `ElementLane.send`.
        var value = element
        storeLatest(&value)
        deliverNextToAll(&value, observers)
        endDelivery(me)
    }

    /// Calls `body` with each entry of `observers` (a snapshot, which keeps them alive), in order,
    /// skipping vacancies. The entries are read as `Unmanaged`: iterating the array of references would
    /// retain and release each entry around its delivery (two atomic operations per observer per element,
    /// S7).
    @inline(__always)
    final func forEachEntry(in observers: Observers, _ body: (Entry) -> Void) {
        SubscriberList.forEachSubscriber(in: observers) { object in
            Unmanaged<Entry>.fromOpaque(object.toOpaque())._withUnsafeGuaranteedRef(body)
        }
    }

    /// Sends the element at `element` to every entry of `observers` (a snapshot, which keeps them alive),
    /// as the delivering thread of a delivery that began with nobody delivering: no entry waits for a
    /// replay (see `deliverNext`), since replays wait only for a delivery in progress.
    @inline(__always)
    final func deliverNextToAll(_ element: UnsafePointer<Element>, _ observers: Observers) {
        forEachEntry(in: observers) { entry in
            if !entry.lane.send(typed: element) {
                entry.deliverNext(element.pointee)
            }
        }
    }

    /// Sends the element at `element` to `observers`, as the delivering thread. An observer that joined
    /// while this thread was delivering (its snapshot taken after that) is skipped if its replay is still
    /// queued: the replay gives it the latest element.
    @inline(__always)
    final func deliverNext(_ element: UnsafeMutablePointer<Element>, to observers: Observers) {
        forEachEntry(in: observers) { entry in
            if entry.awaitingReplay { return }
            if !entry.lane.send(typed: element) {
                entry.deliverNext(element.pointee)
            }
        }
    }

    /// Sends `.next(element)` to the current observers, reading the element in place. With one observer
    /// that has an element lane and no delivery in progress (a subject with one subscriber) it retains
    /// nothing and copies nothing; otherwise it is `broadcastNextLocked(_:_:)`. Must be called with
    /// `lock` held; returns with it released.
    @inline(__always)
    final func broadcastNextLocked(at element: UnsafePointer<Element>) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !hasSoleLane || !beginLocked(me) {
            broadcastNextToEntriesLocked(at: element)
            return
        }
        let lane = soleLane
        lock.unlock()
        storeLatest(element)
        _ = lane.send(typed: element)
        endDelivery(me)
    }

    /// The general case of `broadcastNextLocked(at:)`, out of line.
    @inline(never)
    final func broadcastNextToEntriesLocked(at element: UnsafePointer<Element>) {
        let me = DeliveryOwner.current
        guard InlineWord.load(self) == 0, beginLocked(me) else {
            dispatchNextLocked(element.pointee, entries)
            return
        }
        if let first = sole {
            // One observer, and either it has no lane or a delivery ended just now (the word was read
            // non-zero, then the delivering thread's compare-exchange cleared it): no snapshot array.
            lock.unlock()
            storeLatest(element)
            if !first.lane.send(typed: element) {
                first.deliverNext(element.pointee)
            }
            endDelivery(me)
            return
        }
        if let node = soleNode {
            // As above; the local reference keeps the node alive after the lock is released.
            lock.unlock()
            storeLatest(element)
            _ = LaneHandle(node: node).send(typed: element)
            endDelivery(me)
            return
        }
        // Two or more: the element is read in place by each (no copy of it, R1).
        let observers = list.slots
        lock.unlock()
        storeLatest(element)
        deliverNextToAll(element, observers)
        endDelivery(me)
    }

    /// The slow path of `broadcastNextLocked`, out of line so the per-event path never touches a queue:
    /// `dispatchLocked(.broadcast(.next(element), observers))`, without building the message.
    @inline(never)
    final func dispatchNextLocked(_ element: Element, _ observers: Observers) {
        let me = DeliveryOwner.current
        let route = routeLocked(me)
        if route == .queue {
            enqueueNextLocked(element, observers)
            lock.unlock()
            return
        }
        lock.unlock()
        var value = element
        storeLatest(&value)
        deliverNext(&value, to: observers)
        if route == .owner { endDelivery(me) }
    }

    /// The slow path of `broadcastLocked`, out of line so the per-event path never builds a `Message`.
    @inline(never)
    final func dispatchBroadcastLocked(_ event: Event<Element>, _ observers: Observers) {
        dispatchLocked(.broadcast(event, observers))
    }

    /// Delivers `message` (now, nested, or via the delivering thread). Must be called with `lock`
    /// held; returns with it released.
    final func dispatchLocked(_ message: Message) {
        let me = DeliveryOwner.current
        let route = routeLocked(me)
        if route == .queue {
            enqueueLocked(message)
            lock.unlock()
            return
        }
        lock.unlock()
        deliver(message)
        if route == .owner { endDelivery(me) }
    }

    /// How a message the calling thread (`me`) sends now goes out (see `HubSendRoute`). Call with `lock`
    /// held; it stays held.
    final func routeLocked(_ me: Int) -> HubSendRoute {
        while true {
            let word = InlineWord.load(self)
            if word & SubjectHubBase.ownerMask == me { return .nested }
            if word == 0 {
                if beginLocked(me) { return .owner }
                continue  // a sender began without the lock: queue for it
            }
            // Another thread delivers. Set `attentionBit` before deciding: it may be ending its delivery
            // with a compare-exchange right now, which then either fails (and it drains the queue) or
            // has already succeeded (and this thread delivers).
            let previous = InlineWord.fetchOr(self, SubjectHubBase.attentionBit)
            if previous & SubjectHubBase.ownerMask != 0 { return .queue }
            // The word is `attentionBit` with no owner: senders wait for the lock, so a plain store.
            InlineWord.store(self, me)
            return .owner
        }
    }

    /// The queue of messages, made on first use. Call with `lock` held.
    final var pendingLocked: PendingMessages {
        if let pending { return pending }
        let made = PendingMessages()
        pending = made
        return made
    }

    /// Queues `message` for the delivering thread. Call with `lock` held and `attentionBit` set.
    @inline(never)
    final func enqueueLocked(_ message: Message) {
        let pending = pendingLocked
        pending.messages.append(message)
        pending.order.append(nil)
        queuedCount += 1
    }

    /// Queues `.next(element)` to `observers` for the delivering thread. Call with `lock` held and
    /// `attentionBit` set.
    final func enqueueNextLocked(_ element: Element, _ observers: Observers) {
        let pending = pendingLocked
        pending.elements.append(element)
        pending.order.append(observers)
        queuedCount += 1
    }

    /// Delivers `batch` (the queue as `PendingMessages.takeAll` took it) in order, as the delivering
    /// thread, with `lock` released, then hands it back to `pending` empty. Each element goes to the
    /// observers of its own snapshot, as if it had been delivered when it was sent.
    final func deliverBatch(_ batch: PendingMessages, of pending: PendingMessages) {
        var messageIndex = 0
        for observers in batch.order {
            guard let observers else {
                deliver(batch.messages[messageIndex])
                messageIndex += 1
                continue
            }
            var element = batch.elements.removeFirst()
            storeLatest(&element)
            deliverNext(&element, to: observers)
        }
        // The snapshots (and the messages' observers) are released here, with no lock held.
        batch.order.removeAll(keepingCapacity: true)
        if messageIndex > 0 { batch.messages.removeAll(keepingCapacity: true) }
        pending.drained = batch
    }

    /// Run by the delivering thread (`me`) after its own message: ends the delivery with one
    /// compare-exchange, or, if other threads queued messages or changed the observers meanwhile
    /// (`attentionBit`), delivers the messages and brings the delivery state up to date first.
    @inline(__always)
    final func endDelivery(_ me: Int) {
        if InlineWord.compareExchange(self, expected: me, desired: 0) { return }
        drainQueuedMessages()
    }

    /// The slow path of `endDelivery`, out of line so the per-event path never touches a `Message`.
    @inline(never)
    final func drainQueuedMessages() {
        while true {
            lock.lock()
            if queuedCount == 0 {
                reconcileLocked()
                let released = takeRetiredLocked()
                InlineWord.store(self, 0)
                lock.unlock()
                withExtendedLifetime(released) {}  // the retired entries go here, with no lock held
                return
            }
            // The whole queue in one hold of the lock: a sender queueing meanwhile waits for the lock
            // once, not once per value the delivering thread takes.
            let pending = self.pending.unsafelyUnwrapped
            let batch = pending.takeAll()
            queuedCount = 0
            lock.unlock()
            deliverBatch(batch, of: pending)
        }
    }

    /// Brings the delivery state up to date with what lock holders changed during the delivery (see
    /// `StateAccess.deferred`). Call as the delivering thread, with `lock` held.
    final func reconcileLocked() {
        if let sole {
            setSoleLane(sole.lane)
        } else if let soleNode {
            setSoleLane(LaneHandle(node: soleNode))
        } else {
            setSoleLane(LaneHandle())
        }
        dropLatestIfStopped()
    }

    /// Delivers `message` as the delivering thread.
    final func deliver(_ message: Message) {
        switch message {
        case .broadcast(let event, let observers):
            if case .next(var element) = event {
                storeLatest(&element)
                deliverNext(&element, to: observers)
            } else {
                forEachEntry(in: observers) { entry in
                    // The queued replay is dropped: nothing may follow a terminal event.
                    if entry.awaitingReplay { entry.awaitingReplay = false }
                    entry.deliver(event)
                }
            }
        case .replay(let events, let entry):
            for event in events { entry.deliver(event) }
        case .replayLatest(let entry):
            guard entry.awaitingReplay else { return }
            entry.awaitingReplay = false
            guard hasLatest, let latest else { return }
            var value = latest.pointee
            entry.sendNext(&value)
        }
    }
}
