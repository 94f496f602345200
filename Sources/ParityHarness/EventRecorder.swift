import CombineKit
import RxKit

/// Records every event one output delivers — each value, failure and completion with its virtual time,
/// nothing skipped or merged — from an RxKit `Observable` (or `Driver`, `Signal`, relay …) or a CombineKit
/// `Publisher`. Use one per view-model output and style; recordings of the same output in two styles
/// compare with `==` (or, with ParityTesting, `Parity.compare(recorded:rx:combine:mixed:_:)`).
///
/// Unlike `DisplayRecorder`, which keeps what a screen shows (and skips a state equal to the last), this
/// keeps exactly what the stream emitted: a `@Published` property publishing an equal value again shows
/// here as a second event.
///
/// ```swift
/// let rates = EventRecorder<[String]>(now: clock.now)
/// rates.record(viewModel.output.rates)   // Rx: the subscription lives as long as the recorder
/// rates.record(viewModel.$rates)         // Combine: likewise
/// ```
///
/// Not thread-safe: record on one thread (a virtual-time scheduler's), as scripted sessions do.
public final class EventRecorder<Value> {
    private let now: () -> Int
    private var disposables: [Disposable] = []
    private var cancellables: [AnyCancellable] = []

    /// Every event recorded, in arrival order.
    public private(set) var events: [RecordedEvent<Value>] = []

    /// A recorder stamping events with `now()` (virtual ms, usually a `SessionClock`'s `now`).
    public init(now: @escaping () -> Int) {
        self.now = now
    }

    deinit {
        disposables.forEach { $0.dispose() }
        cancellables.forEach { $0.cancel() }
    }

    /// Subscribes to `source` and records what it delivers until the recorder goes or `stop()` is called.
    public func record<Source: ObservableConvertibleType>(_ source: Source) where Source.Element == Value {
        disposables.append(source.asObservable().subscribe { [weak self] event in self?.on(event) })
    }

    /// Subscribes to `publisher` with unlimited demand and records what it delivers until the recorder
    /// goes or `stop()` is called.
    public func record<P: Publisher>(_ publisher: P) where P.Output == Value {
        cancellables.append(publisher.sink(
            receiveCompletion: { [weak self] completion in
                guard let self else { return }
                switch completion {
                case .finished: self.events.append(.finished(self.now()))
                case .failure(let error): self.events.append(.failure(self.now(), String(describing: error)))
                }
            },
            receiveValue: { [weak self] value in
                guard let self else { return }
                self.events.append(.value(self.now(), value))
            }))
    }

    /// Records one RxKit event (the recorder as an observer: `source.subscribe(recorder.on)`).
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value): events.append(.value(now(), value))
        case .error(let error): events.append(.failure(now(), String(describing: error)))
        case .completed: events.append(.finished(now()))
        }
    }

    /// Ends every subscription the recorder made; the events stay.
    public func stop() {
        disposables.forEach { $0.dispose() }
        cancellables.forEach { $0.cancel() }
        disposables = []
        cancellables = []
    }

    /// The values recorded, without times.
    public var values: [Value] { events.compactMap(\.value) }

    /// The events as a timeline (one line each), for the side-by-side table.
    public var timeline: DisplayTimeline {
        DisplayTimeline(events.map { DisplayEvent(time: $0.time, text: $0.text) })
    }
}
