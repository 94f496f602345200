import ReactiveBridgePrimitives

/// Room for a small value — up to four words, word-aligned — inside the object that holds it, declared
/// as the stored property right after the object's `InlineLockStorage` and reached by address through
/// `InlineLock.room` (the same technique as the lock's). A subject's conduit keeps its subscriber there
/// instead of in a heap block of its own (one allocation fewer per subscription); a larger subscriber
/// still gets a heap block. The room is never read or written as a Swift value after initialisation: it is
/// plain words to the compiler, and what lives in it is initialised, moved and destroyed through the
/// address by its owner.
internal struct InlineValueRoom {
    private var words: (Int, Int, Int, Int) = (0, 0, 0, 0)

    init() {}

    /// A placeholder for a `T` pointer to the room, for an owner's stored property until `self` is formed
    /// and `InlineLock.room` can be asked (never dereferenced: non-null and aligned, pointing nowhere).
    @inline(__always)
    static func unsetAddress<T>(of _: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment).unsafelyUnwrapped
    }

    /// Whether a `T` fits in the room.
    @inline(__always)
    static func fits<T>(_: T.Type) -> Bool {
        MemoryLayout<T>.size <= MemoryLayout<InlineValueRoom>.size
            && MemoryLayout<T>.alignment <= MemoryLayout<InlineValueRoom>.alignment
    }
}

extension InlineLock {
    /// The address of the `InlineValueRoom` declared right after the lock's storage. Both are word-aligned,
    /// and the storage's stride is a multiple of its alignment, so the room starts at the storage's stride.
    @inline(__always)
    internal var room: UnsafeMutableRawPointer {
        storage + MemoryLayout<InlineLockStorage>.stride
    }

    /// Debug check that `room` is where the owner's room is (its second stored property).
    internal func isRoomAt(_ address: UnsafeMutablePointer<InlineValueRoom>) -> Bool {
        UnsafeMutableRawPointer(address) == room
            && MemoryLayout<InlineValueRoom>.alignment <= MemoryLayout<InlineLockStorage>.alignment
    }
}
