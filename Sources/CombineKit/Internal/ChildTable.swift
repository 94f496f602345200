/// The inner subscriptions of a `flatMap`, by slot: O(1) to add and remove, no hashing.
///
/// Each inner publisher gets a slot when it is created (`reserve`), its subscription when it arrives
/// (`fill`), and gives the slot back when it completes (`release`); freed slots are reused. An entry
/// records the child's unique index, and every call names both slot and index, so a call from a child
/// whose slot has since been given to another child (a publisher that misbehaves after completing)
/// finds a different index and changes nothing.
///
/// Slot 0 is kept inline: while at most one inner publisher is alive at a time (a `flatMap` into `Just`,
/// or any inner that completes before the next value), the table allocates nothing. Slots from 1 on live
/// in arrays, made when two are alive at once.
///
/// Why not `[Int: Subscription]`: a dictionary hashes the key on every insert and removal (a few
/// hundred instructions per inner publisher, for a `flatMap { Just($0) }` a large part of the cost).
/// Not generic, so its code is compiled once, specialised, whatever the operator's generic parameters.
/// Guarded by its owner's lock.
internal struct ChildTable {
    private struct Entry {
        var index: Int
        var subscription: Subscription?
        /// Whether `subscription` was set (a flag, so that checking it copies no existential).
        var filled = false
    }

    /// Slot 0; its index is -1 while free.
    private var first = Entry(index: -1, subscription: nil)
    /// Slots 1…: `entries[slot - 1]`.
    private var entries: [Entry] = []
    private var freeSlots: [Int] = []

    /// Takes a slot for the child with `index` (unique, not negative); returns the slot.
    mutating func reserve(_ index: Int) -> Int {
        if first.index < 0 {
            first.index = index
            return 0
        }
        if let slot = freeSlots.popLast() {
            entries[slot - 1] = Entry(index: index, subscription: nil)
            return slot
        }
        entries.append(Entry(index: index, subscription: nil))
        return entries.count
    }

    /// Records the subscription of the child in `slot`; `false` if the slot is no longer that child's, or
    /// if the child already has one (a second subscription is cancelled, as Combine does).
    mutating func fill(_ slot: Int, index: Int, with subscription: Subscription) -> Bool {
        if slot == 0 {
            guard first.index == index, !first.filled else { return false }
            first.subscription = subscription
            first.filled = true
            return true
        }
        guard slot <= entries.count, entries[slot - 1].index == index, !entries[slot - 1].filled else { return false }
        entries[slot - 1].subscription = subscription
        entries[slot - 1].filled = true
        return true
    }

    /// The subscription of the child in `slot`, if the slot is still that child's and it has one.
    func subscription(_ slot: Int, index: Int) -> Subscription? {
        if slot == 0 { return first.index == index ? first.subscription : nil }
        guard slot <= entries.count, entries[slot - 1].index == index else { return nil }
        return entries[slot - 1].subscription
    }

    /// Frees the slot of the child; `false` if it is no longer that child's (already released).
    mutating func release(_ slot: Int, index: Int) -> Bool {
        if slot == 0 {
            guard first.index == index else { return false }
            first = Entry(index: -1, subscription: nil)
            return true
        }
        guard slot <= entries.count, entries[slot - 1].index == index else { return false }
        entries[slot - 1] = Entry(index: -1, subscription: nil)
        freeSlots.append(slot)
        return true
    }

    /// False when no child has its subscription yet (a check that copies nothing).
    @inline(__always)
    /// `mutating`, though it changes nothing: read on the table in place. A plain getter on the table (an
    /// address-only struct: it holds a `Subscription?`) stored in an operator's object copied the whole table
    /// first, through its value witnesses, and destroyed the copy after.
    var hasSubscriptions: Bool {
        mutating get { first.filled || !entries.isEmpty }
    }

    /// The subscriptions of the children that have one.
    var subscriptions: [Subscription] {
        var all: [Subscription] = []
        if let subscription = first.subscription { all.append(subscription) }
        if !entries.isEmpty { all += entries.compactMap(\.subscription) }
        return all
    }

    /// Empties the table, returning the subscriptions it held. Calls from the children it held find
    /// their slots released.
    mutating func removeAll() -> [Subscription] {
        guard hasSubscriptions else {
            first = Entry(index: -1, subscription: nil)
            return []
        }
        let all = subscriptions
        first = Entry(index: -1, subscription: nil)
        entries = []
        freeSlots = []
        return all
    }
}
