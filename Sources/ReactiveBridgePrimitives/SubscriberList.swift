/// The subscribers of a subject (or of anything that multicasts), in subscription order, with removal
/// that moves no other subscriber.
///
/// Each subscriber sits in a slot with the key its owner gave it; keys only grow, so the slots are
/// sorted by key and a removal finds its slot by binary search. Removing a subscriber empties its slot
/// (a vacancy) rather than closing the gap, and vacancies at the end are dropped at once. When the
/// vacancies outnumber the subscribers, the list is compacted: the subscribers are copied into a new
/// array, which also gives back the memory of the ones gone. A compaction copies at most as many slots
/// as removals made vacancies since the previous one, so a removal costs O(log n) to find and O(1)
/// amortised to carry out, in any order; tearing down n subscriptions is O(n log n), not O(n²).
///
/// The slots array is also the snapshot a delivery iterates (`slots`, copy on write): a message carries
/// the subscribers as they were when it was sent, and one removed during the delivery still receives
/// it. Iterating skips vacancies (`forEachSubscriber`); there are never more vacancies than subscribers,
/// so a delivery touches at most twice as many slots as it has subscribers.
///
/// Not generic: subjects run as unspecialised generic code in client modules, where a collection of a
/// generic element type costs a runtime metadata look-up per use. Every subscriber of a list is an
/// object of the owner's one subscriber class. Not thread-safe: the owner guards it with its lock.
@usableFromInline
package struct SubscriberList {
    /// One subscriber and its key, or, after its removal, a vacancy keeping the key.
    @usableFromInline
    package struct Slot {
        @usableFromInline package let key: UInt64
        @usableFromInline package var subscriber: AnyObject?

        @inlinable
        package init(key: UInt64, subscriber: AnyObject?) {
            self.key = key
            self.subscriber = subscriber
        }
    }

    /// `Slot`, with its subscriber unretained: the same layout, so that a delivery can read the slots of a
    /// snapshot (which keeps the subscribers alive) without a retain and a release per subscriber.
    @usableFromInline
    struct UnmanagedSlot {
        @usableFromInline let key: UInt64
        @usableFromInline let subscriber: Unmanaged<AnyObject>?
    }

    /// The slots, in subscription order (keys ascending); never ends with a vacancy.
    @usableFromInline package private(set) var slots: [Slot] = []
    /// The number of vacancies in `slots`. 32 bits, so that the list takes 12 bytes and an owner's next
    /// `Bool` can share its last word (`SubjectHub`: a Driver chain makes a hub per share).
    @usableFromInline private(set) var vacancies: UInt32 = 0

    /// An empty list.
    @inlinable
    package init() {}

    /// A list of `first` then `second` (keys ascending), in one array allocation: a subject's list begins
    /// when a second subscriber joins the one it kept aside.
    package init(_ first: AnyObject, key firstKey: UInt64, _ second: AnyObject, key secondKey: UInt64) {
        precondition(firstKey < secondKey, "SubscriberList(_:key:_:key:): keys must grow; \(secondKey) follows \(firstKey)")
        slots = [Slot(key: firstKey, subscriber: first), Slot(key: secondKey, subscriber: second)]
    }

    /// The number of subscribers.
    @inlinable
    package var count: Int { slots.count - Int(vacancies) }

    /// The key of the last slot (0 if there is none): `lastKey + 1` may be the next subscriber's key for
    /// an owner that keeps no counter, if a key coming again is harmless — each subscriber leaves at most
    /// once, and none joins once the list was emptied for good (a completed subject).
    @inlinable
    package var lastKey: UInt64 { slots.last?.key ?? 0 }

    /// Whether the list holds no subscriber.
    @inlinable
    package var isEmpty: Bool { slots.isEmpty }

    /// Adds `subscriber` at the end under `key`, which must be greater than every key added before.
    package mutating func append(_ subscriber: AnyObject, key: UInt64) {
        precondition(slots.last.map { $0.key < key } ?? true,
                     "SubscriberList.append(_:key:): keys must grow; \(key) follows \(slots.last?.key ?? 0)")
        slots.append(Slot(key: key, subscriber: subscriber))
    }

    /// Removes the subscriber added under `key` and returns it; `nil` if there is none (removed already,
    /// or never added). Keep the result until it is safe to release the subscriber (for a subject: with no
    /// lock held).
    package mutating func remove(key: UInt64) -> AnyObject? {
        guard let index = index(of: key), let removed = slots[index].subscriber else { return nil }
        if index == slots.count - 1 {
            slots.removeLast()
            // The vacancies the removed slot was hiding are now at the end: drop them too.
            while let last = slots.last, last.subscriber == nil {
                slots.removeLast()
                vacancies -= 1
            }
        } else {
            slots[index].subscriber = nil
            vacancies += 1
            if Int(vacancies) > count { compact() }
        }
        return removed
    }

    /// Empties the list and returns its slots (keep them until it is safe to release the subscribers).
    package mutating func removeAll() -> [Slot] {
        let removed = slots
        slots = []
        vacancies = 0
        return removed
    }

    /// The slot of the first subscriber, if any.
    package var first: Slot? {
        for slot in slots where slot.subscriber != nil { return slot }
        return nil
    }

    /// The subscribers, in order, as an array (slow paths: the list's storage is not).
    package var subscribers: [AnyObject] { slots.compactMap(\.subscriber) }

    /// Calls `body` with each subscriber of `snapshot` (a copy of `slots`), in order, unretained: the
    /// snapshot keeps them alive.
    @inlinable @inline(__always)
    package static func forEachSubscriber(in snapshot: [Slot], _ body: (Unmanaged<AnyObject>) -> Void) {
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnmanagedSlot.self) { slots in
                for slot in slots {
                    if let subscriber = slot.subscriber { body(subscriber) }
                }
            }
        }
    }

    /// `forEachSubscriber(in:_:)`, with each subscriber's key: for an owner that tells kinds of subscribers
    /// apart by their keys.
    @inlinable @inline(__always)
    package static func forEachKeyedSubscriber(in snapshot: [Slot], _ body: (UInt64, Unmanaged<AnyObject>) -> Void) {
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnmanagedSlot.self) { slots in
                for slot in slots {
                    if let subscriber = slot.subscriber { body(slot.key, subscriber) }
                }
            }
        }
    }

    /// How many subscribers present in both snapshots (copies of `slots`) sit at a different index in
    /// `after` than in `before`: the subscribers the changes between them moved. Lets a test check, from the
    /// outside, that removals do not shift the list (a compaction moves each subscriber it keeps).
    package static func movedSubscribers(from before: [Slot], to after: [Slot]) -> Int {
        var moved = 0
        var old = 0
        var new = 0
        while old < before.count && new < after.count {
            let (was, now) = (before[old], after[new])
            if was.key < now.key {
                old += 1
            } else if now.key < was.key {
                new += 1
            } else {
                if was.subscriber != nil && now.subscriber != nil && old != new { moved += 1 }
                old += 1
                new += 1
            }
        }
        return moved
    }

    /// The index of the slot with `key`, if there is one (binary search: keys ascend).
    private func index(of key: UInt64) -> Int? {
        var low = 0
        var high = slots.count
        while low < high {
            let middle = low + (high - low) / 2
            let found = slots[middle].key
            if found == key { return middle }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Copies the subscribers into a new array of their own size, dropping every vacancy.
    private mutating func compact() {
        var kept: [Slot] = []
        kept.reserveCapacity(count)
        for slot in slots where slot.subscriber != nil { kept.append(slot) }
        slots = kept
        vacancies = 0
    }
}
