extension SharedSequenceConvertibleType {
    /// Elements that `predicate` accepts. Same as RxCocoa's `filter`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        let source = asObservable()
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: the share's connection runs the filter itself (see `FilterShareConnection`).
            return SharedSequence(raw: FilterShareWhileConnected(upstream: source, predicate: predicate, replaysLatest: replaysLatest,
                                                                 makeConnection: { FilterShareConnection<Element>(parent: $0) }))
        }
        return SharedSequence(source.composeFilter(predicate))
    }
}
