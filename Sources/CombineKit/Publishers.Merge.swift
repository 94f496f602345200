extension Publisher {
    /// Combines elements from this publisher with those from another publisher of the same type,
    /// delivering an interleaved sequence of elements.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where Failure == P.Failure, Output == P.Output {
        Publishers.Merge(self, other)
    }

    /// Combines elements from this publisher with those from 2 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output {
        Publishers.Merge3(self, b, c)
    }

    /// Combines elements from this publisher with those from 3 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D) -> Publishers.Merge4<Self, B, C, D> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output, Failure == D.Failure, Output == D.Output {
        Publishers.Merge4(self, b, c, d)
    }

    /// Combines elements from this publisher with those from 4 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E) -> Publishers.Merge5<Self, B, C, D, E> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output, Failure == D.Failure, Output == D.Output, Failure == E.Failure, Output == E.Output {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Combines elements from this publisher with those from 5 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F) -> Publishers.Merge6<Self, B, C, D, E, F> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output, Failure == D.Failure, Output == D.Output, Failure == E.Failure, Output == E.Output, Failure == F.Failure, Output == F.Output {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Combines elements from this publisher with those from 6 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) -> Publishers.Merge7<Self, B, C, D, E, F, G> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output, Failure == D.Failure, Output == D.Output, Failure == E.Failure, Output == E.Output, Failure == F.Failure, Output == F.Output, Failure == G.Failure, Output == G.Output {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Combines elements from this publisher with those from 7 other publishers, delivering an interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) -> Publishers.Merge8<Self, B, C, D, E, F, G, H> where Failure == B.Failure, Output == B.Output, Failure == C.Failure, Output == C.Output, Failure == D.Failure, Output == D.Output, Failure == E.Failure, Output == E.Output, Failure == F.Failure, Output == F.Output, Failure == G.Failure, Output == G.Output, Failure == H.Failure, Output == H.Output {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }

}

extension Publishers {
    /// A publisher created by applying the merge function to 2 upstream publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 2, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 3 upstream publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 3, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 4 upstream publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output, A.Failure == D.Failure, A.Output == D.Output {
        public typealias Output = A.Output
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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 4, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
                coordinator.attach(d, at: 3) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 5 upstream publishers.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output, A.Failure == D.Failure, A.Output == D.Output, A.Failure == E.Failure, A.Output == E.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 5, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
                coordinator.attach(d, at: 3) { $0 }
                coordinator.attach(e, at: 4) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 6 upstream publishers.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output, A.Failure == D.Failure, A.Output == D.Output, A.Failure == E.Failure, A.Output == E.Output, A.Failure == F.Failure, A.Output == F.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 6, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
                coordinator.attach(d, at: 3) { $0 }
                coordinator.attach(e, at: 4) { $0 }
                coordinator.attach(f, at: 5) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 7 upstream publishers.
    public struct Merge7<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output, A.Failure == D.Failure, A.Output == D.Output, A.Failure == E.Failure, A.Output == E.Output, A.Failure == F.Failure, A.Output == F.Output, A.Failure == G.Failure, A.Output == G.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 7, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
                coordinator.attach(d, at: 3) { $0 }
                coordinator.attach(e, at: 4) { $0 }
                coordinator.attach(f, at: 5) { $0 }
                coordinator.attach(g, at: 6) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to 8 upstream publishers.
    public struct Merge8<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output, A.Failure == C.Failure, A.Output == C.Output, A.Failure == D.Failure, A.Output == D.Output, A.Failure == E.Failure, A.Output == E.Output, A.Failure == F.Failure, A.Output == F.Output, A.Failure == G.Failure, A.Output == G.Output, A.Failure == H.Failure, A.Output == H.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G
        public let h: H

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let coordinator = CombiningCoordinator<Output, S>(count: 8, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                coordinator.attach(a, at: 0) { $0 }
                coordinator.attach(b, at: 1) { $0 }
                coordinator.attach(c, at: 2) { $0 }
                coordinator.attach(d, at: 3) { $0 }
                coordinator.attach(e, at: 4) { $0 }
                coordinator.attach(f, at: 5) { $0 }
                coordinator.attach(g, at: 6) { $0 }
                coordinator.attach(h, at: 7) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to an arbitrary number of upstream publishers.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard !publishers.isEmpty else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let coordinator = CombiningCoordinator<Output, S>(count: publishers.count, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                for (index, publisher) in publishers.enumerated() {
                    coordinator.attach(publisher, at: index) { $0 }
                }
            }
        }

        /// Adds one more publisher of the same type to merge, staying a `MergeMany`; Combine's
        /// `Publishers.MergeMany.merge(with:)` (developer.apple.com/documentation/combine/publishers/mergemany).
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}

// Specialisations: merging into a merge widens it instead of nesting it, as Combine declares on
// `Publishers.Merge` … `Publishers.Merge7` (one to six more publishers, never past `Merge8`;
// developer.apple.com/documentation/combine/publishers/merge, .../merge3 … .../merge7, e.g.
// `Merge5.merge(with:_:_:) -> Merge8<A, B, C, D, E, Z, Y, X>`; OpenCombine's
// Sources/OpenCombine/Publishers/Publishers.Merge.swift.gyb). Each wider form is the one-publisher form applied
// again, so `m.merge(with: z, y)` is `m.merge(with: z).merge(with: y)`.
extension Publishers.Merge {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge3<A, B, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge3(a, b, other)
    }

    /// Adds two more publishers to this merge; Combine's `Publishers.Merge.merge(with:_:)`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output
    {
        self.merge(with: z).merge(with: y)
    }

    /// Adds three more publishers to this merge; Combine's `Publishers.Merge.merge(with:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge5<A, B, Z, Y, X>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x)
    }

    /// Adds four more publishers to this merge; Combine's `Publishers.Merge.merge(with:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W) -> Publishers.Merge6<A, B, Z, Y, X, W>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w)
    }

    /// Adds five more publishers to this merge; Combine's `Publishers.Merge.merge(with:_:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output, V.Failure == Failure, V.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w).merge(with: v)
    }

    /// Adds six more publishers to this merge; Combine's `Publishers.Merge.merge(with:_:_:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output, V.Failure == Failure, V.Output == Output, U.Failure == Failure, U.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w).merge(with: v).merge(with: u)
    }
}

extension Publishers.Merge3 {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge3.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge4<A, B, C, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge4(a, b, c, other)
    }

    /// Adds two more publishers to this merge; Combine's `Publishers.Merge3.merge(with:_:)`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge5<A, B, C, Z, Y>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output
    {
        self.merge(with: z).merge(with: y)
    }

    /// Adds three more publishers to this merge; Combine's `Publishers.Merge3.merge(with:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge6<A, B, C, Z, Y, X>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x)
    }

    /// Adds four more publishers to this merge; Combine's `Publishers.Merge3.merge(with:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W) -> Publishers.Merge7<A, B, C, Z, Y, X, W>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w)
    }

    /// Adds five more publishers to this merge; Combine's `Publishers.Merge3.merge(with:_:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output, V.Failure == Failure, V.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w).merge(with: v)
    }
}

extension Publishers.Merge4 {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge4.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge5<A, B, C, D, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge5(a, b, c, d, other)
    }

    /// Adds two more publishers to this merge; Combine's `Publishers.Merge4.merge(with:_:)`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output
    {
        self.merge(with: z).merge(with: y)
    }

    /// Adds three more publishers to this merge; Combine's `Publishers.Merge4.merge(with:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge7<A, B, C, D, Z, Y, X>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x)
    }

    /// Adds four more publishers to this merge; Combine's `Publishers.Merge4.merge(with:_:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W) -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output, W.Failure == Failure, W.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x).merge(with: w)
    }
}

extension Publishers.Merge5 {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge5.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge6<A, B, C, D, E, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge6(a, b, c, d, e, other)
    }

    /// Adds two more publishers to this merge; Combine's `Publishers.Merge5.merge(with:_:)`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output
    {
        self.merge(with: z).merge(with: y)
    }

    /// Adds three more publishers to this merge; Combine's `Publishers.Merge5.merge(with:_:_:)`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output, X.Failure == Failure, X.Output == Output
    {
        self.merge(with: z).merge(with: y).merge(with: x)
    }
}

extension Publishers.Merge6 {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge6.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge7<A, B, C, D, E, F, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge7(a, b, c, d, e, f, other)
    }

    /// Adds two more publishers to this merge; Combine's `Publishers.Merge6.merge(with:_:)`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
        where Z.Failure == Failure, Z.Output == Output, Y.Failure == Failure, Y.Output == Output
    {
        self.merge(with: z).merge(with: y)
    }
}

extension Publishers.Merge7 {
    /// Adds one more publisher to this merge; Combine's `Publishers.Merge7.merge(with:)`.
    public func merge<Z: Publisher>(with other: Z) -> Publishers.Merge8<A, B, C, D, E, F, G, Z> where Z.Failure == Failure, Z.Output == Output {
        Publishers.Merge8(a, b, c, d, e, f, g, other)
    }
}
