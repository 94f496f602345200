import CombineKit
import CombineKitTest
import Testing

@Suite struct GenericCodeKeepsGenericOperatorsTests {
    /// Inside generic code only the generic operator is visible, whatever `P` turns out to be.
    func filteredTwice<P: Publisher>(_ publisher: P) -> Publishers.Filter<Publishers.Filter<P>> where P.Output == Int {
        publisher.filter { $0 > 1 }.filter(isEven)
    }

    func opaque() -> some Publisher<Int, Never> {
        [1, 2, 3, 4].publisher.generic.filter { $0 > 1 }
    }

    @Test func genericFunctionsAndOpaqueTypesUseTheGenericOperator() {
        let viaGeneric = filteredTwice(Just(4))
        #expect(streamEvents(viaGeneric) == [.value(4), .finished])
        #expect(streamEvents(filteredTwice([1, 2, 3, 4].publisher)) == [.value(2), .value(4), .finished])

        // The underlying type is a `Publishers.Filter`, but through `some Publisher` the filters don't fuse.
        let unfused = opaque().filter(isEven)
        #expect(unfused as Any is Publishers.Filter<Publishers.Filter<AnyPublisher<Int, Never>>>)
        #expect(streamEvents(unfused) == [.value(2), .value(4), .finished])

        let erasedJust: Publishers.FirstWhere<AnyPublisher<Int, Never>> = Just(4).eraseToAnyPublisher().first(where: isEven)
        #expect(streamEvents(erasedJust) == [.value(4), .finished])
    }
}
