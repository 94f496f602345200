import Foundation
import RxKit

// Until the sample features land, the demo runs a small RxKit pipeline twice:
// once in virtual time (HistoricalScheduler) printing its timeline, and once on MainScheduler,
// driven by the main run loop (how MainScheduler works on Linux).

let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
let input = PublishSubject<Int>()
var timeline: [String] = []
func stamp() -> String { String(format: "t=%3.0fs", scheduler.now.timeIntervalSince1970) }

let subscription = input
    .map { $0 * 10 }
    .filter { $0 != 20 }
    .subscribe(
        onNext: { timeline.append("\(stamp())  next(\($0))") },
        onError: { timeline.append("\(stamp())  error(\($0))") },
        onCompleted: { timeline.append("\(stamp())  completed") }
    )

for (second, value) in [(1, 1), (2, 2), (3, 3)] {
    _ = scheduler.scheduleRelative(value, dueTime: .seconds(second)) { value in
        input.onNext(value)
        return Disposables.create()
    }
}
_ = scheduler.scheduleRelative((), dueTime: .seconds(4)) { _ in
    input.onCompleted()
    return Disposables.create()
}
scheduler.start()
subscription.dispose()

print("RxKit demo: subject -> map { $0 * 10 } -> filter { $0 != 20 }, in virtual time")
timeline.forEach { print("  " + $0) }

// MainScheduler on Linux: work scheduled from another thread runs once the main run loop spins.
let relay = BehaviorRelay(value: "waiting")
let mainBag = DisposeBag()
relay.subscribe(onNext: { print("  main thread? \(Thread.isMainThread)  value: \($0)") }).disposed(by: mainBag)
DispatchQueue.global().async {
    _ = MainScheduler.instance.schedule(()) { _ in
        relay.accept("delivered on MainScheduler")
        return Disposables.create()
    }
}
print("MainScheduler (driven by RunLoop.main):")
let deadline = Date().addingTimeInterval(2)
while relay.value == "waiting" && Date() < deadline {
    RunLoop.main.run(until: Date().addingTimeInterval(0.01))
}
exit(relay.value == "waiting" ? 1 : 0)
