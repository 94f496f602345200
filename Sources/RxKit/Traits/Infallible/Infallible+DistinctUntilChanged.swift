extension InfallibleType {
    /// Elements different from the previous one by `comparer`. Same as RxSwift's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Elements whose key differs from the previous one's. Same as RxSwift's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Elements whose key, by `keySelector`, differs from the previous one's by `comparer`. Same as
    /// RxSwift's `Infallible.distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Elements whose value at `keyPath` differs from the previous one's. Same as RxSwift's
    /// `distinctUntilChanged(at:)`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }
}

extension InfallibleType where Element: Equatable {
    /// Elements different from the previous one. Same as RxSwift's `distinctUntilChanged()`.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}
