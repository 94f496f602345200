/// The layout of a mutex kept inside an object (a `Lock`, and in RxKit a `LockingObserverNode`, a share,
/// the disposables that lock, the flattening sinks' drain): three stored properties declared in this order —
/// `InlineWord.sentinel`, `PlatformMutex()`, `InlineWord.sentinel` — starting `head` bytes into the object's
/// stored properties. Swift lays out a class's stored properties after its superclass's, in declaration
/// order, so `head` is known where the class is defined; setting up checks both sentinels, so a layout
/// surprise stops the program with a message instead of corrupting a property. Swift code never touches
/// the three properties again; the mutex is locked through a `MutexReference` to it. The mutex being one
/// 32-bit word (see `PlatformMutex`), the three take three words: the tail sentinel's alignment pads it.
@usableFromInline
package enum InlineMutex {
    @inlinable
    package static func mutexOffset(head: Int) -> Int {
        roundUp(head + MemoryLayout<Int>.size, to: MemoryLayout<PlatformMutex>.alignment)
    }

    @inlinable
    package static func tailOffset(head: Int) -> Int {
        roundUp(mutexOffset(head: head) + MemoryLayout<PlatformMutex>.size, to: MemoryLayout<Int>.alignment)
    }

    /// The first offset at or after `value` that `alignment` allows.
    @inlinable
    package static func roundUp(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }

    @inlinable @inline(__always)
    package static func mutex(in object: AnyObject, head: Int) -> UnsafeMutablePointer<PlatformMutex> {
        (UnsafeMutableRawPointer(InlineWord.address(of: object)) + mutexOffset(head: head))
            .assumingMemoryBound(to: PlatformMutex.self)
    }

    /// Checks the layout (`owner` names the class in the message), then initialises the mutex if
    /// `initializing`. After this the head word records whether the mutex was initialised (for
    /// `tearDown`). Call once, at the end of the owner's `init`.
    @inlinable @inline(__always)
    package static func setUp(_ object: AnyObject, head: Int, initializing: Bool, owner: StaticString) {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: object))
        guard base.load(fromByteOffset: head, as: Int.self) == InlineWord.sentinel,
              base.load(fromByteOffset: tailOffset(head: head), as: Int.self) == InlineWord.sentinel
        else {
            preconditionFailure("\(owner): the inline mutex is not between its two sentinel words (did the stored properties before it change? Its head offset must follow them)")
        }
        base.storeBytes(of: initializing ? 1 : 0, toByteOffset: head, as: Int.self)
        if initializing { MutexReference(mutex(in: object, head: head)).initialize() }
    }

    /// Destroys the mutex if `setUp` initialised it. Call from the owner's `deinit`.
    @inlinable @inline(__always)
    package static func tearDown(_ object: AnyObject, head: Int) {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: object))
        if base.load(fromByteOffset: head, as: Int.self) != 0 { MutexReference(mutex(in: object, head: head)).destroy() }
    }

    /// The set-up of a root class whose first three stored properties are the inline mutex's (`head` 0)
    /// and whose head word is its own afterwards: an atomic word (`InlineWord`, as `Lock`'s) or a word
    /// for any use. Checks the layout (`owner` names the class in the message), zeroes the head word and
    /// initialises the mutex, which the owner destroys in its `deinit` (`MutexReference.destroy()`).
    @usableFromInline
    package static func setUpKeepingHeadWord(_ object: AnyObject, owner: StaticString) {
        let tail = UnsafeMutableRawPointer(InlineWord.address(of: object)) + tailOffset(head: 0)
        precondition(
            tail.load(as: Int.self) == InlineWord.sentinel,
            "\(owner): the mutex is not where it was expected between the two sentinel words"
        )
        InlineWord.initialize(object)
        MutexReference(mutex(in: object, head: 0)).initialize()
    }
}
