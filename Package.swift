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
        .executable(name: "demo", targets: ["Demo"]),
        .library(name: "CombineKit", targets: ["CombineKit"]),
        .library(name: "CombineKitTest", targets: ["CombineKitTest"]),
        .library(name: "CombineKitExt", targets: ["CombineKitExt"]),
        .library(name: "RxCombineBridge", targets: ["RxCombineBridge"]),
    ],
    targets: [
        .target(name: "RxKit"),
        .target(name: "GrammarChecking"),
        .target(name: "RxKitTest", dependencies: ["RxKit", "GrammarChecking"]),
        .executableTarget(name: "Demo", dependencies: ["RxKit"], path: "Samples/Demo"),
        .testTarget(name: "RxKitTests", dependencies: ["RxKit", "RxKitTest"]),
        .target(name: "CombineKit"),
        .target(name: "CombineKitTest", dependencies: ["CombineKit", "GrammarChecking"]),
        .testTarget(name: "CombineKitTests", dependencies: ["CombineKit", "CombineKitTest"]),
        .target(name: "CombineKitExt", dependencies: ["CombineKit"]),
        .testTarget(name: "CombineKitExtTests", dependencies: ["CombineKitExt", "CombineKit", "CombineKitTest"]),
        .target(name: "RxCombineBridge", dependencies: ["RxKit", "CombineKit"]),
        .testTarget(name: "RxCombineBridgeTests", dependencies: ["RxCombineBridge", "RxKit", "RxKitTest", "CombineKit", "CombineKitTest"]),
        .testTarget(name: "ReliabilityTests", dependencies: [
            "RxKit", "RxKitTest", "CombineKit", "CombineKitTest", "CombineKitExt", "RxCombineBridge", "GrammarChecking",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
