import ReactiveBridgePrimitives

/// Something that releases resources, such as a subscription. Same as RxSwift's `Disposable`.
public protocol Disposable {
    /// Releases the resources. Calling it more than once has no further effect.
    func dispose()
}

/// A disposable that can tell whether it has been disposed. Same as RxSwift's `Cancelable`.
public protocol Cancelable: Disposable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds `self` to `bag`, which disposes it when the bag is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Factory for the basic disposables. Same as RxSwift's `Disposables`.
public struct Disposables {
    private init() {}

    /// A disposable that does nothing.
    public static func create() -> Disposable { NopDisposable.shared }

    /// A disposable that runs `dispose` once, the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        CompositeDisposable(disposable1, disposable2)
    }

    /// A disposable that disposes all three.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) -> Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// A disposable that disposes all of them.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposables: Disposable...
    ) -> Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
    }

    /// A disposable that disposes all of them.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: return CompositeDisposable(disposables[0], disposables[1])
        default: return CompositeDisposable(disposables: disposables)
        }
    }
}

/// The disposable that does nothing.
final class NopDisposable: Disposable, Sendable {
    static let shared = NopDisposable()
    private init() {}
    func dispose() {}
}

/// Runs a closure once, on first disposal, and releases it.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var action: (() -> Void)?
    private var disposed = false

    init(_ action: @escaping () -> Void) {
        self.action = action
    }


    var isDisposed: Bool { lock.withLock { disposed } }

    func dispose() {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        let action = self.action.take()
        lock.unlock()
        action?()
    }
}
