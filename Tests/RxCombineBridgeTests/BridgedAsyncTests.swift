import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct BridgedAsyncTests {
    // A bridged pipeline's `values` gives the same sequence as iterating the source itself.
    @Test func bridgedValuesMatchTheSource() async throws {
        var bridged: [Int] = []
        for try await value in Observable.create({ observer in
            [1, 2, 3].forEach(observer.onNext)
            observer.onCompleted()
            return Disposables.create()
        }).asPublisher().values {
            bridged.append(value)
        }
        var native: [Int] = []
        for await value in [1, 2, 3].publisher.values { native.append(value) }
        #expect(bridged == native)
    }

    @Test func bridgedValuesRethrowTheRxError() async {
        await #expect(throws: BridgeTestError.self) {
            for try await _ in Observable<Int>.error(BridgeTestError(id: 8)).asPublisher().values {}
        }
    }

    @Test func leavingTheLoopCancelsTheRxSubscription() async throws {
        let subject = ReplaySubject<Int>.createUnbounded()
        [1, 2, 3].forEach(subject.onNext)
        var first: Int?
        for try await value in subject.asPublisher().values {
            first = value
            break
        }
        #expect(first == 1)
        #expect(!subject.hasObservers)
    }
}
