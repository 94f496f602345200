extension ObservableType {
    /// Transforms each element with `transform`; an error thrown by `transform` ends the sequence with
    /// that error. Same as RxSwift's `map`.
    ///
    /// Adjacent `map`s and `filter`s run in one sink per subscription (see `MapFilterProducer`); what the
    /// subscriber observes is the same as with one sink per operator.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        // Inlinable so that the stage's metadata comes from the caller's cache (a runtime look-up per
        // operator otherwise); the class cast finds an existing chain to extend.
        let source = asObservable()
        if let stages = source as? MapFilterProducer<Element> {
            return MapStage(previous: stages, transform: transform)
        }
        return FirstMapStage(source: source, transform: transform)
    }
}
