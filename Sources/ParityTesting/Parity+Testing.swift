#if canImport(Testing)
import CombineKit
import ParityHarness
import RxKit
import Testing

extension ParityReport {
    /// Records a Swift Testing issue with the side-by-side message if the check failed.
    public func record(sourceLocation: SourceLocation = #_sourceLocation) {
        if !passed { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
    }
}

extension Parity {
    /// Swift Testing: compares one input's runs and records an issue (with both timelines side by
    /// side) when they do not meet `expectation`. Returns the report.
    @discardableResult
    public func expect<A, Output: Equatable, P: Publisher>(
        _ a: ParityScript<A>,
        rx: @escaping (Observable<A>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<A, ParityError>) -> P,
        mixed: ((Observable<A>) -> Observable<Output>)? = nil,
        _ expectation: ParityExpectation<Output> = .same,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityReport<Output> where P.Output == Output {
        let report = compare(a, rx: rx, combine: combine, mixed: mixed, expectation)
        report.record(sourceLocation: sourceLocation)
        return report
    }

    /// Swift Testing: compares two inputs' runs and records an issue (with both timelines side by
    /// side) when they do not meet `expectation`. Returns the report.
    @discardableResult
    public func expect<A, B, Output: Equatable, P: Publisher>(
        _ a: ParityScript<A>, _ b: ParityScript<B>,
        rx: @escaping (Observable<A>, Observable<B>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<A, ParityError>, AnyPublisher<B, ParityError>) -> P,
        mixed: ((Observable<A>, Observable<B>) -> Observable<Output>)? = nil,
        _ expectation: ParityExpectation<Output> = .same,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityReport<Output> where P.Output == Output {
        let report = compare(a, b, rx: rx, combine: combine, mixed: mixed, expectation)
        report.record(sourceLocation: sourceLocation)
        return report
    }

    /// Swift Testing: compares outputs recorded in a scripted session (see
    /// `compare(recorded:rx:combine:mixed:_:)`) and records an issue, with the timelines side by side,
    /// when they do not meet `expectation`. Returns the report.
    @discardableResult
    public static func expect<Value: Equatable>(
        recorded name: String,
        rx: EventRecorder<Value>,
        combine: EventRecorder<Value>,
        mixed: EventRecorder<Value>? = nil,
        _ expectation: ParityExpectation<Value> = .same,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityReport<Value> {
        let report = compare(recorded: name, rx: rx, combine: combine, mixed: mixed, expectation)
        report.record(sourceLocation: sourceLocation)
        return report
    }
}
#endif
