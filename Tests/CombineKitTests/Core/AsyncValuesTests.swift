import CombineKit
import Foundation
import CombineKitTest
import Testing

@Suite struct AsyncValuesTests {
    @Test func iteratesValuesOfANeverFailingPublisher() async {
        var collected: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            collected.append(value)
        }
        #expect(collected == [1, 2, 3])
    }

    @Test func throwsTheFailure() async {
        var collected: [Int] = []
        do {
            for try await value in [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops)).values {
                collected.append(value)
            }
            Issue.record("expected an error")
        } catch {
            #expect(error as? TestError == .oops)
        }
        #expect(collected == [1, 2])
    }

    @Test func breakingOutOfTheLoopCancelsTheSubscription() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        var cancelled = false
        for await value in subject.handleEvents(receiveCancel: { cancelled = true }).values {
            #expect(value == 1)
            break
        }
        #expect(cancelled)
    }

    @Test func cancellingTheTaskFinishesTheIteration() async {
        let subject = PassthroughSubject<Int, Never>()
        let task = Task { () -> [Int] in
            var collected: [Int] = []
            for await value in subject.values { collected.append(value) }
            return collected
        }
        task.cancel()
        #expect(await task.value == [])
    }
}
