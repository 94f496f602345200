extension PrimitiveSequence {
    /// A trait whose subscription owns a resource made by `resourceFactory`, disposed when the
    /// subscription ends. Same as RxSwift's `using(_:primitiveSequenceFactory:)`.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }))
    }
}
