extension Publisher {
    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced).
    @inlinable
    public consuming func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced). The transform turns each combination into the published value.
    @inlinable
    public consuming func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced).
    @inlinable
    public consuming func combineLatest<P1: Publisher, P2: Publisher>(_ publisher1: P1, _ publisher2: P2) -> Publishers.CombineLatest3<Self, P1, P2> where Failure == P1.Failure, Failure == P2.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced). The transform turns each combination into the published value.
    @inlinable
    public consuming func combineLatest<P1: Publisher, P2: Publisher, T>(_ publisher1: P1, _ publisher2: P2, _ transform: @escaping (Output, P1.Output, P2.Output) -> T) -> Publishers.Map<Publishers.CombineLatest3<Self, P1, P2>, T> where Failure == P1.Failure, Failure == P2.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }

    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced).
    @inlinable
    public consuming func combineLatest<P1: Publisher, P2: Publisher, P3: Publisher>(_ publisher1: P1, _ publisher2: P2, _ publisher3: P3) -> Publishers.CombineLatest4<Self, P1, P2, P3> where Failure == P1.Failure, Failure == P2.Failure, Failure == P3.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Subscribes to this and other publishers and publishes a tuple of the latest element from each, whenever any of them produces (once all have produced). The transform turns each combination into the published value.
    @inlinable
    public consuming func combineLatest<P1: Publisher, P2: Publisher, P3: Publisher, T>(_ publisher1: P1, _ publisher2: P2, _ publisher3: P3, _ transform: @escaping (Output, P1.Output, P2.Output, P3.Output) -> T) -> Publishers.Map<Publishers.CombineLatest4<Self, P1, P2, P3>, T> where Failure == P1.Failure, Failure == P2.Failure, Failure == P3.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }

}

extension Publishers {
    /// A publisher that receives and combines the latest elements from its upstream publishers (2 upstream publishers).
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombineLatestCoordinator<S>(count: 2, downstream: subscriber)
            var layout = TupleLayout()
            let aChild = CombineLatestChild<A.Output, S>(coordinator: coordinator, index: 0, offset: layout.place(A.Output.self))
            let bChild = CombineLatestChild<B.Output, S>(coordinator: coordinator, index: 1, offset: layout.place(B.Output.self))
            precondition(layout.matches(Output.self), "combineLatest placed its elements unlike Swift's own tuple layout: please report this")
            coordinator.start(downstream: subscriber, children: [aChild, bChild]) {
                self.a.subscribe(aChild)
                self.b.subscribe(bChild)
            }
        }
    }

    /// A publisher that receives and combines the latest elements from its upstream publishers (3 upstream publishers).
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, A.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombineLatestCoordinator<S>(count: 3, downstream: subscriber)
            var layout = TupleLayout()
            let aChild = CombineLatestChild<A.Output, S>(coordinator: coordinator, index: 0, offset: layout.place(A.Output.self))
            let bChild = CombineLatestChild<B.Output, S>(coordinator: coordinator, index: 1, offset: layout.place(B.Output.self))
            let cChild = CombineLatestChild<C.Output, S>(coordinator: coordinator, index: 2, offset: layout.place(C.Output.self))
            precondition(layout.matches(Output.self), "combineLatest placed its elements unlike Swift's own tuple layout: please report this")
            coordinator.start(downstream: subscriber, children: [aChild, bChild, cChild]) {
                self.a.subscribe(aChild)
                self.b.subscribe(bChild)
                self.c.subscribe(cChild)
            }
        }
    }

    /// A publisher that receives and combines the latest elements from its upstream publishers (4 upstream publishers).
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombineLatestCoordinator<S>(count: 4, downstream: subscriber)
            var layout = TupleLayout()
            let aChild = CombineLatestChild<A.Output, S>(coordinator: coordinator, index: 0, offset: layout.place(A.Output.self))
            let bChild = CombineLatestChild<B.Output, S>(coordinator: coordinator, index: 1, offset: layout.place(B.Output.self))
            let cChild = CombineLatestChild<C.Output, S>(coordinator: coordinator, index: 2, offset: layout.place(C.Output.self))
            let dChild = CombineLatestChild<D.Output, S>(coordinator: coordinator, index: 3, offset: layout.place(D.Output.self))
            precondition(layout.matches(Output.self), "combineLatest placed its elements unlike Swift's own tuple layout: please report this")
            coordinator.start(downstream: subscriber, children: [aChild, bChild, cChild, dChild]) {
                self.a.subscribe(aChild)
                self.b.subscribe(bChild)
                self.c.subscribe(cChild)
                self.d.subscribe(dChild)
            }
        }
    }

}
