// The scenario catalogue and what every implementation shares: the checksum and the per-element work.

/// One benchmark scenario. `run(n)` in each implementation does the whole workload for size `n` and
/// returns its checksum; `eventsPerUnit` turns `n` into the number of events that ns/event divides by.
struct Scenario {
    let id: String
    let title: String
    /// What one event is, for the README.
    let event: String
    let fullCount: Int
    let quickCount: Int
    let eventsPerUnit: Int
    /// What the scenario needs from RxKit and CombineKit; printed while either lacks a workload for it.
    let needs: String
    /// Wall-clock time instead of the calling thread's CPU time: the scenario's work runs on other threads.
    let wallClock: Bool
    /// What the memory table reports for this scenario (nil: it is not in that table).
    let memory: MemoryMeasure?

    init(_ id: String, _ title: String, event: String, full: Int, quick: Int, eventsPerUnit: Int = 1,
         wallClock: Bool = false, memory: MemoryMeasure? = nil, needs: String) {
        self.id = id
        self.title = title
        self.event = event
        self.fullCount = full
        self.quickCount = quick
        self.eventsPerUnit = eventsPerUnit
        self.needs = needs
        self.wallClock = wallClock
        self.memory = memory
    }
}

/// The memory figure a scenario reports (see Harness.measure and README.md, "Memory").
enum MemoryMeasure {
    /// Live bytes when the workload calls `MemoryProbe.markAllLive()`, divided by n (the subscriptions).
    case bytesPerLiveSubscription
    /// The highest live bytes over the whole workload, in KiB.
    case peakKibibytes
}

/// Subscribers in S7, and the number of stages in the RxSwift-suite chains.
enum Shape {
    static let s7Subscribers = 100
    static let twoSubscribers = 2
    static let mapFilterPairs = 6
    static let flatMapStages = 5
    static let combineLatestLevels = 7
    /// Threads sending into T1's subject.
    static let senderThreads = 4
    /// Subscriptions alive at once in M2.
    static let m2Subscriptions = 10_000
}

enum Catalogue {
    static let scenarios: [Scenario] = [
        Scenario("S1", "subject, 1 subscriber, sends", event: "one send",
                 full: 1_000_000, quick: 50_000, needs: "subjects in RxKit and CombineKit"),
        Scenario("S2", "subject → map → filter → map, sends", event: "one send",
                 full: 1_000_000, quick: 50_000, needs: "map and filter in RxKit and CombineKit"),
        Scenario("S3", "subject → flatMap { just }", event: "one outer value",
                 full: 100_000, quick: 5_000, needs: "flatMap in RxKit and CombineKit"),
        Scenario("S4", "subject → flatMapLatest { just } (Combine: map + switchToLatest)", event: "one inner",
                 full: 100_000, quick: 5_000,
                 needs: "flatMapLatest (RxKit), switchToLatest (CombineKit)"),
        Scenario("S5", "combineLatest of two subjects, alternating sends", event: "one send",
                 full: 500_000, quick: 25_000, needs: "combineLatest in RxKit and CombineKit"),
        Scenario("S6", "build just → map → filter, subscribe, dispose", event: "one build",
                 full: 100_000, quick: 5_000, needs: "just, map and filter in RxKit and CombineKit"),
        Scenario("S7", "subject, 100 subscribers, sends", event: "one delivery (send × subscriber)",
                 full: 10_000, quick: 500, eventsPerUnit: Shape.s7Subscribers, needs: "subjects in RxKit and CombineKit"),
        Scenario("S8", "sequence of n → map → scan", event: "one element",
                 full: 1_000_000, quick: 50_000, needs: "scan in RxKit (from, map and CombineKit's side exist)"),
        // RxSwift's own benchmark shapes (S1 is its one-subscriber publish-subject pumping).
        Scenario("R1", "publish subject pumping, 2 subscribers", event: "one delivery (send × subscriber)",
                 full: 500_000, quick: 25_000, eventsPerUnit: Shape.twoSubscribers, needs: "subjects in RxKit and CombineKit"),
        Scenario("R2", "publish subject creating (make, subscribe, send 1, dispose)", event: "one build",
                 full: 100_000, quick: 5_000, needs: "subjects in RxKit and CombineKit"),
        Scenario("R3", "map/filter pumping, 6 × (map, filter)", event: "one send",
                 full: 500_000, quick: 25_000, needs: "map and filter in RxKit and CombineKit"),
        Scenario("R4", "map/filter creating, 6 × (map, filter), send 1", event: "one build",
                 full: 50_000, quick: 2_500, needs: "map and filter in RxKit and CombineKit"),
        Scenario("R5", "flatMap pumping, 5 stages", event: "one send",
                 full: 200_000, quick: 10_000, needs: "flatMap in RxKit and CombineKit"),
        Scenario("R6", "flatMap creating, 5 stages, send 1", event: "one build",
                 full: 20_000, quick: 1_000, needs: "flatMap in RxKit and CombineKit"),
        Scenario("R7", "flatMapLatest pumping, 5 stages", event: "one send",
                 full: 200_000, quick: 10_000,
                 needs: "flatMapLatest (RxKit), switchToLatest (CombineKit)"),
        Scenario("R8", "flatMapLatest creating, 5 stages, send 1", event: "one build",
                 full: 20_000, quick: 1_000,
                 needs: "flatMapLatest (RxKit), switchToLatest (CombineKit)"),
        Scenario("R9", "combineLatest pumping, 7 four-way levels", event: "one send",
                 full: 200_000, quick: 10_000, needs: "combineLatest in RxKit and CombineKit"),
        Scenario("R10", "combineLatest creating, 7 four-way levels, send 1", event: "one build",
                 full: 20_000, quick: 1_000, needs: "combineLatest in RxKit and CombineKit"),
        Scenario("R11", "Driver map/filter pumping, 6 × (map, filter)", event: "one send",
                 full: 500_000, quick: 25_000, needs: "Driver, asDriver(onErrorJustReturn:) and drive(onNext:) in RxKit"),
        Scenario("R12", "Driver map/filter creating, 6 × (map, filter), send 1", event: "one build",
                 full: 50_000, quick: 2_500, needs: "Driver, asDriver(onErrorJustReturn:) and drive(onNext:) in RxKit"),
        // Beyond Combine's operators: one CombineKitExt adds (OpenCombine has none).
        Scenario("X1", "withLatestFrom: a subject with the latest of another, 3 of 4 sends to the first",
                 event: "one send", full: 500_000, quick: 25_000,
                 needs: "withLatestFrom in RxKit and CombineKitExt"),
        // Threads: wall-clock time (the work runs on other threads), n in total.
        Scenario("T1", "4 threads send into one subject, 1 subscriber (wall-clock)", event: "one send",
                 full: 1_000_000, quick: 20_000, wallClock: true, needs: "subjects in RxKit and CombineKit"),
        Scenario("T2", "subject → observe(on:)/receive(on:) a serial queue → subscriber (wall-clock)",
                 event: "one hop", full: 200_000, quick: 10_000, wallClock: true,
                 needs: "observe(on:) (RxKit), receive(on:) a DispatchQueue (CombineKit)"),
        Scenario("T3", "build just → map → subscribe(on:) a serial queue, deliver, tear down (wall-clock)",
                 event: "one build", full: 50_000, quick: 2_000, wallClock: true,
                 needs: "subscribe(on:) in RxKit and CombineKit"),
        Scenario("T4", "subject fed from another thread → observe(on: MainScheduler)/receive(on: DispatchQueue.main) → subscriber (wall-clock)",
                 event: "one hop", full: 200_000, quick: 10_000, wallClock: true,
                 needs: "observe(on:) (RxKit), receive(on:) a DispatchQueue (CombineKit)"),
        // Memory: n subscriptions alive at once on one subject.
        Scenario("M1", "n live S2 chains (map → filter → map) on one subject, send 1, dispose",
                 event: "one subscription", full: 10_000, quick: 1_000, memory: .bytesPerLiveSubscription,
                 needs: "map and filter in RxKit and CombineKit"),
        Scenario("M1D", "n live Driver chains (R11's) on one subject, send 1, dispose",
                 event: "one subscription", full: 10_000, quick: 1_000, memory: .bytesPerLiveSubscription,
                 needs: "Driver, asDriver(onErrorJustReturn:) and drive(onNext:) in RxKit"),
        Scenario("M2", "10,000 live S2 chains on one subject, n sends, dispose (peak)",
                 event: "one delivery (send × subscription)", full: 100, quick: 5,
                 eventsPerUnit: Shape.m2Subscriptions, memory: .peakKibibytes,
                 needs: "map and filter in RxKit and CombineKit"),
    ]
}

/// An order-sensitive running hash (FNV-1a over the 64-bit value): every implementation folds the values
/// its subscriber receives into one, so any lost, extra or reordered value changes the result.
struct Checksum {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func add(_ element: Int) {
        value = (value ^ UInt64(bitPattern: Int64(element))) &* 0x0000_0100_0000_01b3
    }

    /// Folds each subscriber's checksum in an order that does not depend on delivery order across subscribers.
    static func combine(_ sums: [Checksum]) -> UInt64 {
        sums.reduce(0) { $0 &+ $1.value }
    }
}

/// A checksum that does not depend on the order of the values (T1's senders interleave differently in every
/// run): a wrapping sum of each value's mixed bits, and the number of values.
struct UnorderedChecksum {
    private var sum: UInt64 = 0
    private var count: UInt64 = 0

    @inline(__always)
    mutating func add(_ element: Int) {
        var bits = UInt64(bitPattern: Int64(element)) &* 0x9e37_79b9_7f4a_7c15
        bits ^= bits >> 29
        sum &+= bits
        count &+= 1
    }

    var value: UInt64 {
        var total = Checksum()
        total.add(Int(bitPattern: UInt(sum)))
        total.add(Int(bitPattern: UInt(count)))
        return total.value
    }
}

/// The per-element work, the same in every implementation.
enum Work {
    static func triple(_ x: Int) -> Int { x &* 3 }
    static func isEven(_ x: Int) -> Bool { x & 1 == 0 }
    static func addSeven(_ x: Int) -> Int { x &+ 7 }
    static func increment(_ x: Int) -> Int { x &+ 1 }
    static func notMultipleOf7(_ x: Int) -> Bool { x % 7 != 0 }
    static func twice(_ x: Int) -> Int { x &* 2 }
    static func accumulate(_ sum: Int, _ x: Int) -> Int { sum &+ x }
    /// S5's combineLatest transform.
    static func pair(_ a: Int, _ b: Int) -> Int { a &* 1_000_003 &+ b }
    /// R9/R10's four-way combineLatest transform; the first three inputs are `just(1)`.
    /// X1's withLatestFrom: sends `i` with `i % 4 == 0` go to the other source, the rest to the first.
    static func goesToOther(_ i: Int) -> Bool { i & 3 == 0 }
    static func combine4(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int { a &+ b &- c &+ d }
}

/// One implementation's workloads, keyed by scenario id. A missing id means the library lacks an operator:
/// pending for RxKit/CombineKit, "n/a" for OpenCombine.
typealias Workloads = [String: (Int) -> UInt64]
