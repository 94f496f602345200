import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

final class ViewModel: @unchecked Sendable {
    var text = ""
    var cancellables = Set<AnyCancellable>()
}

@Suite struct AssignOwnershipTests {
    @Test func assignsValuesWithEachOwnership() {
        for ownership in [ObjectOwnership.strong, .weak, .unowned] {
            let subject = PassthroughSubject<String, Never>()
            let model = ViewModel()
            let cancellable = subject.assign(to: \.text, on: model, ownership: ownership)
            subject.send("a")
            subject.send("b")
            #expect(model.text == "b")
            cancellable.cancel()
            subject.send("c")
            #expect(model.text == "b")
        }
    }

    // The point of `.weak`: storing the cancellable in the object does not keep the object alive.
    @Test func weakOwnershipMakesNoRetainCycle() {
        let subject = PassthroughSubject<String, Never>()
        weak var weakModel: ViewModel?
        do {
            let model = ViewModel()
            weakModel = model
            subject.assign(to: \.text, on: model, ownership: .weak).store(in: &model.cancellables)
            subject.send("a")
            #expect(model.text == "a")
        }
        #expect(weakModel == nil)
        subject.send("after")
    }

    @Test func strongOwnershipKeepsObjectUntilCompletion() {
        let subject = PassthroughSubject<String, Never>()
        weak var weakModel: ViewModel?
        var cancellable: AnyCancellable?
        do {
            let model = ViewModel()
            weakModel = model
            cancellable = subject.assign(to: \.text, on: model, ownership: .strong)
        }
        #expect(weakModel != nil)
        subject.send(completion: .finished)
        #expect(weakModel == nil)
        cancellable?.cancel()
    }

    @Test func weakOwnershipCancelsUpstreamOnceObjectIsGone() {
        let s = CombineTestScheduler()
        let upstream = TestPublisher<String, Never>.hot(s, [.value(10, "a"), .value(20, "b")])
        var model: ViewModel? = ViewModel()
        let cancellable = upstream.assign(to: \.text, on: model!, ownership: .weak)
        s.at(15) { model = nil }
        s.run()
        #expect(upstream.subscriptions.first?.cancelled == 20)
        #expect(upstream.subscriptions.first?.totalDemand == .unlimited)
        cancellable.cancel()
    }
}
