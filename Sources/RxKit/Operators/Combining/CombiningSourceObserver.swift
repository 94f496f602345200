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

/// A combineLatest sink as its sources' observers see it: elements by address (of source `index`'s
/// element type) and terminal events, without an `Event`.
protocol CombineLatestElementReceiver: AnyObject {
    func sourceNext(at element: UnsafeRawPointer, index: Int)
    func sourceTerminal(_ error: Swift.Error?, index: Int)
}

/// Observes source `index` of a combineLatest sink through RxKit's element and terminal lanes: the
/// upstream sink or subject hands each element over by address, and terminal events without an `Event`.
final class CombineLatestSourceObserver<Element, Receiver: CombineLatestElementReceiver>: ObserverNode, ObserverType,
    @unchecked Sendable {
    private let receiver: Receiver
    private let index: Int

    init(index: Int, into receiver: Receiver) {
        self.receiver = receiver
        self.index = index
        super.init()
        hasElementLane = true
        hasTerminalLane = true
        // The sink drops this source's subscription when the source completes (`receiveTerminal`) and all of
        // them when it ends or is disposed, so an RxKit source returns its sink as the subscription, with no
        // `SinkLink` (see `ObserverNode.dropsSubscriptionOnDispose`).
        dropsSubscriptionOnDispose = true
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
            next(at: &value)
        case .error(let error):
            receiver.sourceTerminal(error, index: index)
        case .completed:
            receiver.sourceTerminal(nil, index: index)
        }
    }

    private func next(at element: UnsafePointer<Element>) {
        receiver.sourceNext(at: UnsafeRawPointer(element), index: index)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        receiver.sourceNext(at: element, index: index)
    }

    override func onTerminal(_ error: Swift.Error?) {
        receiver.sourceTerminal(error, index: index)
    }
}
