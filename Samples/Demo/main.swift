import CurrencySample
import Foundation
import LiveQuerySample
import LocationSearchSample
import PostsSample
import ParityHarness
import TodoListSample

// `swift run demo [feature…]`: plays each sample feature's scripted user session in virtual time in
// three styles (Rx, Combine, mixed), prints what each style's headless view displayed side by side, and
// a parity verdict. Exits 1 if any style differs, 2 on a usage error.

/// A feature the demo can run.
struct Feature {
    let name: String
    let run: () -> FeatureRun
}

let features: [Feature] = [
    Feature(name: CurrencyDemo.name, run: CurrencyDemo.run),
    Feature(name: LocationSearchDemo.name, run: LocationSearchDemo.run),
    Feature(name: PostsDemo.name, run: PostsDemo.run),
    Feature(name: PostsFeedDemo.name, run: PostsFeedDemo.run),
    Feature(name: TodoListDemo.name, run: TodoListDemo.run),
    Feature(name: LiveQueryDemo.name, run: LiveQueryDemo.run),
]

@MainActor func usage() -> String {
    """
    usage: swift run demo [feature…]

    Runs each feature's scripted session in Rx, Combine and mixed style (virtual time) and prints the
    display timelines side by side with a parity verdict. With no feature, runs them all.
    Exit status: 0 when every style shows the same timeline, 1 when one differs, 2 on a usage error.

    features:
    \(features.map { "  " + $0.name }.joined(separator: "\n"))
    """
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage())
    exit(0)
}
let unknown = arguments.filter { name in !features.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("demo: unknown feature \(unknown.joined(separator: ", "))\n\n\(usage())\n".utf8))
    exit(2)
}
let selected = arguments.isEmpty ? features : features.filter { arguments.contains($0.name) }

var failed: [String] = []
for (index, feature) in selected.enumerated() {
    if index > 0 { print("") }
    let run = feature.run()
    print(run.report())
    if !run.verdict.passed { failed.append(feature.name) }
}
print("")
if failed.isEmpty {
    print("All \(selected.count) feature(s) at parity across Rx, Combine and Mixed.")
} else {
    print("Parity FAILED for: \(failed.joined(separator: ", "))")
}
var mainSchedulerWorks = true
if arguments.isEmpty {
    // The features above run in virtual time; this one uses the real main queue.
    mainSchedulerWorks = mainSchedulerCheck()
    print(mainSchedulerWorks
          ? "MainScheduler: an element sent from a background thread arrived on the main thread (the demo spins RunLoop.main)."
          : "MainScheduler: FAILED — the element never reached the main thread.")
}
exit(failed.isEmpty && mainSchedulerWorks ? 0 : 1)
