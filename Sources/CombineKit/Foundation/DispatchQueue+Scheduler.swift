import Dispatch
import ReactiveBridgePrimitives

extension DispatchQueue: Scheduler {
    /// The scheduler time type used by the dispatch queue.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time represented by this type.
        public var dispatchTime: DispatchTime

        /// Creates a dispatch queue time type instance.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// The distance to `other` in nanoseconds; a distance too large for `Int` either way is `.nanoseconds(.max)`,
        /// as in Combine (so the distance to or from `DispatchTime.distantFuture` is `.max`).
        public func distance(to other: SchedulerTimeType) -> Stride {
            let start = dispatchTime.uptimeNanoseconds
            let end = other.dispatchTime.uptimeNanoseconds
            let gap = end >= start ? end &- start : start &- end
            guard gap <= UInt64(Int.max) else { return .nanoseconds(.max) }
            return .nanoseconds(end >= start ? Int(gap) : -Int(gap))
        }

        /// This time advanced by `n`; a stride of `.nanoseconds(.max)` gives `DispatchTime.distantFuture`.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            n.magnitude == .max ? SchedulerTimeType(.distantFuture) : SchedulerTimeType(dispatchTime + .nanoseconds(n.magnitude))
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime < rhs.dispatchTime
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.rawValue)
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A type that represents the distance between two values, in nanoseconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Codable, Sendable {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The value of this time interval in nanoseconds.
            public var magnitude: Int

            /// A `DispatchTimeInterval` created with the value of this type in nanoseconds.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            /// Creates a stride from a dispatch time interval, clamped to `Int`'s range; `.never` is `.nanoseconds(.max)`.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): self = .seconds(s)
                case .milliseconds(let ms): self = .milliseconds(ms)
                case .microseconds(let us): self = .microseconds(us)
                case .nanoseconds(let ns): self = .nanoseconds(ns)
                case .never: self = .nanoseconds(.max)
                @unknown default: self = .nanoseconds(.max)
                }
            }

            /// Creates a stride from a number of seconds.
            public init(_ value: Double) { self = .seconds(value) }
            /// Creates a stride from a number of seconds (integer literals are seconds).
            public init(integerLiteral value: Int) { self = .seconds(value) }
            /// Creates a stride from a number of seconds (floating-point literals are seconds).
            public init(floatLiteral value: Double) { self = .seconds(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self = .seconds(value)
            }

            private init(nanoseconds: Int) { magnitude = nanoseconds }

            private enum CodingKeys: String, CodingKey {
                case nanoseconds = "_nanoseconds"
            }

            /// Decodes a stride from a keyed container holding its nanoseconds under `_nanoseconds`, as Combine encodes it.
            public init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                magnitude = Int(try container.decode(Int64.self, forKey: .nanoseconds))
            }

            /// Encodes the stride's nanoseconds under the key `_nanoseconds`, as Combine does.
            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Int64(magnitude), forKey: .nanoseconds)
            }

            /// `value` times `unit` nanoseconds, clamped to `Int`'s range.
            private static func clamped(_ value: Int, times unit: Int) -> Stride {
                let (product, overflow) = value.multipliedReportingOverflow(by: unit)
                return Stride(nanoseconds: overflow ? (value > 0 ? .max : .min) : product)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            /// The product in seconds, as in Combine: `.seconds(2) * .seconds(3)` is `.seconds(6)`, and a product under a
            /// nanosecond (`.nanoseconds(18) * .nanoseconds(1)`) is zero.
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                let wide = lhs.magnitude.multipliedFullWidth(by: rhs.magnitude)
                return Stride(nanoseconds: 1_000_000_000.dividingFullWidth(wide).quotient)
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            /// A stride of `s` seconds, clamped to `Int`'s range of nanoseconds.
            public static func seconds(_ s: Int) -> Stride { clamped(s, times: 1_000_000_000) }
            /// A stride of `s` seconds, clamped to `Int`'s range of nanoseconds.
            public static func seconds(_ s: Double) -> Stride {
                let nanoseconds = s * 1_000_000_000
                if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
                if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
                return Stride(nanoseconds: Int(nanoseconds))
            }
            /// A stride of `ms` milliseconds, clamped to `Int`'s range of nanoseconds.
            public static func milliseconds(_ ms: Int) -> Stride { clamped(ms, times: 1_000_000) }
            /// A stride of `us` microseconds, clamped to `Int`'s range of nanoseconds.
            public static func microseconds(_ us: Int) -> Stride { clamped(us, times: 1_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        }
    }

    /// Options that affect the operation of the dispatch queue scheduler.
    public struct SchedulerOptions {
        /// The dispatch queue quality of service.
        public var qos: DispatchQoS
        /// The dispatch queue work item flags.
        public var flags: DispatchWorkItemFlags
        /// The dispatch group, if any, that should be used for performing actions.
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { box.value() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { box.value() }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        let box = UncheckedSendable(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler { box.value() }
        timer.schedule(deadline: date.dispatchTime, repeating: .nanoseconds(Swift.max(1, interval.magnitude)),
                       leeway: .nanoseconds(Swift.max(0, tolerance.magnitude)))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

extension Scheduler {
    /// This scheduler as a `DispatchQueue`, when it is one and `options` ask for nothing beyond a plain
    /// `async`; otherwise `nil`. For a per-element path that hands its closure to the queue as a block
    /// (`asyncUnchecked`), with no allocation beyond the queue's own, where `schedule(options:_:)` takes a
    /// Swift closure that it must wrap.
    @inlinable @inline(__always)
    package func plainDispatchQueue(options: SchedulerOptions?) -> DispatchQueue? {
        options == nil ? asDispatchQueue : nil
    }

    /// This scheduler as a `DispatchQueue`, when it is one, whatever the options (for a caller that has
    /// checked that it has none without making a `SchedulerOptions?`; see `SchedulerOptionsBox`).
    @inlinable @inline(__always)
    package var asDispatchQueue: DispatchQueue? {
        guard Self.self == DispatchQueue.self else { return nil }
        // Read as the reference it is (`as AnyObject` would be a run-time conversion per element).
        return withUnsafePointer(to: self) { UnsafeRawPointer($0).load(as: DispatchQueue.self) }
    }
}
