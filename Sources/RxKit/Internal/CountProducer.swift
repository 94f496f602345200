/// The producer of an operator that needs only its source and a count (`skip(_:)`, `take(_:)`,
/// `takeLast(_:)`). Each operator subclasses it and overrides `run(_:cancel:)`; the stored parts are read
/// at subscription only.
class CountProducer<Element>: Producer<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }
}
