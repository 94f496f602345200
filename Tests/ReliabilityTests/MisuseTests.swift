import CombineKit
import CombineKitExt
import Foundation
import RxCombineBridge
import RxKit
import Testing

/// Misuse and bad input. The mistakes a caller can make at run time with data (an empty or too long
/// sequence where one element is expected, an error the bridge cannot type, malformed data) come back
/// as errors, never traps. Programming mistakes (negative counts, zero demand, assigning a
/// SingleAssignmentDisposable twice) trap with a message naming the mistake and the fix; exit tests pin
/// a few of those messages.
@Suite("Misuse")
struct MisuseTests {
    struct Payload: Decodable, Equatable { let id: Int }
    enum ServiceError: Error, Equatable { case wrapped(String) }
    struct Unrelated: Error {}

    @Test func asSingleOnEmptyOrLongSequenceIsAnErrorNotATrap() {
        var events: [String] = []
        _ = Observable<Int>.empty().asSingle().subscribe(onSuccess: { events.append("success \($0)") },
                                                         onFailure: { events.append("failure \($0)") })
        _ = Observable.from([1, 2]).asSingle().subscribe(onSuccess: { events.append("success \($0)") },
                                                         onFailure: { events.append("failure \($0)") })
        // RxSwift: asSingle() errors with RxError.noElements / RxError.moreThanOneElement.
        #expect(events == ["failure \(RxError.noElements)", "failure \(RxError.moreThanOneElement)"])
    }

    @Test func bridgedErrorThatCannotBeTypedIsMappedOrYieldedUntyped() {
        let subject = PublishSubject<Int>()
        var typed: [Subscribers.Completion<ServiceError>] = []
        var untyped: [String] = []
        let first = subject.asPublisher(failureType: ServiceError.self) { ServiceError.wrapped("\(type(of: $0))") }
            .sink(receiveCompletion: { typed.append($0) }, receiveValue: { _ in })
        let second = subject.asPublisher()
            .sink(receiveCompletion: { if case .failure(let error) = $0 { untyped.append("\(type(of: error))") } }, receiveValue: { _ in })
        subject.onError(Unrelated())
        #expect(typed == [.failure(.wrapped("Unrelated"))])
        #expect(untyped == ["Unrelated"])
        _ = (first, second)
    }

    @Test func combineFailureCrossesIntoRxAsAnError() {
        var received: [String] = []
        _ = Fail<Int, ServiceError>(error: .wrapped("x")).asObservable()
            .subscribe(onError: { received.append("\($0 as? ServiceError == .wrapped("x"))") })
        #expect(received == ["true"])
    }

    @Test func malformedDataFailsTheDecodeInsteadOfTrapping() {
        let malformed = Data("{\"id\": \"not a number\"".utf8)
        var rxError: Error?
        _ = Observable.just(malformed).decode(type: Payload.self, decoder: JSONDecoder())
            .subscribe(onError: { rxError = $0 })
        #expect(rxError is DecodingError)
        var combineCompletion: Subscribers.Completion<Error>?
        _ = Just(malformed).setFailureType(to: Error.self).decode(type: Payload.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { combineCompletion = $0 }, receiveValue: { _ in })
        if case .failure(let error) = combineCompletion {
            #expect(error is DecodingError)
        } else {
            Issue.record("decode of malformed data did not fail: \(String(describing: combineCompletion))")
        }
    }

    @Test func boundedBridgeBufferOverflowIsAFailureNotATrap() {
        let subject = PublishSubject<Int>()
        var completion: Subscribers.Completion<Error>?
        var values: [Int] = []
        var subscription: Subscription?
        let subscriber = AnySubscriber<Int, Error>(receiveSubscription: { subscription = $0; $0.request(.max(1)) },
                                                  receiveValue: { values.append($0); return .none },
                                                  receiveCompletion: { completion = $0 })
        subject.asPublisher(bufferPolicy: .bounded(1, whenFull: .fail)).subscribe(subscriber)
        subject.onNext(1)  // delivered (demand 1)
        subject.onNext(2)  // held
        subject.onNext(3)  // overflow: the source is stopped, the held value still comes first
        #expect(subject.hasObservers == false, "overflow stops the Rx source")
        subscription?.request(.max(5))
        #expect(values == [1, 2])
        if case .failure(let error) = completion {
            #expect(error is BridgeBufferOverflow)
        } else {
            Issue.record("expected a BridgeBufferOverflow failure, got \(String(describing: completion))")
        }
    }

    // MARK: traps (exit tests): the process must fail, and the message must name the fix.

    @Test func zeroDemandTrapsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = PassthroughSubject<Int, Never>()
            subject.subscribe(AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.none) }))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("to request nothing, don't call request(_:)"))
    }

    // Combine's Optional.Publisher.output(in:) traps on a range ending at Int.max - 1 or later (OpenCombine
    // OptionalPublisherTests.testOutputInRangeOperatorSpecializationCrashesOnTooBigUpperBound).
    @Test func optionalOutputInARangeEndingNearIntMaxTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Optional(12).publisher.output(in: 0 ..< (Int.max - 1))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("end the range before it"))
        #expect(Optional(12).publisher.output(in: 0 ..< (Int.max - 2)).output == 12)
    }

    // Combine's removeDuplicates (like tryFilter, tryCompactMap, tryRemoveDuplicates) traps on a value sent
    // before the subscription (OpenCombine RemoveDuplicatesTests).
    @Test func aValueBeforeTheSubscriptionTrapsInRemoveDuplicates() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder: @unchecked Sendable { var subscriber: AnySubscriber<Int, Never>? }
            let holder = Holder()
            struct Capturing: Publisher {
                typealias Output = Int
                typealias Failure = Never
                let holder: Holder
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    holder.subscriber = AnySubscriber(subscriber)
                }
            }
            let cancellable = Capturing(holder: holder).removeDuplicates().sink { _ in }
            _ = holder.subscriber?.receive(1)
            cancellable.cancel()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must call receive(subscription:) on its subscriber first"))
    }

    @Test func negativeCountTrapsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Just(1).dropFirst(-1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("pass 0 or more"))
    }

    @Test func assigningASingleAssignmentDisposableTwiceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let disposable = SingleAssignmentDisposable()
            disposable.setDisposable(Disposables.create())
            disposable.setDisposable(Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("use SerialDisposable"))
    }

    // RxCocoa's drive checks it runs on the main thread (MainScheduler.ensureRunningOnMainThread).
    @Test func drivingFromABackgroundThreadTrapsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = Driver.just(1).drive(onNext: { _ in })
                done.signal()
            }.start()
            done.wait()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("drive(onNext:onCompleted:onDisposed:) must be called from the main thread (or inside SharingScheduler.mock)"))
    }
}
