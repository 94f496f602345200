/// An observer for binding UI-like state: holds its target weakly, runs the binding on a scheduler
/// (`MainScheduler` by default), and ignores elements after the target is gone. Same as RxSwift's
/// `Binder`. A `Binder` cannot take errors: RxSwift traps in debug builds; RxKit reports the error to
/// `Hooks.defaultErrorHandler` as a `BindingError` and never crashes.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// A binder that calls `binding(target, value)` on `scheduler` for each element while `target` lives.
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(), binding: @escaping (Target, Value) -> Void) {
        weak let weakTarget = target
        let targetName = String(describing: Target.self)
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.reportUnhandled(BindingError(target: "Binder<\(targetName)>", underlying: error))
            case .completed:
                break
            }
        }
    }

    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// The binder as an `AnyObserver`.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}

extension Binder: @unchecked Sendable {}
