import CombineKit
import CombineKitExt

/// Operators whose Combine-style counterparts are exact renames.
enum Operators {
    static func renamed(_ numbers: AnyPublisher<Int, Error>, stop: AnyPublisher<Void, Error>) -> AnyPublisher<[Int], Error> {
        numbers
            .prepend(0)
            .dropFirst(1)
            .prefix(10)
            .prefix(while: { $0 < 100 })
            .drop(while: { $0 < 0 })
            .prefix(untilOutputFrom: stop)
            .scan(0, +)
            .handleEvents(receiveOutput: { print("running total", $0) })
            .print("numbers")
            .append(([1, 2, 3]).publisher.setFailureType(to: Error.self))
            .replaceEmpty(with: 0)
            .retry(2) // MIGRATE: retry: Rx retry(n) subscribes n times, Combine retry(n) n + 1 times; the count was lowered by one (MigrationGuide.md#operator-and-type-table)
            .collect()
            .eraseToAnyPublisher()
    }

    static func done(_ numbers: AnyPublisher<Int, Error>) -> AnyPublisher<Never, Error> {
        numbers.ignoreOutput().eraseToAnyPublisher()
    }

    static func last(_ numbers: AnyPublisher<Int, Error>) -> AnyPublisher<Int, Error> {
        numbers.last().replaceError(with: -1).setFailureType(to: Error.self).eraseToAnyPublisher()
    }

    static func combined(_ a: AnyPublisher<Int, Error>, _ b: AnyPublisher<Int, Error>) -> AnyPublisher<Int, Error> {
        a.merge(with: b.map { $0 * 10 }).eraseToAnyPublisher()
    }

    static func latest(_ a: AnyPublisher<Int, Error>, _ b: AnyPublisher<String, Error>) -> AnyPublisher<String, Error> {
        a.withLatestFrom(b).share(replay: 1).eraseToAnyPublisher()
    }

    static func nothing() -> AnyPublisher<Int, Error> {
        Empty<Int, Error>().eraseToAnyPublisher()
    }

    static func forever() -> AnyPublisher<Int, Error> {
        Empty<Int, Error>(completeImmediately: false).eraseToAnyPublisher()
    }
}
