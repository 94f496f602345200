// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for ReactiveBridge: the same scenarios written with hand-written closures (the floor), RxKit,
// CombineKit, OpenCombine, and bridged both ways through RxCombineBridge, printed as ns/event,
// allocations/event and ratios. A separate package so the main package keeps no dependencies. See README.md.
// SwiftPM names a path dependency after its folder, which is whatever the clone is called.
let mainPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "ReactiveBridge")

let package = Package(
    name: "ReactiveBridgeBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        // Counts heap allocations by interposing malloc & co. (Linux only; elsewhere it reports "n/a").
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "reactive-bench",
            dependencies: [
                "MallocCounter",
                .product(name: "RxKit", package: mainPackage),
                .product(name: "CombineKit", package: mainPackage),
                .product(name: "CombineKitExt", package: mainPackage),
                .product(name: "RxCombineBridge", package: mainPackage),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),  // receive(on:)/subscribe(on:) a DispatchQueue
            ],
            swiftSettings: [
                // Each implementation file imports only what it uses (the bridged ones RxKit, CombineKit and
                // RxCombineBridge); without this, extension members such as `Sequence.publisher` from
                // CombineKit and OpenCombine would leak into every file and clash.
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
        // One CombineKitExt or RxKit operator pumped from a subject, for `probe-ext.sh` (callgrind); see README.md.
        .executableTarget(
            name: "ext-probe",
            dependencies: [
                .product(name: "RxKit", package: mainPackage),
                .product(name: "CombineKit", package: mainPackage),
                .product(name: "CombineKitExt", package: mainPackage),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]  // as reactive-bench: each file sees only its imports
        ),
    ],
    swiftLanguageModes: [.v6]
)
