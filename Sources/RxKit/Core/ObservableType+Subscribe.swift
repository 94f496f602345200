extension ObservableType {
    /// Subscribes a closure to every event.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(ClosureObserver(on))
    }

    /// Subscribes closures to elements, error, completion and disposal. An error with no `onError`
    /// goes to `Hooks.defaultErrorHandler`. `onDisposed` runs once, after the terminal handler or when
    /// the returned disposable is disposed. Same as RxSwift.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let subscription = ClosureSubscription<Element>(onDisposed: onDisposed)
        let observer = ClosureObserver<Element>({ [subscription] event in
            if subscription.isDisposed { return }
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.reportUnhandled(error, callStack: callStack)
                }
                subscription.dispose()
            case .completed:
                onCompleted?()
                subscription.dispose()
            }
        }, onNextElement: { [subscription] value in
            if subscription.isDisposed { return }
            onNext?(value)
        })
        subscription.attach(asObservable().subscribe(observer))
        return subscription
    }

    /// Like `subscribe(onNext:onError:onCompleted:onDisposed:)`, passing `object` to each closure
    /// while holding it weakly; events after `object` is released are ignored. Same as RxSwift 6.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in
                guard let object else { return }
                onNext?(object, value)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// The disposable behind closure subscriptions: disposes upstream and runs `onDisposed` once.
final class ClosureSubscription<Element>: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var upstream: Disposable?
    private var onDisposed: (() -> Void)?
    /// Read on every event by the closure observer: a lock-free flag, not a lock round trip.
    private let disposed = OnceFlag()

    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    var isDisposed: Bool { disposed.isSet }

    func attach(_ disposable: Disposable) {
        lock.lock()
        if disposed.isSet {
            lock.unlock()
            disposable.dispose()
            return
        }
        upstream = disposable
        lock.unlock()
    }

    func dispose() {
        // The flag is set before taking the lock, and `attach` reads it under the lock: either
        // `attach` sees it and disposes its disposable itself, or it stored it before we take it here.
        guard disposed.set() else { return }
        lock.lock()
        let upstream = self.upstream
        let onDisposed = self.onDisposed
        self.upstream = nil
        self.onDisposed = nil
        lock.unlock()
        upstream?.dispose()
        onDisposed?()
    }
}
