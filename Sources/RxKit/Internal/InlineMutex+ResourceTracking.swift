import ReactiveBridgePrimitives

extension InlineMutex {
    /// `head` for a root class whose first stored property is a `ResourceTracking` (a word in debug
    /// builds, nothing in release ones) and whose inline mutex's three properties follow it (an
    /// `Observable` subclass's too: `Observable`'s only stored property is one).
    static var headAfterResourceTracking: Int {
        roundUp(MemoryLayout<ResourceTracking>.size, to: MemoryLayout<Int>.alignment)
    }
}
