/// A sequence that is also an observer. Same as RxSwift's `SubjectType`.
public protocol SubjectType: ObservableType {
    /// The observer side's type.
    associatedtype Observer: ObserverType
    /// The observer side.
    func asObserver() -> Observer
}
