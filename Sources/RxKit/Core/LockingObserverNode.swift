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
    private static var headOffset: Int { roundUp(MemoryLayout<Int>.size + 4, to: MemoryLayout<Int>.alignment) }
    private static var mutexOffset: Int {
        roundUp(headOffset + MemoryLayout<Int>.size, to: MemoryLayout<PlatformMutex>.alignment)
    }
    private static var tailOffset: Int {
        roundUp(mutexOffset + MemoryLayout<PlatformMutex>.size, to: MemoryLayout<Int>.alignment)
    }

    private static func roundUp(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }

    @inline(__always)
    private final var mutex: UnsafeMutablePointer<PlatformMutex> {
        (UnsafeMutableRawPointer(InlineWord.address(of: self)) + Self.mutexOffset).assumingMemoryBound(to: PlatformMutex.self)
    }

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

    /// Checks the layout; then the head word, free after the check, records whether the mutex was
    /// initialised (for `deinit`).
    @inline(__always)
    private final func setUpMutex(initializing: Bool) {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: self))
        precondition(
            base.load(fromByteOffset: Self.headOffset, as: Int.self) == InlineWord.sentinel
                && base.load(fromByteOffset: Self.tailOffset, as: Int.self) == InlineWord.sentinel,
            "LockingObserverNode: the inline mutex is not between its two sentinel words (did ObserverNode's stored properties change? headOffset must follow them)"
        )
        base.storeBytes(of: initializing ? 1 : 0, toByteOffset: Self.headOffset, as: Int.self)
        if initializing { initializeMutex(mutex) }
    }

    deinit {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: self))
        if base.load(fromByteOffset: Self.headOffset, as: Int.self) != 0 { destroyMutex(mutex) }
    }

    /// This node's mutex, to lock in place.
    @_spi(ReactiveBridgeInternals)
    public final var nodeLock: MutexReference { MutexReference(mutex) }
}
