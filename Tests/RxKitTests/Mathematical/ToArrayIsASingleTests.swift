import RxKit
import RxKitTest
import Testing

@Suite struct ToArrayIsASingleTests {
    // RxSwift 6 changed toArray to return Single<[Element]>.
    @Test func toArrayReturnsASingle() {
        let single: Single<[Int]> = Observable.of(1, 2).toArray()
        var got: [[Int]] = []
        _ = single.subscribe(onSuccess: { got.append($0) })
        #expect(got == [[1, 2]])
    }
}
