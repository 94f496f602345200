import Foundation

// Nothing here is Rx: no Rx import, a type of its own named Observable, and Array's map/filter/flatMap.
struct Observable<Value> {
    var value: Value

    func map<T>(_ transform: (Value) -> T) -> Observable<T> {
        Observable<T>(value: transform(value))
    }

    static func just(_ value: Value) -> Observable<Value> {
        Observable(value: value)
    }
}

func lookAlikes() -> [Int] {
    let doubled = [1, 2].map { $0 * 2 }.filter { $0 > 2 }
    let observed = Observable.just(1).map { $0 + 1 }
    return doubled + [observed.value] + [[3], [4]].flatMap { $0 }
}
