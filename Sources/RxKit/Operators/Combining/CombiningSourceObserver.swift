/// A multi-source sink that serialises its sources' events as `Message`s (through a `SerialDrain`).
protocol CombiningMessageReceiver: AnyObject {
    associatedtype Message
    func submit(_ message: Message)
}

/// Observes one source of a multi-source operator (combineLatest, zip) and hands each event to the
/// sink tagged with the source it came from (`wrap`, e.g. an enum case, built once per subscription).
final class CombiningSourceObserver<Element, Receiver: CombiningMessageReceiver>: ObserverType, @unchecked Sendable {
    private let receiver: Receiver
    private let wrap: (Event<Element>) -> Receiver.Message

    init(_ wrap: @escaping (Event<Element>) -> Receiver.Message, into receiver: Receiver) {
        self.receiver = receiver
        self.wrap = wrap
    }

    func on(_ event: Event<Element>) {
        receiver.submit(wrap(event))
    }
}
