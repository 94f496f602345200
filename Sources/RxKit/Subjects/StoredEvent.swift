/// A terminal event kept by a subject, boxed so the subject stores a plain `AnyObject?` (see
/// `PublishSubject.stopBox`).
final class StoredEvent<Element> {
    let event: Event<Element>
    init(_ event: Event<Element>) { self.event = event }
}
