import ReactiveBridgePrimitives

/// An `ObserverNode` with a mutex of its own inside the object: one allocation where a node holding a
/// `Lock` takes two. RxKit's subject hubs are these (a subject is its object and its hub; the hub's lock
/// was a third), and so is RxCombineBridge's Rx→Combine subscription.
///
/// An implementation detail of RxKit, not API, as `ObserverNode`: `open` only so that the bridge's
/// subscription can be one (another module can subclass only an `open` class); its lock is `package`, and
/// its one public initialiser takes a `_PackageOnly`, which nothing outside this package can make, so
/// nothing outside this package can subclass it.
///
/// The mutex sits between two sentinel words right after `ObserverNode`'s stored properties — Swift lays
/// out a subclass's stored properties after its superclass's, in declaration order — so its address is
/// known without Swift code touching it after `init`, as in `Lock` (which does the same in a root class).
/// `init` checks both sentinels: a layout surprise (a stored property added to `ObserverNode`) stops the
/// program with a message instead of corrupting a property.
open class LockingObserverNode: ObserverNode, @unchecked Sendable {
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel

    /// `ObserverNode`'s stored properties: its state word (an `Int`), four `Bool`s and its spare 32 bits.
    private static var headOffset: Int {
        InlineMutex.roundUp(MemoryLayout<Int>.size + 4 + 4, to: MemoryLayout<Int>.alignment)
    }

    @inline(__always)
    private final var mutex: UnsafeMutablePointer<PlatformMutex> { InlineMutex.mutex(in: self, head: Self.headOffset) }

    override init() {
        super.init()
        setUpMutex(initializing: true)
    }

    /// A node with the given lanes, for the bridge's subscription (see `ObserverNode.init(elementLane:
    /// terminalLane:)`). Public, with a `_PackageOnly` that only this package can make, rather than
    /// `package`: Swift 6.3 reports a spurious "function call causes an infinite recursion" for every
    /// final class in another module that subclasses an open class whose initialisers are `package`.
    public init(elementLane: Bool, terminalLane: Bool, _: _PackageOnly) {
        super.init(elementLane: elementLane, terminalLane: terminalLane)
        setUpMutex(initializing: true)
    }

    /// A node whose mutex is set up only if `initializingMutex`: a share's connection is a hub guarded by
    /// its share's lock, and leaves its own alone (no initialisation and destruction per connection).
    init(initializingMutex: Bool) {
        super.init()
        setUpMutex(initializing: initializingMutex)
    }

    @inline(__always)
    private final func setUpMutex(initializing: Bool) {
        InlineMutex.setUp(self, head: Self.headOffset, initializing: initializing, owner: "LockingObserverNode")
    }

    deinit {
        InlineMutex.tearDown(self, head: Self.headOffset)
    }

    /// The inline mutex's memory and the padding after it up to the tail sentinel, for a node made with
    /// `initializingMutex: false`, which never uses it as a mutex: a share's connection keeps its latest
    /// element there when it fits (`SubjectHub`).
    final var spareMutexStorage: UnsafeMutableRawPointer {
        precondition(
            UnsafeMutableRawPointer(InlineWord.address(of: self)).load(fromByteOffset: Self.headOffset, as: Int.self) == 0,
            "LockingObserverNode: the inline mutex's storage is spare only in a node made with initializingMutex: false"
        )
        return UnsafeMutableRawPointer(mutex)
    }

    /// Whether a value of type `T` fits in `spareMutexStorage` (a word, where the mutex is a 32-bit word
    /// followed by padding: an `Int` fits). Inline: a call passes `T`'s metadata to an unspecialised
    /// function (once per share connection).
    @inline(__always)
    static func spareMutexStorageFits<T>(_: T.Type) -> Bool {
        let start = InlineMutex.mutexOffset(head: headOffset)
        // Alignments are powers of two: a mask, not `%`, whose division by a value known only at run time
        // (in unspecialised code) is one of the slowest instructions there is (R12: once per connection).
        return MemoryLayout<T>.size <= InlineMutex.tailOffset(head: headOffset) - start
            && start & (MemoryLayout<T>.alignment - 1) == 0
    }

    /// Where a subclass's first stored property is: right after the mutex's tail sentinel (Swift lays out a
    /// subclass's stored properties after its superclass's, in declaration order), for a word-aligned
    /// property. The bridge's Rx→Combine subscription keeps its subscriber there, by address, when it fits
    /// (one heap block fewer per subscription); it checks a pattern it stored there before using it.
    package final var _firstSubclassPropertyAddress: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(InlineWord.address(of: self)) + InlineMutex.tailOffset(head: Self.headOffset) + MemoryLayout<Int>.size
    }

    /// This node's mutex, to lock in place.
    package final var nodeLock: MutexReference { MutexReference(mutex) }
}

/// A value that only this package can make (its initialiser is `package`). A public initialiser that takes
/// one can be called from the bridge but not from outside the package: what a `package` initialiser would
/// say, without the spurious warning Swift gives those on an open class subclassed in another module (see
/// `LockingObserverNode.init(elementLane:terminalLane:_:)`). Not part of RxKit's API.
public struct _PackageOnly {
    package init() {}
}
