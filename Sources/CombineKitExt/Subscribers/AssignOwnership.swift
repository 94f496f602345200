import CombineKit
import ReactiveBridgePrimitives

/// How `assign(to:on:ownership:)` holds the object it assigns to (CombineExt's `ObjectOwnership`;
/// RxSwift's `bind(to:)` with `[weak self]`/`[unowned self]` closures).
public enum ObjectOwnership: Sendable, Equatable {
    /// Keeps the object alive until the subscription ends (Combine's `assign(to:on:)`).
    case strong
    /// Does not keep the object alive; once it is gone the subscription cancels itself.
    case weak
    /// Does not keep the object alive; the object must outlive the subscription.
    case unowned
}

extension Publisher where Failure == Never {
    /// Assigns each value to `object[keyPath:]`, holding `object` as `ownership` says, so that
    /// `publisher.assign(to: \.x, on: self, ownership: .weak)` stored in `self` makes no retain
    /// cycle. Asks for unlimited values. `ownership` has no default so that `assign(to:on:)` keeps
    /// meaning CombineKit's operator.
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root,
                                        ownership: ObjectOwnership) -> AnyCancellable {
        let subscriber = OwnershipAssign(object: object, keyPath: keyPath, ownership: ownership)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

private final class OwnershipAssign<Root: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    typealias Failure = Never

    private enum Holder {
        case strong(Root)
        case weak(WeakReference)
        case unowned(UnownedReference)
        case released

        var object: Root? {
            switch self {
            case .strong(let object): return object
            case .weak(let reference): return reference.object
            case .unowned(let reference): return reference.object
            case .released: return nil
            }
        }
    }

    private final class WeakReference {
        weak var object: Root?
        init(_ object: Root) { self.object = object }
    }

    private final class UnownedReference {
        unowned let object: Root
        init(_ object: Root) { self.object = object }
    }

    private let lock = Lock()
    private var holder: Holder
    private var subscription: Subscription?
    private let keyPath: ReferenceWritableKeyPath<Root, Input>

    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>, ownership: ObjectOwnership) {
        switch ownership {
        case .strong: holder = .strong(object)
        case .weak: holder = .weak(WeakReference(object))
        case .unowned: holder = .unowned(UnownedReference(object))
        }
        self.keyPath = keyPath
    }

    var description: String { "Assign \(Root.self)." }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard self.subscription == nil else { return false }
            if case .released = holder { return false }
            self.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let (object, released): (Root?, Bool) = lock.withLock {
            if case .released = holder { return (nil, false) }
            let object = holder.object
            return (object, object == nil)
        }
        if let object {
            object[keyPath: keyPath] = input
        } else if released {
            cancel()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        lock.withLock {
            holder = .released
            subscription = nil
        }
    }

    func cancel() {
        let subscription: Subscription? = lock.withLock {
            holder = .released
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}
