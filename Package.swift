// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WrapHStack",
    products: [
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .executable(name: "flow-layout", targets: ["flow-layout"]),
    ],
    targets: [
        // Pure Swift flow-layout engine: no GTK, no Foundation.
        .target(name: "FlowEngine"),
        // The JSON schema of `flow-layout` (input options and items, output frames), pure Swift.
        .target(name: "FlowJSON", dependencies: ["FlowEngine"]),
        .executableTarget(name: "flow-layout", dependencies: ["FlowEngine", "FlowJSON"]),

        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "FlowJSON"],
                    exclude: ["CSSReference"]),
        .testTarget(name: "FlowJSONTests", dependencies: ["FlowEngine", "FlowJSON"]),
        // Runs the built `flow-layout` binary as a user would.
        .testTarget(name: "FlowLayoutCommandTests", dependencies: ["flow-layout"]),
    ],
    swiftLanguageModes: [.v6]
)
