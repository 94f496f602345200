import Foundation
import CombineKit
import CombineKitExt

/// A counter screen's view model: relays in, streams out.
final class CounterViewModel {
    // Inputs.
    let increment = PassthroughSubject<Int, Never>()
    let count = CurrentValueSubject<Int, Never>(0)
    let name = CurrentValueSubject<_, Never>("counter")

    /// Outputs.
    let label: AnyPublisher<String, Error>
    private(set) var shown: [Int] = []
    private let disposeBag = CancelBag()

    init() {
        label = count
            .removeDuplicates()
            .map { "count: \($0)" }.setFailureType(to: Error.self).eraseToAnyPublisher()
        increment
            .sink(receiveValue: { [weak self] step in
                guard let self else { return }
                self.count.send(self.count.value + step)   // keep the running total
            })
            .store(in: disposeBag)
        count
            .sink(receiveValue: { [weak self] in self?.shown.append($0) })
            .store(in: disposeBag)
    }

    /// The last `n` counts, as a stream.
    func recent(_ n: Int) -> AnyPublisher<[Int], Error> {
        Just(Array(shown.suffix(n))).setFailureType(to: Error.self).eraseToAnyPublisher()
    }

    func reset() {
        count.send(0)
    }
}
