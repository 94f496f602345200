import Dispatch
@testable import RxKit
import Testing

/// `SinkBase` disposes its upstream subscription exactly once, whichever of `attachUpstream`, `dispose()`
/// and `disposeUpstreamEarly()` come, in any order (the early release is what a flattening sink does when
/// its outer sequence completes while inners still run).
@Suite struct SinkBaseUpstreamTests {
    /// A sink that passes nothing on; the tests drive its upstream directly.
    final class QuietSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {}

    final class Counter {
        var disposals = 0
    }

    static func makeSink() -> QuietSink<AnyObserver<Int>> {
        QuietSink(observer: AnyObserver { _ in }, cancel: nil)
    }

    @Test func anEarlyReleaseDisposesTheAttachedUpstreamAndLeavesTheSinkOpen() {
        let counter = Counter()
        let sink = Self.makeSink()
        sink.attachUpstream(Disposables.create { counter.disposals += 1 })
        sink.disposeUpstreamEarly()
        #expect(counter.disposals == 1)
        #expect(!sink.isDisposed)
        sink.disposeUpstreamEarly()
        sink.dispose()
        #expect(counter.disposals == 1)
        #expect(sink.isDisposed)
    }

    @Test func anEarlyReleaseBeforeTheUpstreamArrivesDisposesItOnArrival() {
        let counter = Counter()
        let sink = Self.makeSink()
        sink.disposeUpstreamEarly()
        sink.attachUpstream(Disposables.create { counter.disposals += 1 })
        #expect(counter.disposals == 1)
        sink.dispose()
        #expect(counter.disposals == 1)
    }

    @Test func anEarlyReleaseAfterDisposalDisposesNothingMore() {
        let counter = Counter()
        let sink = Self.makeSink()
        sink.attachUpstream(Disposables.create { counter.disposals += 1 })
        sink.dispose()
        #expect(counter.disposals == 1)
        sink.disposeUpstreamEarly()
        #expect(counter.disposals == 1)
    }

    @Test func withoutAnEarlyReleaseDisposalDisposesTheUpstreamOnce() {
        let counter = Counter()
        let sink = Self.makeSink()
        sink.attachUpstream(Disposables.create { counter.disposals += 1 })
        sink.dispose()
        sink.dispose()
        #expect(counter.disposals == 1)
    }

    /// Early release and disposal racing on two threads, with the upstream attached first or last: the
    /// upstream is disposed exactly once every time.
    @Test(arguments: [false, true])
    func racingReleaseAndDisposalDisposeTheUpstreamOnce(attachFirst: Bool) {
        for _ in 0..<500 {
            let disposals = LockedValues()
            let sink = Self.makeSink()
            let upstream = Disposables.create { disposals.append(1) }
            if attachFirst { sink.attachUpstream(upstream) }
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 { sink.disposeUpstreamEarly() } else { sink.dispose() }
            }
            if !attachFirst { sink.attachUpstream(upstream) }
            #expect(disposals.values.count == 1)
        }
    }
}

/// `ObserverNode.nodeMutex`: the mutex in a node's spare 32 bits, set up by `setUpNodeMutex(owner:)`.
@Suite struct ObserverNodeMutexTests {
    final class CountingNode: ObserverNode, @unchecked Sendable {
        var count = 0
        override init() {
            super.init()
            setUpNodeMutex(owner: "CountingNode")
        }
    }

    @Test func theNodeMutexSerialisesSeveralThreads() {
        let node = CountingNode()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 {
                node.nodeMutex.lock()
                node.count += 1
                node.nodeMutex.unlock()
            }
        }
        #expect(node.count == 40_000)
    }

    /// The mutex sits in padding: the node's flags around it keep their values.
    @Test func theNodeMutexLeavesTheFlagsAlone() {
        let node = CountingNode()
        node.hasElementLane = true
        node.hasOwnLink = true
        node.nodeMutex.lock()
        #expect(node.hasElementLane && node.hasOwnLink)
        #expect(!node.hasTerminalLane && !node.dropsSubscriptionOnDispose)
        node.nodeMutex.unlock()
        #expect(node.hasElementLane && node.hasOwnLink)
    }
}
