import Foundation
import ReactiveBridgePrimitives

extension ObservableType {
    /// Prints every event, the subscription and its disposal to standard output, each line stamped
    /// with the wall-clock time (`yyyy-MM-dd HH:mm:ss.SSS: identifier -> …`); events pass through
    /// unchanged. `identifier` defaults to `file:line (function)`; `trimOutput` shortens event text
    /// longer than 40 characters. Same as RxSwift's `debug`.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function)
        -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return DebugProducer(source: self, identifier: name, trimOutput: trimOutput)
    }
}

final class DebugProducer<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
    private let source: Source
    private let identifier: String
    private let trimOutput: Bool

    init(source: Source, identifier: String, trimOutput: Bool) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = DebugSink(identifier: identifier, trimOutput: trimOutput, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private static var maxEventTextLength: Int { 40 }

    private let identifier: String
    private let trimOutput: Bool
    private let formatter = DateFormatter()
    private let loggedDisposal = OnceFlag()

    init(identifier: String, trimOutput: Bool, observer: Observer, cancel: SinkLink?) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        super.init(observer: observer, cancel: cancel)
        log("subscribed")
    }

    private func log(_ content: String) {
        print("\(formatter.string(from: Date())): \(identifier) -> \(content)")
    }

    func on(_ event: Event<Element>) {
        let text = "\(event)"
        let limit = Self.maxEventTextLength
        let shown = trimOutput && text.count > limit
            ? String(text.prefix(limit / 2)) + "..." + String(text.suffix(limit / 2))
            : text
        log("Event \(shown)")
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }

    override func dispose() {
        if loggedDisposal.set() { log("isDisposed") }
        super.dispose()
    }
}
