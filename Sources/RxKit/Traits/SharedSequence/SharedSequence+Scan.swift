extension SharedSequenceConvertibleType {
    /// Each intermediate accumulation. Same as RxCocoa's `scan(_:accumulator:)`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Each intermediate accumulation, mutating the seed in place. Same as RxCocoa's `scan(into:accumulator:)`.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) -> Void) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(into: seed, accumulator: accumulator))
    }
}
