extension SharedSequenceConvertibleType {
    /// Elements that `predicate` accepts. Same as RxCocoa's `filter`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: a share stage that runs the filter itself (see `SharedStage`).
            let upstream = asSharedSequence().stageUpstream
            return SharedSequence(stage: FilterSharedStage(upstream: upstream.object, kind: upstream.kind, predicate: predicate,
                                                           replaysLatest: replaysLatest))
        }
        let source = asObservable()
        return SharedSequence(source.composeFilter(predicate))
    }
}
