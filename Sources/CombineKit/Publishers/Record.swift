/// A publisher that allows for recording a series of inputs and a completion, for later playback to
/// each subscriber.
public struct Record<Output, Failure: Error>: Publisher {
    /// The recorded output and completion.
    public let recording: Recording

    /// Creates a publisher to interactively record a series of outputs and a completion.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Creates a record publisher from an existing recording.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Creates a record publisher to publish the provided elements, followed by the completion.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        self.recording = Recording(output: output, completion: completion)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription.start(recording.output, downstream: subscriber, completion: recording.completion, style: .record)
    }

    /// A recorded sequence of outputs, followed by a completion value.
    public struct Recording {
        public typealias Input = Output

        /// The output which will be sent to a subscriber.
        public private(set) var output: [Output]
        /// The completion which will be sent to a subscriber.
        public private(set) var completion: Subscribers.Completion<Failure>
        private var isCompleted = false

        /// Creates a new, empty recording (finishing normally unless a completion is recorded).
        public init() {
            output = []
            completion = .finished
        }

        /// Creates a recording with the given output and completion.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isCompleted = true
        }

        /// Adds an output to the recording (a precondition failure after a completion was recorded).
        public mutating func receive(_ input: Output) {
            precondition(!isCompleted, "Record.Recording.receive(_:) was called after receive(completion:); record every value before the completion.")
            output.append(input)
        }

        /// Adds a completion event to the recording.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isCompleted, "Record.Recording.receive(completion:) was called twice; a recording ends with exactly one completion.")
            self.completion = completion
            isCompleted = true
        }
    }
}

// Codable as Combine declares it: `Record: Codable` and `Record.Recording: Codable` where `Output: Codable,
// Failure: Codable` (developer.apple.com/documentation/combine/record). The form is Combine's (as OpenCombine's
// RecordTests check against Combine itself): `{"recording": {"output": [...], "completion": {...}}}`, the
// completion as `Subscribers.Completion` encodes it.
extension Record: Codable where Output: Codable, Failure: Codable {}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    /// Decodes a recording of `output` values and a `completion`, both required. A decoded recording is
    /// complete: like one made with `init(output:completion:)`, it accepts no further input.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(output: try container.decode([Output].self, forKey: .output),
                  completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Encodes the recorded `output` values and the `completion`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }

    /// Encodes the recording into `encoder`: Combine's spelling of `encode(to:)`, with the same form.
    public func encode(into encoder: Encoder) throws {
        try encode(to: encoder)
    }
}
