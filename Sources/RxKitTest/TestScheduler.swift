import Foundation
import RxKit

/// Virtual time in ticks. Same as RxTest's `TestTime`.
public typealias TestTime = Int

/// A virtual-time scheduler for tests, with hot and cold test observables and recording observers.
/// Same as RxTest's `TestScheduler`.
///
/// With `simulateProcessingDelay` (the default, as in RxTest), work scheduled for "now" or the past runs
/// one tick later, so `observe(on: scheduler)` shows as a one-tick hop.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    /// The default times used by `start`: create at 100, subscribe at 200, dispose at 1000.
    public struct Defaults {
        /// When `start` creates the sequence.
        public static let created = 100
        /// When `start` subscribes.
        public static let subscribed = 200
        /// When `start` disposes.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// A scheduler starting at `initialClock`, one tick being `resolution` seconds.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// A hot observable: sends `events` at their absolute times to whoever is subscribed then.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// A hot observable: sends `events` at their absolute times to whoever is subscribed then.
    public func createHotObservable<Element>(_ events: Recorded<Event<Element>>...) -> TestableObservable<Element> {
        createHotObservable(events)
    }

    /// A cold observable: each subscription replays `events`, their times relative to subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// A cold observable: each subscription replays `events`, their times relative to subscription.
    public func createColdObservable<Element>(_ events: Recorded<Event<Element>>...) -> TestableObservable<Element> {
        createColdObservable(events)
    }

    /// An observer that records each event with the virtual time it arrived.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Adds the processing delay: work due now or earlier runs at `clock + 1`.
    public override func adjustScheduledTime(_ time: Int) -> Int {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence at `created`, subscribes a recording observer at `subscribed`, disposes at
    /// `disposed`, runs the scheduler, and returns the observer. `create` may return any
    /// `ObservableConvertibleType`: an observable, a trait (`Single`, `Maybe`, `Completable`, `Infallible`,
    /// `Driver`, `Signal`), a `TestableObservable` or a relay, as RxTest's `start` accepts.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)

        _ = scheduleAbsoluteVirtual((), time: created) { _ in
            source = create().asObservable()
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: subscribed) { _ in
            subscription = source?.subscribe(observer)
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription?.dispose()
            return Disposables.create()
        }
        start()
        return observer
    }

    /// `start(created: 100, subscribed: 200, disposed:create:)`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start(created: 100, subscribed: 200, disposed: 1000, create:)`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
