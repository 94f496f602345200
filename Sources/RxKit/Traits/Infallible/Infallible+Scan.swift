extension InfallibleType {
    /// Each intermediate accumulation, mutating `seed` in place. Same as RxSwift's `scan(into:accumulator:)`.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Each intermediate accumulation. Same as RxSwift's `scan(_:accumulator:)`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }
}
