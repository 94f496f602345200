import Foundation
import RxKit

/// Shows that RxKit's `MainScheduler` works in a Linux command-line program: an element sent from a
/// background thread is delivered on the main queue, which runs only while the main thread spins the
/// main run loop (`RunLoop.main.run(until:)`; `dispatchMain()` would work too, but never returns).
/// Returns whether the element arrived within `timeout` seconds (a hang guard, not a timing check).
func mainSchedulerCheck(timeout: TimeInterval = 10) -> Bool {
    let relay = BehaviorRelay(value: "waiting")
    var deliveredOnMain = false
    let subscription = relay
        .observe(on: MainScheduler.instance)
        .subscribe(onNext: { value in
            if value != "waiting" { deliveredOnMain = Thread.isMainThread }
        })
    DispatchQueue.global().async { relay.accept("sent from a background thread") }
    let deadline = Date().addingTimeInterval(timeout)
    while !deliveredOnMain && Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.01))
    }
    subscription.dispose()
    return deliveredOnMain
}
