// swift-tools-version: 6.1
import PackageDescription

// ReactiveBridge: an RxSwift-style module (RxKit), a Combine-style module (CombineKit), and the pieces
// that let an app move from one to the other a layer at a time. No package dependencies by design.
let package = Package(
    name: "ReactiveBridge",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "RxKit", targets: ["RxKit"]),
        .library(name: "RxKitTest", targets: ["RxKitTest"]),
        .library(name: "RxKitBlocking", targets: ["RxKitBlocking"]),
        .executable(name: "demo", targets: ["Demo"]),
        .library(name: "CombineKit", targets: ["CombineKit"]),
        .library(name: "CombineKitTest", targets: ["CombineKitTest"]),
        .library(name: "CombineKitExt", targets: ["CombineKitExt"]),
        .library(name: "RxCombineBridge", targets: ["RxCombineBridge"]),
        .library(name: "ParityTesting", targets: ["ParityTesting"]),
        .library(name: "ParityHarness", targets: ["ParityHarness"]),
    ],
    targets: [
        .target(name: "ReactiveBridgeAtomics"),
        // The package's internal primitives (the lock, atomic words, ValueRing, PositionalElements): `package`
        // access only, shared by every module, part of no product's API.
        .target(name: "ReactiveBridgePrimitives", dependencies: ["ReactiveBridgeAtomics"]),
        .testTarget(name: "ReactiveBridgePrimitivesTests", dependencies: ["ReactiveBridgePrimitives", "ReactiveBridgeAtomics"]),
        .target(name: "RxKit", dependencies: ["ReactiveBridgeAtomics", "ReactiveBridgePrimitives"]),
        .target(name: "GrammarChecking", dependencies: ["ReactiveBridgePrimitives"]),
        .target(name: "RxKitTest", dependencies: ["RxKit", "GrammarChecking", "ReactiveBridgePrimitives"]),
        .target(name: "RxKitBlocking", dependencies: ["RxKit", "ReactiveBridgePrimitives"]),
        .executableTarget(name: "Demo", dependencies: ["RxKit", "ParityHarness", "CurrencySample", "LocationSearchSample", "PostsSample",
                                                      "TodoListSample", "LiveQuerySample"],
                          path: "Samples/Demo"),
        .testTarget(name: "RxKitTests", dependencies: ["RxKit", "RxKitTest", "RxKitBlocking", "ReactiveBridgePrimitives"]),
        .testTarget(name: "RxKitBlockingTests", dependencies: ["RxKitBlocking", "RxKit"]),
        // App-style use of RxKit in Swift 6 language mode, with no @preconcurrency import: must build warning-free.
        .testTarget(name: "Swift6ModeTests", dependencies: ["RxKit", "RxKitTest"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "CombineKit", dependencies: ["ReactiveBridgeAtomics", "ReactiveBridgePrimitives"]),
        .target(name: "CombineKitTest", dependencies: ["CombineKit", "GrammarChecking", "ReactiveBridgePrimitives"]),
        .testTarget(name: "CombineKitTests", dependencies: ["CombineKit", "CombineKitTest", "ReactiveBridgePrimitives"]),
        .target(name: "CombineKitExt", dependencies: ["CombineKit", "ReactiveBridgePrimitives"]),
        .testTarget(name: "CombineKitExtTests", dependencies: ["CombineKitExt", "CombineKit", "CombineKitTest"]),
        .target(name: "RxCombineBridge", dependencies: ["RxKit", "CombineKit", "ReactiveBridgePrimitives"]),
        .testTarget(name: "RxCombineBridgeTests", dependencies: ["RxCombineBridge", "RxKit", "RxKitTest", "CombineKit", "CombineKitTest"]),
        .target(name: "ParityTesting", dependencies: ["ParityHarness", "RxKit", "RxKitTest", "CombineKit", "CombineKitTest", "RxCombineBridge"]),
        .testTarget(name: "ParityTestingTests", dependencies: ["ParityTesting", "ParityHarness", "RxKit", "RxKitTest", "CombineKit", "CombineKitTest", "RxCombineBridge"]),
        .testTarget(name: "OperatorParityTests", dependencies: ["ParityTesting", "RxKit", "RxKitTest", "RxKitBlocking", "CombineKit", "CombineKitTest", "CombineKitExt", "RxCombineBridge"]),
        // Scripted sessions, display and event recorders, side-by-side tables: a feature run in every style.
        .target(name: "ParityHarness", dependencies: ["RxKit", "CombineKit"]),
        .testTarget(name: "ParityHarnessTests", dependencies: ["ParityHarness", "RxKit", "RxKitTest", "CombineKit"]),
        // Samples: each feature in three styles (Rx, Combine, mixed), played by ParityHarness.
        .target(name: "CurrencySample", dependencies: ["ParityHarness", "RxKit", "CombineKit", "CombineKitExt", "RxCombineBridge"],
                path: "Samples/Currency", resources: [.copy("rates.json")]),
        .target(name: "LocationSearchSample", dependencies: ["ParityHarness", "RxKit", "CombineKit", "CombineKitExt", "RxCombineBridge"],
                path: "Samples/LocationSearch"),
        .target(name: "PostsSample", dependencies: ["ParityHarness", "RxKit", "CombineKit", "CombineKitExt", "RxCombineBridge"],
                path: "Samples/Posts"),
        .target(name: "TodoListSample", dependencies: ["ParityHarness", "RxKit", "CombineKit", "CombineKitExt", "RxCombineBridge"],
                path: "Samples/TodoList"),
        .target(name: "LiveQuerySample", dependencies: ["ParityHarness", "RxKit", "CombineKit", "CombineKitExt", "RxCombineBridge"],
                path: "Samples/LiveQuery"),
        .testTarget(name: "SampleTests", dependencies: [
            "ParityHarness", "RxKit", "RxKitTest", "CombineKit", "CombineKitExt", "RxCombineBridge",
            "CurrencySample", "LocationSearchSample", "PostsSample", "TodoListSample", "LiveQuerySample",
        ]),
        .testTarget(name: "SampleParityTests", dependencies: [
            "ParityHarness", "ParityTesting", "RxKit", "RxKitTest", "CombineKit",
            "CurrencySample", "LocationSearchSample", "PostsSample", "TodoListSample", "LiveQuerySample",
        ]),
        // Grammar, stress (also under TSan in .ci/run), leak, differential and misuse suites.
        .testTarget(name: "ReliabilityTests", dependencies: [
            "RxKit", "RxKitTest", "CombineKit", "CombineKitTest", "CombineKitExt", "RxCombineBridge", "GrammarChecking", "ParityTesting",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
