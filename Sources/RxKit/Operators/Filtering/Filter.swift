extension ObservableType {
    /// Keeps the elements for which `predicate` returns `true`; an error thrown by `predicate` ends the
    /// sequence with that error. Same as RxSwift's `filter`.
    ///
    /// Adjacent `map`s and `filter`s run in one sink per subscription (see `MapFilterProducer` in
    /// MapFilterFusion.swift); what the subscriber observes is the same as with one sink per operator.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        // Inlinable for the same reason as `map`.
        let source = asObservable()
        if let stages = source as? MapFilterProducer<Element> {
            return FilterStage(previous: stages, predicate: predicate)
        }
        return FirstFilterStage(source: source, predicate: predicate)
    }
}
