import ParityHarness

extension ParityTimeline {
    /// A timeline of events an `EventRecorder` recorded (virtual milliseconds become ticks), so that a
    /// view model's outputs, recorded in a scripted session, compare with the harness's reports.
    public init(_ events: [RecordedEvent<Value>]) {
        self.init(events.map { event in
            switch event.kind {
            case .value(let value): return .value(event.time, value)
            case .failure(let error): return .failure(event.time, error)
            case .finished: return .finished(event.time)
            }
        })
    }
}

extension Parity {
    /// Compares outputs recorded in a scripted session (one `EventRecorder` per style for the same
    /// output) against `expectation`: RxKit with CombineKit, and the mixed style, if given, with RxKit.
    /// `name` names the output in the report ("currency: rates").
    ///
    /// Unlike `compare(_:rx:combine:mixed:_:)`, nothing is run here: the session already played, and
    /// the recorders hold every event with its virtual time (ms).
    public static func compare<Value: Equatable>(
        recorded name: String,
        rx: EventRecorder<Value>,
        combine: EventRecorder<Value>,
        mixed: EventRecorder<Value>? = nil,
        _ expectation: ParityExpectation<Value> = .same
    ) -> ParityReport<Value> {
        ParityReport(recorded: name, rx: ParityTimeline(rx.events), combine: ParityTimeline(combine.events),
                     mixed: mixed.map { ParityTimeline($0.events) }, expectation: expectation)
    }
}
