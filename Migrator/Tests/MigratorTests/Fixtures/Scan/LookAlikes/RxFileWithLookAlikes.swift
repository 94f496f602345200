import RxSwift

// An Rx file whose own `Driver` type and plain collections are not Rx.
struct Driver {
    var name: String
    var licenses: [String]
}

func summary(_ drivers: [Driver], names: [String]) -> [String] {
    let valid = drivers.filter { !$0.licenses.isEmpty }
    let titles = names.map { $0.uppercased() }.reduce(into: []) { $0.append($1) }
    return valid.map(\.name) + titles + [1, 2].map { String($0) }
}

func onlyRx(_ values: Observable<Int>) -> Observable<String> {
    values.map { String($0) }
}
