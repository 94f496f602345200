extension SharedSequenceConvertibleType {
    /// Elements different from the previous one by `comparer`. Same as RxCocoa's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Elements whose key differs from the previous one's. Same as RxCocoa's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Elements whose key, by `keySelector`, differs from the previous one's by `comparer`. Same as
    /// RxCocoa's `distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool)
        -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Elements whose value at `keyPath` differs from the previous one's. Same as RxCocoa's `distinctUntilChanged(at:)`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Elements different from the previous one. Same as RxCocoa's `distinctUntilChanged()`.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}
