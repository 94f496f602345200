extension SharedSequenceConvertibleType {
    /// Elements that `predicate` accepts. Same as RxCocoa's `filter`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: a share node that runs the filter itself (see `FilterShareNode`).
            let sequence = asSharedSequence()
            return SharedSequence(node: FilterShareNode(upstreamNode: sequence.node, upstream: sequence.source, predicate: predicate,
                                                        replaysLatest: replaysLatest))
        }
        let source = asObservable()
        return SharedSequence(source.composeFilter(predicate))
    }
}
