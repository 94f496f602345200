extension SharedSequenceConvertibleType {
    /// The elements of `sequence`'s sources, one source after another. Same as RxCocoa's `concat`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
        where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of `collection`'s sources, one source after another. Same as RxCocoa's `concat`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, Element>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }
}
