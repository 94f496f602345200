extension SharedSequenceConvertibleType {
    /// Each element transformed. Same as RxCocoa's `map`.
    @inlinable  // so the share it ends in is made in the caller's specialised code
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        let source = asObservable()
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: the share's connection runs the map itself (see `MapShareConnection`).
            return SharedSequence(raw: MapShareWhileConnected(upstream: source, transform: selector, replaysLatest: replaysLatest,
                                                              makeConnection: { MapShareConnection<Element, Result>(parent: $0) }))
        }
        // `composeMap` is `map` without the protocol-extension call (a metadata and a witness-table
        // look-up per operator in unspecialised code).
        return SharedSequence(source.composeMap(selector))
    }
}
