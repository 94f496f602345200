extension Publisher {
    /// Applies a closure that collects each element of a stream and publishes a final result upon completion.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `reduce`, with an error-throwing closure; a thrown error terminates the stream.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Collects all received elements, and emits a single array of the collection when the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Publishes the number of elements received from the upstream publisher when it finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers {
    /// A publisher that applies a closure to all received elements and produces an accumulated value when the upstream finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "Reduce", initial: initial) {
                $0 = next($0!, $1)
                return false
            })
        }
    }

    /// A publisher that applies an error-throwing closure to all received elements and produces an accumulated value when the upstream finishes.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error
        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.subscribe(ReducingInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "TryReduce", initial: initial) {
                $0 = try next($0!, $1)
                return false
            })
        }
    }

    /// A publisher that buffers items and emits them all as one array when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "Collect", initial: []) {
                $0!.append($1)
                return false
            })
        }
    }

    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "Count", initial: 0) { count, _ in
                count! += 1
                return false
            })
        }
    }
}
