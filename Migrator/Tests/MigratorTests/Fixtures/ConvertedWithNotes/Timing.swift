import Foundation
import CombineKit
import CombineKitExt

/// Operators whose translation is not exact: converted where safe, with a note where a decision is needed.
final class Timing {
    let bag = CancelBag()
    let taps = PassthroughSubject<Void, Never>()
    let label = UILabel()

    func wire(_ text: AnyPublisher<String, Error>, scheduler: SchedulerType) { // MIGRATE: SchedulerType: Rx schedulers become Combine schedulers (DispatchQueue, RunLoop, a test scheduler); DispatchQueue.main always hops. (MigrationGuide.md#schedulers-and-main-thread-hops)
        text
            .throttle(for: .milliseconds(300), scheduler: scheduler, latest: false) // MIGRATE: throttle: latest: false differs, and so does an error with an element held. Needs a Combine scheduler. (MigrationGuide.md#operator-and-type-table)
            .debounce(for: .milliseconds(100), scheduler: scheduler) // MIGRATE: debounce: at completion Rx sends the element still waiting, Combine drops it (MigrationGuide.md#operator-and-type-table)
            .retry(1) // MIGRATE: retry: Rx retry(n) subscribes n times, Combine retry(n) n + 1 times; the count was lowered by one (MigrationGuide.md#operator-and-type-table)
            .share(replay: 1)
            .receive(on: DispatchQueue.main) // MIGRATE: receive(on: DispatchQueue.main) always hops, where MainScheduler.instance runs inline on the main thread (MigrationGuide.md#schedulers-and-main-thread-hops)
            .bind(to: label.rx.text) // MIGRATE: bind(to:): bind(to:) a UI binder (RxCocoa) has no counterpart: sink or assign on the main scheduler. (MigrationGuide.md#operator-and-type-table) // MIGRATE: rx.text: UIKit bindings stay on Rx until the view's step. (MigrationGuide.md#ui-bindings)
            .store(in: bag)
        _ = text.output(at: 3).sink(receiveCompletion: { _ in }, receiveValue: { print($0) }) // MIGRATE: keep the AnyCancellable (store(in:)): Combine cancels a subscription whose cancellable is released (MigrationGuide.md#disposebag-vs-setanycancellable) // MIGRATE: element(at:): Source too short: Rx fails with argumentOutOfRange; Combine finishes without a value. (MigrationGuide.md#operator-and-type-table)
        _ = text.zip(text.dropFirst(1)) // MIGRATE: zip: Rx completes when every source has completed; Combine as soon as a finished source has nothing left to pair. (MigrationGuide.md#operator-and-type-table)
        _ = text.groupBy { $0.count } // MIGRATE: groupBy(_:): Keep on Rx behind the bridge or restructure with a filter per key. (MigrationGuide.md#operator-and-type-table)
        _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler) // MIGRATE: Observable.interval(_:scheduler:): No virtual-time counterpart: keep interval and bridge it, or drive a periodic publisher from an injected scheduler. (MigrationGuide.md#operator-and-type-table)
    }

    func single() -> AnyPublisher<Int, Error> { // MIGRATE: a Single's one value is no longer guaranteed by the type (Future or a parity test) (MigrationGuide.md#operator-and-type-table)
        Just(1).setFailureType(to: Error.self).eraseToAnyPublisher()
    }
}
