import Foundation
import RxRelay
import RxSwift

/// A counter screen's view model: relays in, streams out.
final class CounterViewModel {
    // Inputs.
    let increment = PublishRelay<Int>()
    let count = BehaviorRelay<Int>(value: 0)
    let name = BehaviorRelay(value: "counter")

    /// Outputs.
    let label: Observable<String>
    private(set) var shown: [Int] = []
    private let disposeBag = DisposeBag()

    init() {
        label = count
            .distinctUntilChanged()
            .map { "count: \($0)" }
        increment
            .subscribe(onNext: { [weak self] step in
                guard let self else { return }
                self.count.accept(self.count.value + step)   // keep the running total
            })
            .disposed(by: disposeBag)
        count
            .subscribe(onNext: { [weak self] in self?.shown.append($0) })
            .disposed(by: disposeBag)
    }

    /// The last `n` counts, as a stream.
    func recent(_ n: Int) -> Observable<[Int]> {
        Observable.just(Array(shown.suffix(n)))
    }

    func reset() {
        count.accept(0)
    }
}
