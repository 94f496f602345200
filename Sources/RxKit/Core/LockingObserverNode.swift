import ReactiveBridgePrimitives

/// An `ObserverNode` with a mutex of its own inside the object: one allocation where a node holding a
/// `Lock` takes two. RxKit's subject hubs are these (a subject is its object and its hub; the hub's lock
/// was a third), and so is RxCombineBridge's Rx→Combine subscription.
///
/// An implementation detail of RxKit, not API, as `ObserverNode`: public and `open` only so that the
/// bridge's subscription can be one (and RxKit's `@usableFromInline` hubs can inherit it, which an SPI class
/// would not allow); its initialisers and its lock are SPI.
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

    /// `ObserverNode`'s stored properties: its state word (an `Int`) and four `Bool`s.
    private static var headOffset: Int {
        InlineMutex.roundUp(MemoryLayout<Int>.size + 4, to: MemoryLayout<Int>.alignment)
    }

    @inline(__always)
    private final var mutex: UnsafeMutablePointer<PlatformMutex> { InlineMutex.mutex(in: self, head: Self.headOffset) }

    @_spi(ReactiveBridgeInternals)
    public override init() {
        super.init()
        setUpMutex(initializing: true)
    }

    @_spi(ReactiveBridgeInternals)
    public override init(elementLane: Bool, terminalLane: Bool) {
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

    /// The inline mutex's memory, for a node made with `initializingMutex: false`, which never uses it as
    /// a mutex: a share's connection keeps its latest element there when it fits (`SubjectHub`).
    final var spareMutexStorage: UnsafeMutableRawPointer {
        precondition(
            UnsafeMutableRawPointer(InlineWord.address(of: self)).load(fromByteOffset: Self.headOffset, as: Int.self) == 0,
            "LockingObserverNode: the inline mutex's storage is spare only in a node made with initializingMutex: false"
        )
        return UnsafeMutableRawPointer(mutex)
    }

    /// Whether a value of type `T` fits in `spareMutexStorage`.
    static func spareMutexStorageFits<T>(_: T.Type) -> Bool {
        MemoryLayout<T>.size <= MemoryLayout<PlatformMutex>.size
            && MemoryLayout<T>.alignment <= MemoryLayout<PlatformMutex>.alignment
    }

    /// Where a subclass's first stored property is: right after the mutex's tail sentinel (Swift lays out a
    /// subclass's stored properties after its superclass's, in declaration order), for a word-aligned
    /// property. The bridge's Rx→Combine subscription keeps its subscriber there, by address, when it fits
    /// (one heap block fewer per subscription); it checks a pattern it stored there before using it.
    @_spi(ReactiveBridgeInternals)
    public final var _firstSubclassPropertyAddress: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(InlineWord.address(of: self)) + InlineMutex.tailOffset(head: Self.headOffset) + MemoryLayout<Int>.size
    }

    /// This node's mutex, to lock in place.
    package final var nodeLock: MutexReference { MutexReference(mutex) }
}
