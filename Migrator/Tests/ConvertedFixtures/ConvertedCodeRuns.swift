import CombineKit
import CombineKitExt
import Testing

/// The converted fixtures compile (this target's build checks that) and keep their behaviour.
@Suite struct ConvertedCodeRuns {
    @Test func counterKeepsItsRunningTotal() {
        let model = CounterViewModel()
        model.increment.send(2)
        model.increment.send(3)
        #expect(model.count.value == 5)
        #expect(model.shown == [0, 2, 5])
        model.reset()
        #expect(model.shown == [0, 2, 5, 0])
    }

    @Test func searchFlowSwitchesToTheLatestQuery() {
        let flow = SearchFlow()
        let queries = PassthroughSubject<String, Error>()
        flow.bind(queries: queries.eraseToAnyPublisher())
        queries.send(" a ")
        queries.send("")
        queries.send("!")
        queries.send(completion: .finished)
        #expect(flow.hits == [[SearchHit(text: "a"), SearchHit(text: "A")], [], []])
        #expect(flow.finished)
        #expect(flow.failures == 0)
    }

    @Test func renamedOperatorsKeepRxCounting() {
        var values: [[Int]] = []
        let numbers = [5, 6, 7].publisher.setFailureType(to: Error.self).eraseToAnyPublisher()
        let cancellable = Operators.renamed(numbers, stop: Empty().eraseToAnyPublisher())
            .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        // startWith(0), skip(1), running sums 5, 11, 18, then 1, 2, 3 appended.
        #expect(values == [[5, 11, 18, 1, 2, 3]])
        cancellable.cancel()
    }
}
