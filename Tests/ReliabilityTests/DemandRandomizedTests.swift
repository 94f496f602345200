import CombineKit
import Foundation
import Testing

/// Randomized demand: pipelines of CombineKit operators driven by subscribers with random demand patterns
/// (initial demand, demand returned from each `receive(_:)`, later `request(_:)` calls), checked against a
/// small reference model of Combine's documented behaviour — never against CombineKit's own output.
///
/// Two families:
/// - a `PassthroughSubject`, a `CurrentValueSubject` or a sequence through a chain of one-in-at-most-one-out
///   operators. Combine passes demand through these unchanged (a value an operator drops is replaced by
///   `.max(1)` upstream), so the source has exactly the subscriber's outstanding demand, and the model says
///   exactly which values are delivered and which a subject drops;
/// - lossless sources (`LosslessFeed`, which keeps what it is sent until demand arrives) through the
///   combining and flattening operators: every value must arrive as demand allows, in order, and the
///   completion once nothing is pending.
///
/// Seeded: a failure names its seed (`DEMAND_SEED=<seed> DEMAND_CASES=1` replays it); `DEMAND_CASES=N`
/// runs more cases.
@Suite("Randomized demand (CombineKit)")
struct DemandRandomizedTests {
    static var cases: Int { ProcessInfo.processInfo.environment["DEMAND_CASES"].flatMap(Int.init) ?? 400 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["DEMAND_SEED"].flatMap(UInt64.init) ?? 0x5EED_0000 }

    @Test func subjectThroughDemandTransparentOperatorsDeliversExactlyWhatCombineDelivers() {
        runCases { SubjectChainCase.random(using: &$0).run() }
    }

    @Test func losslessSourcesThroughCombiningOperatorsLoseNothing() {
        runCases { LosslessCase.random(using: &$0).run() }
    }

    /// Runs `Self.cases` cases from consecutive seeds; stops at the first failure, naming its seed.
    private func runCases(_ runCase: (inout SplitMix64) -> CaseRun) {
        for offset in 0..<UInt64(Self.cases) {
            let seed = Self.firstSeed &+ offset
            var random = SplitMix64(seed: seed)
            let run = runCase(&random)
            #expect(run.failure == nil, "seed \(seed): \(run.description)\n\(run.failure ?? "")")
            if run.failure != nil { return }
        }
    }
}

// MARK: - Shared pieces

enum ProbeError: Error, Equatable { case sourceFailed, thrown }

/// What a test subscriber returns from its `n`-th `receive(_:)`, drawn up front so that the model sees
/// the same demands.
struct DemandScript: CustomStringConvertible {
    let initial: Subscribers.Demand
    let returns: [Subscribers.Demand]

    static func randomDemand(using random: inout SplitMix64, unlimitedOneIn: Int) -> Subscribers.Demand {
        if Int.random(in: 0..<unlimitedOneIn, using: &random) == 0 { return .unlimited }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: return .none
        case 4..<7: return .max(1)
        default: return .max(Int.random(in: 2...3, using: &random))
        }
    }

    static func random(using random: inout SplitMix64) -> DemandScript {
        let initial = randomDemand(using: &random, unlimitedOneIn: 6)
        let returns = (0..<64).map { _ in randomDemand(using: &random, unlimitedOneIn: 25) }
        return DemandScript(initial: initial, returns: returns)
    }

    func returned(at index: Int) -> Subscribers.Demand { index < returns.count ? returns[index] : .none }

    var description: String { "initial \(initial), returns \(returns.prefix(12).map { "\($0)" }.joined(separator: ","))…" }
}

/// A subscriber that follows a `DemandScript`, records what it receives and whether more values arrived
/// than it asked for.
final class DemandProbe: Subscriber {
    typealias Input = Int
    typealias Failure = ProbeError

    let combineIdentifier = CombineIdentifier()
    let script: DemandScript
    private(set) var subscription: Subscription?
    private(set) var values: [Int] = []
    private(set) var completions: [Subscribers.Completion<ProbeError>] = []
    private(set) var granted = Subscribers.Demand.none
    private(set) var violations: [String] = []

    init(script: DemandScript) { self.script = script }

    func receive(subscription: Subscription) {
        if self.subscription != nil { violations.append("a second subscription") }
        self.subscription = subscription
        if script.initial > 0 { request(script.initial) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        if !completions.isEmpty { violations.append("value \(input) after completion") }
        values.append(input)
        if granted != .unlimited && values.count > granted.max ?? 0 {
            violations.append("value \(input) beyond demand (\(values.count) received, \(granted) granted)")
        }
        let more = script.returned(at: values.count - 1)
        granted += more
        return more
    }

    func receive(completion: Subscribers.Completion<ProbeError>) {
        completions.append(completion)
        if completions.count > 1 { violations.append("a second completion") }
    }

    func request(_ demand: Subscribers.Demand) {
        granted += demand
        subscription?.request(demand)
    }

    /// Demand granted and not yet used.
    var outstanding: Subscribers.Demand { granted == .unlimited ? .unlimited : granted - values.count }
}

struct CaseRun: CustomStringConvertible {
    let description: String
    let failure: String?
}

// MARK: - A subject through operators that pass demand through

/// One operator that turns a value into at most one value (or ends the stream), with its reference model.
enum TransparentStage: CustomStringConvertible {
    case map(Int), filter(Int), compactMap(Int), scan, tryMap(throwingOn: Int), removeDuplicates
    case replaceError(Int), prefix(Int), dropWhile(Int), handleEvents, mapError, catchRethrowing
    /// Not demand-transparent: asks for the elements it drops as soon as it is subscribed.
    case dropFirst(Int)

    static func random(using random: inout SplitMix64) -> TransparentStage {
        switch Int.random(in: 0..<13, using: &random) {
        case 0: return .map(Int.random(in: 1...5, using: &random))
        case 1: return .filter(Int.random(in: 2...3, using: &random))
        case 2: return .compactMap(Int.random(in: 2...4, using: &random))
        case 3: return .scan
        case 4: return .tryMap(throwingOn: Int.random(in: 0...15, using: &random))
        case 5: return .removeDuplicates
        case 6: return .replaceError(-2)
        case 7: return .prefix(Int.random(in: 1...5, using: &random))
        case 8: return .dropWhile(Int.random(in: 0...8, using: &random))
        case 9: return .handleEvents
        case 10: return .mapError
        case 11: return .dropFirst(Int.random(in: 1...3, using: &random))
        default: return .catchRethrowing
        }
    }

    var description: String {
        switch self {
        case .map(let k): return "map(+\(k))"
        case .filter(let m): return "filter(%\(m) != 0)"
        case .compactMap(let m): return "compactMap(nil on %\(m) == 0)"
        case .scan: return "scan(+)"
        case .tryMap(let v): return "tryMap(throws on \(v))"
        case .removeDuplicates: return "removeDuplicates(by /2)"
        case .replaceError(let v): return "replaceError(\(v))"
        case .prefix(let n): return "prefix(\(n))"
        case .dropWhile(let t): return "drop(while: < \(t))"
        case .handleEvents: return "handleEvents"
        case .mapError: return "mapError"
        case .dropFirst(let n): return "dropFirst(\(n))"
        case .catchRethrowing: return "catch { Fail(error: $0) }"
        }
    }

    func apply(_ upstream: AnyPublisher<Int, ProbeError>) -> AnyPublisher<Int, ProbeError> {
        switch self {
        case .map(let k): return upstream.map { $0 + k }.eraseToAnyPublisher()
        case .filter(let m): return upstream.filter { $0 % m != 0 }.eraseToAnyPublisher()
        case .compactMap(let m): return upstream.compactMap { $0 % m == 0 ? nil : $0 }.eraseToAnyPublisher()
        case .scan: return upstream.scan(0) { $0 + $1 }.eraseToAnyPublisher()
        case .tryMap(let bad):
            return upstream.tryMap { value -> Int in
                if value == bad { throw ProbeError.thrown }
                return value
            }
            .mapError { $0 as? ProbeError ?? .thrown }.eraseToAnyPublisher()
        case .removeDuplicates: return upstream.removeDuplicates { $0 / 2 == $1 / 2 }.eraseToAnyPublisher()
        case .replaceError(let v): return upstream.replaceError(with: v).setFailureType(to: ProbeError.self).eraseToAnyPublisher()
        case .prefix(let n): return upstream.prefix(n).eraseToAnyPublisher()
        case .dropWhile(let t): return upstream.drop { $0 < t }.eraseToAnyPublisher()
        case .handleEvents: return upstream.handleEvents(receiveOutput: { _ in }).eraseToAnyPublisher()
        case .mapError: return upstream.mapError { $0 }.eraseToAnyPublisher()
        case .dropFirst(let n): return upstream.dropFirst(n).eraseToAnyPublisher()
        case .catchRethrowing:
            return upstream.catch { error in Fail<Int, ProbeError>(error: error) }.eraseToAnyPublisher()
        }
    }

    func makeModel() -> StageModel { StageModel(stage: self) }
}

enum ModelEvent { case value(Int), finished, failed(ProbeError) }

/// The reference model of one `TransparentStage`: Combine's documented behaviour of that operator.
final class StageModel {
    let stage: TransparentStage
    private var ended = false
    private var count = 0
    private var accumulated = 0
    private var previous: Int?
    private var dropping = true
    private var toDrop = 0

    init(stage: TransparentStage) {
        self.stage = stage
        if case .dropFirst(let n) = stage { toDrop = n }
    }

    /// The demand this stage asked of its upstream beyond its downstream's: `dropFirst`'s elements yet to drop.
    var extraDemand: Int { ended ? 0 : toDrop }

    /// What the stage sends downstream for `event` (nothing: the value is dropped).
    func handle(_ event: ModelEvent) -> [ModelEvent] {
        if ended { return [] }
        switch event {
        case .value(let v):
            switch stage {
            case .map(let k): return [.value(v + k)]
            case .filter(let m): return v % m != 0 ? [.value(v)] : []
            case .compactMap(let m): return v % m == 0 ? [] : [.value(v)]
            case .scan:
                accumulated += v
                return [.value(accumulated)]
            case .tryMap(let bad):
                if v == bad {
                    ended = true
                    return [.failed(.thrown)]
                }
                return [.value(v)]
            case .removeDuplicates:
                defer { previous = v }
                if let previous, previous / 2 == v / 2 { return [] }
                return [.value(v)]
            case .prefix(let n):
                count += 1
                if count == n {
                    ended = true
                    return [.value(v), .finished]
                }
                return [.value(v)]
            case .dropWhile(let t):
                if dropping && v < t { return [] }
                dropping = false
                return [.value(v)]
            case .dropFirst:
                if toDrop > 0 {
                    toDrop -= 1
                    return []
                }
                return [.value(v)]
            case .replaceError, .handleEvents, .mapError, .catchRethrowing:
                return [.value(v)]
            }
        case .finished:
            ended = true
            return [.finished]
        case .failed(let error):
            ended = true
            if case .replaceError(let x) = stage { return [.value(x), .finished] }
            return [.failed(error)]
        }
    }
}

/// Where a chain's values come from, as Combine documents each source.
enum ChainSource: CustomStringConvertible {
    /// Drops what is sent without demand.
    case passthrough
    /// Keeps the latest value; one sent without demand is delivered at the next `request(_:)`, as is the
    /// initial one.
    case currentValue(Int)
    /// Delivers its elements as demand allows and finishes right after the last (at once if empty).
    case sequence([Int])

    var description: String {
        switch self {
        case .passthrough: return "PassthroughSubject"
        case .currentValue(let v): return "CurrentValueSubject(\(v))"
        case .sequence(let values): return "\(values).publisher"
        }
    }
}

/// The model of a whole chain as a subscriber with outstanding demand `outstanding` sees it (the chain's
/// operators pass demand through unchanged, so the source sees the same demand); a replacement value made
/// at completion waits for demand.
struct ChainModel {
    let stages: [StageModel]
    let script: DemandScript
    private(set) var outstanding = Subscribers.Demand.none
    private(set) var values: [Int] = []
    private(set) var completion: ModelEvent?
    private(set) var sourceEnded = false
    /// Events waiting for demand: from stage `index` on (the stage that made them is past).
    private var waiting: (index: Int, events: [ModelEvent])?
    private let source: ChainSource
    private var current: Int?
    private var deliveredCurrent = false
    private var elements: [Int] = []

    init(stages: [TransparentStage], script: DemandScript, source: ChainSource) {
        self.stages = stages.map { $0.makeModel() }
        self.script = script
        self.source = source
        switch source {
        case .passthrough: break
        case .currentValue(let v): current = v
        case .sequence(let values): elements = values
        }
    }

    /// The subscription: the subscriber's initial request, the `dropFirst` stages' requests, then, for
    /// an empty sequence, its completion.
    mutating func subscribe() {
        if script.initial > 0 { request(script.initial) }
        if stages.contains(where: { $0.extraDemand > 0 }) { sourceRequested() }
        if case .sequence = source { pumpSequence() }
    }

    /// What a source does when asked for more.
    private mutating func sourceRequested() {
        guard !sourceEnded else { return }
        switch source {
        case .passthrough: break
        case .currentValue:
            if !deliveredCurrent, let current {
                deliveredCurrent = true
                run([.value(current)], from: 0)
            }
        case .sequence: pumpSequence()
        }
    }

    var isTerminated: Bool { completion != nil }

    /// The demand stage `index` has from below: the subscriber's, plus what the `dropFirst` stages from
    /// `index` on asked for beyond it.
    private func demand(below index: Int) -> Subscribers.Demand {
        outstanding + stages[index...].reduce(0) { $0 + $1.extraDemand }
    }

    mutating func request(_ demand: Subscribers.Demand) {
        outstanding += demand
        if let waiting, self.demand(below: waiting.index) > 0 {
            self.waiting = nil
            run(waiting.events, from: waiting.index)
            return
        }
        sourceRequested()
    }

    mutating func send(_ value: Int) {
        guard !sourceEnded else { return }
        let hasDemand = demand(below: 0) > 0
        if case .currentValue = source {
            current = value
            deliveredCurrent = hasDemand
        }
        guard hasDemand else { return }
        run([.value(value)], from: 0)
    }

    private mutating func pumpSequence() {
        while !sourceEnded, demand(below: 0) > 0, !elements.isEmpty {
            run([.value(elements.removeFirst())], from: 0)
        }
        if !sourceEnded, elements.isEmpty { complete(.finished) }
    }

    mutating func complete(_ event: ModelEvent) {
        guard !sourceEnded else { return }
        sourceEnded = true
        run([event], from: 0)
    }

    /// Pushes events into stage `index` and on.
    private mutating func run(_ events: [ModelEvent], from index: Int) {
        for (position, event) in events.enumerated() {
            if isTerminated { return }
            if index == stages.count {
                deliver(event)
                continue
            }
            let produced = stages[index].handle(event)
            // A value made at completion (a replacement) waits for demand.
            if case .value = produced.first, produced.count > 1, demand(below: index + 1) == 0, !isValue(event) {
                waiting = (index + 1, produced + Array(events.dropFirst(position + 1)))
                return
            }
            run(produced, from: index + 1)
            // A stage that ended the stream (prefix, a throwing map) cancels its upstream: nothing more passes.
            if produced.contains(where: { !isValue($0) }) { sourceEnded = true }
        }
    }

    private func isValue(_ event: ModelEvent) -> Bool {
        if case .value = event { return true }
        return false
    }

    private mutating func deliver(_ event: ModelEvent) {
        switch event {
        case .value(let v):
            values.append(v)
            if outstanding != .unlimited { outstanding -= 1 }
            outstanding += script.returned(at: values.count - 1)
        case .finished, .failed:
            completion = event
        }
    }
}

enum DriverStep: CustomStringConvertible {
    case send(Int, source: Int), request(Subscribers.Demand), finish, fail

    var description: String {
        switch self {
        case .send(let v, let source): return source == 0 ? "send(\(v))" : "send\(source)(\(v))"
        case .request(let d): return "request(\(d))"
        case .finish: return "finish"
        case .fail: return "fail"
        }
    }

    static func randomRequest(using random: inout SplitMix64) -> DriverStep {
        var demand = DemandScript.randomDemand(using: &random, unlimitedOneIn: 12)
        if demand == .none { demand = .max(1) }
        return .request(demand)
    }
}

struct SubjectChainCase {
    let source: ChainSource
    let stages: [TransparentStage]
    let script: DemandScript
    let steps: [DriverStep]

    static func random(using random: inout SplitMix64) -> SubjectChainCase {
        let source: ChainSource
        switch Int.random(in: 0..<4, using: &random) {
        case 0: source = .currentValue(Int.random(in: 0...15, using: &random))
        case 1: source = .sequence((0..<Int.random(in: 0...8, using: &random)).map { _ in Int.random(in: 0...15, using: &random) })
        default: source = .passthrough
        }
        let stages = (0..<Int.random(in: 1...4, using: &random)).map { _ in TransparentStage.random(using: &random) }
        let script = DemandScript.random(using: &random)
        var steps: [DriverStep] = []
        let isSequence: Bool
        if case .sequence = source { isSequence = true } else { isSequence = false }
        for _ in 0..<Int.random(in: 0...14, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 12..<18: steps.append(DriverStep.randomRequest(using: &random))
            case _ where isSequence: continue
            case 0..<12: steps.append(.send(Int.random(in: 0...15, using: &random), source: 0))
            case 18: steps.append(.finish)
            default: steps.append(.fail)
            }
        }
        if !isSequence, Bool.random(using: &random) { steps.append(.finish) }
        for _ in 0..<Int.random(in: 0...2, using: &random) { steps.append(DriverStep.randomRequest(using: &random)) }
        return SubjectChainCase(source: source, stages: stages, script: script, steps: steps)
    }

    func run() -> CaseRun {
        let description = "\(source) → \(stages.map(\.description).joined(separator: " → ")); \(script); steps \(steps)"
        let passthrough = PassthroughSubject<Int, ProbeError>()
        var currentValue: CurrentValueSubject<Int, ProbeError>?
        var publisher: AnyPublisher<Int, ProbeError>
        switch source {
        case .passthrough: publisher = passthrough.eraseToAnyPublisher()
        case .currentValue(let v):
            let subject = CurrentValueSubject<Int, ProbeError>(v)
            currentValue = subject
            publisher = subject.eraseToAnyPublisher()
        case .sequence(let values): publisher = values.publisher.setFailureType(to: ProbeError.self).eraseToAnyPublisher()
        }
        for stage in stages { publisher = stage.apply(publisher) }
        let probe = DemandProbe(script: script)
        var model = ChainModel(stages: stages, script: script, source: source)
        publisher.subscribe(probe)
        model.subscribe()
        for step in steps {
            switch step {
            case .send(let v, _):
                if let currentValue { currentValue.send(v) } else { passthrough.send(v) }
                model.send(v)
            case .request(let demand):
                probe.request(demand)
                model.request(demand)
            case .finish:
                if let currentValue { currentValue.send(completion: .finished) } else { passthrough.send(completion: .finished) }
                model.complete(.finished)
            case .fail:
                if let currentValue {
                    currentValue.send(completion: .failure(.sourceFailed))
                } else {
                    passthrough.send(completion: .failure(.sourceFailed))
                }
                model.complete(.failed(.sourceFailed))
            }
        }
        var problems = probe.violations
        if probe.values != model.values { problems.append("values \(probe.values), Combine delivers \(model.values)") }
        let expected: String
        switch model.completion {
        case nil: expected = "none"
        case .finished?: expected = "finished"
        case .failed(let error)?: expected = "failure(\(error))"
        case .value?: expected = "?"
        }
        let actual: String
        switch probe.completions.first {
        case nil: actual = "none"
        case .finished?: actual = "finished"
        case .failure(let error)?: actual = "failure(\(error))"
        }
        if expected != actual { problems.append("completion \(actual), Combine delivers \(expected)") }
        return CaseRun(description: description, failure: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }
}

// MARK: - Lossless sources through combining and flattening operators

/// A publisher for one subscriber that keeps what it is sent until demand arrives: a source that loses
/// nothing, so that whatever the operators downstream do with demand, every value must arrive.
final class LosslessFeed: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = ProbeError

    private var pending: [Int] = []
    private var end: Subscribers.Completion<ProbeError>?
    private var subscription: FeedSubscription?
    private(set) var subscribeCount = 0

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == ProbeError {
        subscribeCount += 1
        let subscription = FeedSubscription(feed: self, downstream: AnySubscriber(subscriber))
        self.subscription = subscription
        subscriber.receive(subscription: subscription)
        subscription.pump()
    }

    func send(_ value: Int) {
        pending.append(value)
        subscription?.pump()
    }

    func send(completion: Subscribers.Completion<ProbeError>) {
        guard end == nil else { return }
        end = completion
        subscription?.pump()
    }

    fileprivate func take() -> Int? { pending.isEmpty ? nil : pending.removeFirst() }
    fileprivate var isDrained: Bool { pending.isEmpty }
    fileprivate var completion: Subscribers.Completion<ProbeError>? { end }

    final class FeedSubscription: Subscription {
        let combineIdentifier = CombineIdentifier()
        private let feed: LosslessFeed
        private var downstream: AnySubscriber<Int, ProbeError>?
        private var demand = Subscribers.Demand.none
        private var pumping = false

        init(feed: LosslessFeed, downstream: AnySubscriber<Int, ProbeError>) {
            self.feed = feed
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            pump()
        }

        func cancel() { downstream = nil }

        func pump() {
            guard !pumping else { return }
            pumping = true
            defer { pumping = false }
            while let downstream {
                if demand > 0, let value = feed.take() {
                    demand -= 1
                    demand += downstream.receive(value)
                    continue
                }
                if feed.isDrained, let completion = feed.completion {
                    self.downstream = nil
                    downstream.receive(completion: completion)
                }
                return
            }
        }
    }
}

/// A combining or flattening operator over one or two lossless feeds, with the model of what Combine
/// delivers when demand allows everything: `groups`, each delivered in order (values of different groups
/// may interleave).
enum LosslessShape: CaseIterable, CustomStringConvertible {
    case flatMapUnlimited, flatMapOne, flatMapTwo, merge, zip, collect, bufferByRequest, bufferKeepFull
    case append, prepend, catchWithJust, switchToLatest, replaceEmpty

    var description: String {
        switch self {
        case .flatMapUnlimited: return "flatMap { [v, v+100].publisher }"
        case .flatMapOne: return "flatMap(maxPublishers: .max(1)) { [v, v+100].publisher }"
        case .flatMapTwo: return "flatMap(maxPublishers: .max(2)) { [v, v+100].publisher }"
        case .merge: return "a.merge(with: b)"
        case .zip: return "a.zip(b) { a*100+b }"
        case .collect: return "collect(2) { sum*10+count }"
        case .bufferByRequest: return "buffer(64, .byRequest, .dropNewest)"
        case .bufferKeepFull: return "buffer(64, .keepFull, .dropNewest)"
        case .append: return "a.append(b)"
        case .prepend: return "a.prepend(b)"
        case .catchWithJust: return "a(failing).catch { Just(-9) }"
        case .switchToLatest: return "a.map { [v, v+100].publisher }.switchToLatest()"
        case .replaceEmpty: return "a.replaceEmpty(with: -7)"
        }
    }

    var usesSecondFeed: Bool { [.merge, .zip, .append, .prepend].contains(self) }

    func publisher(_ a: LosslessFeed, _ b: LosslessFeed) -> AnyPublisher<Int, ProbeError> {
        switch self {
        case .flatMapUnlimited: return a.flatMap { [$0, $0 + 100].publisher.setFailureType(to: ProbeError.self) }.eraseToAnyPublisher()
        case .flatMapOne:
            return a.flatMap(maxPublishers: .max(1)) { [$0, $0 + 100].publisher.setFailureType(to: ProbeError.self) }.eraseToAnyPublisher()
        case .flatMapTwo:
            return a.flatMap(maxPublishers: .max(2)) { [$0, $0 + 100].publisher.setFailureType(to: ProbeError.self) }.eraseToAnyPublisher()
        case .merge: return a.merge(with: b).eraseToAnyPublisher()
        case .zip: return a.zip(b) { $0 * 100 + $1 }.eraseToAnyPublisher()
        case .collect: return a.collect(2).map { $0.reduce(0, +) * 10 + $0.count }.eraseToAnyPublisher()
        case .bufferByRequest: return a.buffer(size: 64, prefetch: .byRequest, whenFull: .dropNewest).eraseToAnyPublisher()
        case .bufferKeepFull: return a.buffer(size: 64, prefetch: .keepFull, whenFull: .dropNewest).eraseToAnyPublisher()
        case .append: return a.append(b).eraseToAnyPublisher()
        case .prepend: return a.prepend(b).eraseToAnyPublisher()
        case .catchWithJust: return a.catch { _ in Just(-9).setFailureType(to: ProbeError.self) }.eraseToAnyPublisher()
        case .switchToLatest: return a.map { [$0, $0 + 100].publisher.setFailureType(to: ProbeError.self) }.switchToLatest().eraseToAnyPublisher()
        // Combine's asks for .unlimited: every element arrives from the feed at once and waits for demand.
        case .replaceEmpty: return a.replaceEmpty(with: -7).eraseToAnyPublisher()
        }
    }

    /// What Combine delivers from everything sent (both feeds then end), as ordered groups.
    func groups(_ a: [Int], _ b: [Int]) -> [[Int]] {
        switch self {
        case .flatMapUnlimited, .flatMapTwo: return a.map { [$0, $0 + 100] }
        case .flatMapOne: return [a.flatMap { [$0, $0 + 100] }]
        case .merge: return [a, b]
        case .zip: return [Swift.zip(a, b).map { $0 * 100 + $1 }]
        case .collect:
            return [stride(from: 0, to: a.count, by: 2).map { start in
                let chunk = a[start..<min(start + 2, a.count)]
                return chunk.reduce(0, +) * 10 + chunk.count
            }]
        case .bufferByRequest, .bufferKeepFull: return [a]
        case .append: return [a + b]
        case .prepend: return [b + a]
        case .catchWithJust: return [a + [-9]]
        case .switchToLatest: return [] // modelled step by step (see `LosslessCase.run`)
        case .replaceEmpty: return [a.isEmpty ? [-7] : a]
        }
    }
}

struct LosslessCase {
    let shape: LosslessShape
    let script: DemandScript
    let steps: [DriverStep]

    static func random(using random: inout SplitMix64) -> LosslessCase {
        let shape = LosslessShape.allCases.randomElement(using: &random)!
        let script = DemandScript.random(using: &random)
        var steps: [DriverStep] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            if Int.random(in: 0..<3, using: &random) == 0 {
                steps.append(DriverStep.randomRequest(using: &random))
            } else {
                let source = shape.usesSecondFeed ? Int.random(in: 0...1, using: &random) : 0
                steps.append(.send(Int.random(in: 0...15, using: &random), source: source))
            }
        }
        steps.append(shape == .catchWithJust ? .fail : .finish)
        for _ in 0..<Int.random(in: 0...2, using: &random) { steps.append(DriverStep.randomRequest(using: &random)) }
        return LosslessCase(shape: shape, script: script, steps: steps)
    }

    func run() -> CaseRun {
        let description = "\(shape); \(script); steps \(steps)"
        let a = LosslessFeed()
        let b = LosslessFeed()
        let probe = DemandProbe(script: script)
        shape.publisher(a, b).subscribe(probe)
        var sentA: [Int] = []
        var sentB: [Int] = []
        // switchToLatest, step by step: the current inner's values not yet delivered, and the demand left.
        var switchModel = SwitchModel(script: script)
        for step in steps {
            switch step {
            case .send(let v, let source):
                if source == 0 {
                    sentA.append(v)
                    a.send(v)
                    switchModel.newInner([v, v + 100])
                } else {
                    // Apart from the first feed's values, so that an interleaving has one reading.
                    sentB.append(v + 1000)
                    b.send(v + 1000)
                }
            case .request(let demand):
                probe.request(demand)
                switchModel.request(demand)
            case .finish:
                a.send(completion: .finished)
                b.send(completion: .finished)
            case .fail:
                a.send(completion: .failure(.sourceFailed))
                b.send(completion: .finished)
            }
        }
        var problems = probe.violations
        let groups = shape == .switchToLatest ? [switchModel.delivered + switchModel.pending] : shape.groups(sentA, sentB)
        let total = groups.reduce(0) { $0 + $1.count }
        let deliverable = probe.granted == .unlimited ? total : min(total, probe.granted.max ?? 0)
        if !isInterleaving(probe.values, of: groups) {
            problems.append("values \(probe.values) are not, in order, those of \(groups)")
        } else if probe.values.count != deliverable {
            problems.append("\(probe.values.count) values delivered of \(total) offered with \(probe.granted) demand granted: \(probe.values), Combine delivers \(groups)")
        }
        let allDelivered = probe.values.count == total
        // Combine's buffer delivers a finished upstream only while the downstream has demand, even when the
        // buffer is empty (OpenCombine BufferTests, testReceiveValueAfterFinishing).
        let bufferAwaitsDemand = (shape == .bufferByRequest || shape == .bufferKeepFull)
            && probe.granted != .unlimited && (probe.granted.max ?? 0) <= probe.values.count
        if allDelivered && probe.completions.isEmpty && !bufferAwaitsDemand {
            problems.append("no completion once everything was delivered")
        }
        if !allDelivered && !probe.completions.isEmpty { problems.append("completion with values pending") }
        if let completion = probe.completions.first, case .failure = completion { problems.append("unexpected failure") }
        return CaseRun(description: description, failure: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// Whether `values` can be made by taking, in order, a prefix of each group.
    private func isInterleaving(_ values: [Int], of groups: [[Int]]) -> Bool {
        var positions = Array(repeating: 0, count: groups.count)
        outer: for value in values {
            for index in groups.indices where positions[index] < groups[index].count && groups[index][positions[index]] == value {
                positions[index] += 1
                continue outer
            }
            return false
        }
        return true
    }
}

/// `switchToLatest`'s model: the current inner publisher delivers while the subscriber has demand; a new
/// one replaces it, and what the old one had not delivered is gone.
struct SwitchModel {
    let script: DemandScript
    private(set) var delivered: [Int] = []
    private(set) var pending: [Int] = []
    private var outstanding: Subscribers.Demand

    init(script: DemandScript) {
        self.script = script
        outstanding = script.initial
    }

    mutating func newInner(_ values: [Int]) {
        pending = values
        deliver()
    }

    mutating func request(_ demand: Subscribers.Demand) {
        outstanding += demand
        deliver()
    }

    private mutating func deliver() {
        while outstanding > 0, !pending.isEmpty {
            delivered.append(pending.removeFirst())
            if outstanding != .unlimited { outstanding -= 1 }
            outstanding += script.returned(at: delivered.count - 1)
        }
    }
}
