import ReactiveBridgePrimitives

/// A disposable that only records whether it was disposed. Same as RxSwift's `BooleanDisposable`.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
    private let flag = OnceFlag()

    /// A disposable that is not yet disposed.
    public init() {}

    /// A disposable that is already disposed if `isDisposed` is `true`.
    public init(isDisposed: Bool) {
        if isDisposed { flag.set() }
    }

    /// Whether it has been disposed.
    public var isDisposed: Bool { flag.isSet }

    /// Marks it disposed.
    public func dispose() { flag.set() }
}
