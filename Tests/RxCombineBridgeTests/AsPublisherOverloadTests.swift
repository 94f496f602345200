import CombineKit
import CombineKitTest
import Dispatch
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

/// `asPublisher()` returns the concrete `ObservablePublisher` (as Combine's operators return theirs), and
/// an erased overload is chosen wherever an `AnyPublisher` is expected, so code written against RxCombine's
/// `AnyPublisher`-returning `asPublisher()` keeps compiling. Both give the same events.
@Suite("asPublisher: concrete and erased overloads")
struct AsPublisherOverloadTests {
    @Test func withoutContextEachOverloadIsTheConcretePublisher() {
        let relay = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        #expect(type(of: Observable.just(1).asPublisher()) == ObservablePublisher<Int, Error>.self)
        #expect(type(of: Observable.just(1).asPublisher(failureType: BridgeTestError.self) { _ in BridgeTestError(id: 0) })
            == ObservablePublisher<Int, BridgeTestError>.self)
        #expect(type(of: Infallible.just(1).asPublisher()) == ObservablePublisher<Int, Never>.self)
        #expect(type(of: relay.asPublisher()) == ObservablePublisher<Int, Never>.self)
        #expect(type(of: behavior.asPublisher()) == ObservablePublisher<Int, Never>.self)
        #expect(type(of: replay.asPublisher()) == ObservablePublisher<Int, Never>.self)
        #expect(type(of: Observable.just(1).asDriver(onErrorJustReturn: 0).asPublisher()) == ObservablePublisher<Int, Never>.self)
    }

    @Test func whereAnAnyPublisherIsExpectedTheErasedOverloadIsChosenWithTheSameEvents() {
        func erasedRelay(_ relay: PublishRelay<Int>) -> AnyPublisher<Int, Never> { relay.asPublisher() }
        let relay = PublishRelay<Int>()
        var concrete: [Int] = []
        var erased: [Int] = []
        let a = relay.asPublisher().map { $0 * 10 }.sink { concrete.append($0) }
        let b = erasedRelay(relay).map { $0 * 10 }.sink { erased.append($0) }
        relay.accept(1)
        relay.accept(2)
        #expect(concrete == [10, 20])
        #expect(erased == concrete)
        a.cancel()
        b.cancel()

        let typed: AnyPublisher<Int, BridgeTestError> = Observable<Int>.error(BridgeTestError(id: 7))
            .asPublisher(failureType: BridgeTestError.self) { $0 as? BridgeTestError ?? BridgeTestError(id: -1) }
        var failure: BridgeTestError?
        _ = typed.sink(receiveCompletion: { if case .failure(let error) = $0 { failure = error } }, receiveValue: { _ in })
        #expect(failure == BridgeTestError(id: 7))

        let untyped: AnyPublisher<Int, Error> = Observable.of(1, 2).asPublisher()
        var values: [Int] = []
        _ = untyped.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        #expect(values == [1, 2])
    }
}
