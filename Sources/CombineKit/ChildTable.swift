/// The inner subscriptions of a `flatMap`, by slot: O(1) to add and remove, no hashing.
///
/// Each inner publisher gets a slot when it is created (`reserve`), its subscription when it arrives
/// (`fill`), and gives the slot back when it completes (`release`); freed slots are reused. An entry
/// records the child's unique index, and every call names both slot and index, so a call from a child
/// whose slot has since been given to another child (a publisher that misbehaves after completing)
/// finds a different index and changes nothing.
///
/// Why not `[Int: Subscription]`: a dictionary hashes the key on every insert and removal (a few
/// hundred instructions per inner publisher, for a `flatMap { Just($0) }` a large part of the cost).
/// Not generic, so its code is compiled once, specialised, whatever the operator's generic parameters.
/// Guarded by its owner's lock.
internal struct ChildTable {
    private struct Entry {
        var index: Int
        var subscription: Subscription?
    }

    private var entries: [Entry] = []
    private var freeSlots: [Int] = []

    /// Takes a slot for the child with `index` (unique, not negative); returns the slot.
    mutating func reserve(_ index: Int) -> Int {
        if let slot = freeSlots.popLast() {
            entries[slot] = Entry(index: index, subscription: nil)
            return slot
        }
        entries.append(Entry(index: index, subscription: nil))
        return entries.count - 1
    }

    /// Records the subscription of the child in `slot`; `false` if the slot is no longer that child's.
    mutating func fill(_ slot: Int, index: Int, with subscription: Subscription) -> Bool {
        guard slot < entries.count, entries[slot].index == index else { return false }
        entries[slot].subscription = subscription
        return true
    }

    /// Frees the slot of the child; `false` if it is no longer that child's (already released).
    mutating func release(_ slot: Int, index: Int) -> Bool {
        guard slot < entries.count, entries[slot].index == index else { return false }
        entries[slot] = Entry(index: -1, subscription: nil)
        freeSlots.append(slot)
        return true
    }

    /// The subscriptions of the children that have one.
    var subscriptions: [Subscription] {
        entries.compactMap(\.subscription)
    }

    /// Empties the table, returning the subscriptions it held. Calls from the children it held find
    /// their slots released.
    mutating func removeAll() -> [Subscription] {
        let all = subscriptions
        entries = []
        freeSlots = []
        return all
    }
}
