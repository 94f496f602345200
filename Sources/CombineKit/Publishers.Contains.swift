extension Publisher where Output: Equatable {
    /// Publishes `true` (and finishes) as soon as an element equals the given one, or `false` when
    /// the upstream finishes without one.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Publishes whether any element satisfies the predicate (early `true`).
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Publishes whether any element satisfies the error-throwing predicate.
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }

    /// Publishes whether all elements satisfy the predicate (early `false`).
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Publishes whether all elements satisfy the error-throwing predicate.
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that emits a Boolean value when a specified element is received from its upstream publisher.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let wanted = output
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "Contains", initial: false) { found, element in
                guard element == wanted else { return false }
                found = true
                return true
            })
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the predicate closure.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "ContainsWhere", initial: false) { found, element in
                guard predicate(element) else { return false }
                found = true
                return true
            })
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the throwing predicate closure.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(ReducingInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "TryContainsWhere", initial: false) { found, element in
                guard try predicate(element) else { return false }
                found = true
                return true
            })
        }
    }

    /// A publisher that publishes a single Boolean value that indicates whether all received elements pass a given predicate.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "AllSatisfy", initial: true) { all, element in
                guard !predicate(element) else { return false }
                all = false
                return true
            })
        }
    }

    /// A publisher that publishes whether all received elements pass a given error-throwing predicate.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(ReducingInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "TryAllSatisfy", initial: true) { all, element in
                guard try !predicate(element) else { return false }
                all = false
                return true
            })
        }
    }
}
