extension SharedSequenceConvertibleType {
    /// Each element transformed. Same as RxCocoa's `map`.
    @inlinable  // so the share it ends in is made in the caller's specialised code
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: a share stage that runs the map itself (see `SharedStage`).
            let upstream = asSharedSequence().stageUpstream
            return SharedSequence(stage: MapSharedStage(upstream: upstream.object, kind: upstream.kind, transform: selector,
                                                        replaysLatest: replaysLatest))
        }
        let source = asObservable()
        // `composeMap` is `map` without the protocol-extension call (a metadata and a witness-table
        // look-up per operator in unspecialised code).
        return SharedSequence(source.composeMap(selector))
    }
}
