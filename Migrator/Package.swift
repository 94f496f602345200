// swift-tools-version: 6.1
import PackageDescription

// rxmigrate: scans an RxSwift codebase, switches it to RxKit, and converts Rx-style code to Combine style.
// A separate package so the main package keeps no dependencies. See README.md.
// SwiftPM names a path dependency after its folder, which is whatever the clone is called.
let mainPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "ReactiveBridge")

let package = Package(
    name: "Migrator",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "rxmigrate", targets: ["rxmigrate"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        .target(
            name: "MigratorCore",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "rxmigrate",
            dependencies: [
                "MigratorCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Times `scan` on a large generated tree (see README.md, "Speed"); not a test.
        .executableTarget(name: "scan-benchmark", dependencies: ["MigratorCore"]),
        .testTarget(
            name: "MigratorTests",
            dependencies: ["MigratorCore"],
            exclude: ["Fixtures"]
        ),
        // The golden outputs of `convert` (the fixtures' and the samples' Rx view models), compiled against CombineKit
        // and CombineKitExt: "the converted code compiles" is checked by this target's build.
        .testTarget(
            name: "ConvertedFixtures",
            dependencies: [
                .product(name: "CombineKit", package: mainPackage),
                .product(name: "CombineKitExt", package: mainPackage),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
