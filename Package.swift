// swift-tools-version:6.0
// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import PackageDescription

let package = Package(
    name: "WrapHStack",
    products: [
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .library(name: "FlowBridge", targets: ["FlowBridge"]),
        .executable(name: "flow-layout", targets: ["flow-layout"]),
        .executable(name: "tag-editor", targets: ["tag-editor"]),
        .executable(name: "flow-bench", targets: ["flow-bench"]),
        .executable(name: "filetags", targets: ["filetags"]),
        // libflow-1.so: the Flow GObject API for every language, its C classes with their Swift
        // controllers, the bridge and the engine (Resources/scripts/gir.sh builds it and its
        // typelib, install-library.sh installs it).
        .library(name: "flow-1", type: .dynamic, targets: ["FlowLibrary"]),
    ],
    targets: [
        // Pure Swift flow-layout engine: no GTK, no Foundation.
        .target(name: "FlowEngine"),
        // A small, strict JSON reader and writer, pure Swift (no Foundation).
        .target(name: "JSON"),
        // The JSON schema of `flow-layout` (input options and items, output frames), pure Swift.
        .target(name: "FlowJSON", dependencies: ["FlowEngine", "JSON"]),
        // A deterministic random generator for the tests and the benchmarks.
        .target(name: "FlowTestSupport"),
        .executableTarget(name: "flow-layout", dependencies: ["FlowEngine", "FlowJSON", "JSON"]),

        // GTK 4's C API, through pkg-config (Debian: libgtk-4-dev).
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // libadwaita 1.2, for the tag editor only (Debian: libadwaita-1-dev); the Flow library stays GTK-only.
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // The tag editor's windows (Resources/ui) compiled into a GResource by glib-compile-resources
        // and built into the program.
        .plugin(name: "GResourceCompiler", capability: .buildTool()),
        // GObject plumbing for Swift: widget references, signals with Swift closures, main-loop helpers.
        .target(name: "GObjectSupport", dependencies: ["CGtk"]),
        // The Flow GObject library's C side, GNU style as GTK's: the classes (FlowWrapLayout,
        // FlowWrapLayoutChild, FlowWrapHStack, FlowWrapListView), the enums, the length units,
        // the layout properties' table, and the widgets the fixed placement and the scrolled window
        // use. Public headers in include/flow (flow.h includes them), private ones in
        // include/flow-private. The classes reach their Swift controllers through one table of
        // function pointers that FlowBridge registers when loaded: no link-time call into Swift.
        .target(name: "CFlow", dependencies: ["CGtk"]),
        // The GObject API's Swift side: the enums and the property values mapped to the engine's.
        .target(name: "FlowGObject", dependencies: ["FlowEngine", "CFlow", "CGtk"]),
        // WrapHStack: the GTK 4 container over the engine, and the controllers of the C classes.
        .target(name: "FlowBridge", dependencies: ["FlowEngine", "FlowGObject", "GObjectSupport", "CGtk", "CFlow"]),

        // libflow-1.so's link options, for that product only: the Swift runtime linked in (so it
        // runs without a toolchain), its SONAME, and a version script that exports the C API's
        // flow_* symbols alone.
        .target(name: "FlowLibrary", dependencies: ["FlowBridge"], exclude: ["flow-1.map"],
                linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "-soname=libflow-1.so.0",
                                               "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/FlowLibrary/flow-1.map"])]),

        // The tag editor's data: the user's collection, file tags (xattrs), tag rules. No GTK.
        .target(name: "CSystemCalls"),
        // SQLite through pkg-config (Debian: libsqlite3-dev): the journal of the tags each file
        // carried when last seen.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // xxHash through pkg-config (Debian: libxxhash-dev): the journal's content fingerprints.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // Its release build leaves out the dynamic exclusivity checks: the folder walk's readers and
        // counters are classes a thread owns alone, and the checks' bookkeeping on every access
        // of their arrays was a tenth of a filetags list (BENCHMARKS.md); the debug build, which
        // the tests run, keeps them.
        .target(name: "TagData", dependencies: ["JSON", "CSystemCalls", "CSQLite", "CXXHash"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
                // The translations (po/), compiled for a run from the build tree.
                plugins: ["GResourceCompiler"]),
        // Its release build links the Swift runtime and Foundation in: what the README's run command
        // and install.sh build, and what flow-bench times; the dynamic libraries' symbol lookups
        // were about 10 ms of every start-up (BENCHMARKS.md, "Where start-up goes").
        .executableTarget(name: "tag-editor", dependencies: ["FlowBridge", "FlowEngine", "FlowJSON", "JSON", "GObjectSupport",
                                                             "TagData", "CGtk", "CAdw"],
                          swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                          plugins: ["GResourceCompiler"]),
        // Tags across folder trees from the command line: list, find, rename, merge, delete.
        .executableTarget(name: "filetags", dependencies: ["TagData", "JSON"]),
        // Benchmarks: the engine against its limit, WrapHStack against GtkFlowBox (release build).
        .executableTarget(name: "flow-bench", dependencies: ["FlowEngine", "FlowBridge", "GObjectSupport", "JSON", "CGtk",
                                                             "FlowTestSupport", "TagData"]),
        // A short program to read: WrapHStack with inline and data-driven content, and the same
        // window from a GtkBuilder file (--ui).
        .executableTarget(name: "wraphstack-example", dependencies: ["FlowBridge", "GObjectSupport", "CGtk"],
                          exclude: ["window.ui"]),
        // A short program to read: WrapListView, the virtualized list, over many tags.
        .executableTarget(name: "wraplist-example", dependencies: ["FlowBridge", "GObjectSupport", "CGtk"]),

        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "FlowJSON", "JSON", "FlowTestSupport"],
                    exclude: ["CSSReference"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "FlowTestSupport"]),
        .testTarget(name: "FlowJSONTests", dependencies: ["FlowEngine", "FlowJSON", "JSON"]),
        // What the editor does with a collection, without GTK: GrowthTests count its
        // instructions at several sizes (callgrind) to catch work that grows faster than the list.
        .executableTarget(name: "collection-workload", dependencies: ["TagData"], path: "Tests/CollectionWorkload"),
        .testTarget(name: "TagDataTests", dependencies: ["TagData", "collection-workload", "FlowTestSupport"]),
        .testTarget(name: "FlowGObjectTests", dependencies: ["FlowGObject", "FlowEngine", "CFlow", "CGtk",
                                                             "GObjectSupport", "FlowBridge", "FlowTestSupport"]),
        .testTarget(name: "FlowBridgeTests", dependencies: ["FlowBridge", "FlowEngine", "FlowGObject", "GObjectSupport",
                                                            "CGtk", "CFlow", "FlowTestSupport"]),
        .testTarget(name: "TagEditorTests", dependencies: ["tag-editor", "TagData", "FlowBridge", "FlowJSON", "JSON", "CAdw",
                                                           "FlowEngine", "GObjectSupport", "CGtk"]),
        // Runs the built `tag-editor` binary as a user would: its own Xvfb, xdotool, real files,
        // other processes writing meanwhile.
        .testTarget(name: "TagEditorEndToEndTests", dependencies: ["tag-editor", "wraplist-example", "wraphstack-example", "CSystemCalls",
                                                                   "FlowTestSupport"],
                    exclude: ["third_writer.py", "drag_files.py", "drag_files_gtk3.py", "atspi_chips.py"]),
        // Runs the built `flow-layout` binary as a user would.
        .testTarget(name: "FlowLayoutCommandTests", dependencies: ["flow-layout", "FlowTestSupport"]),
        // Runs the built `filetags` binary over generated trees, with another writer meanwhile.
        .testTarget(name: "FiletagsTests", dependencies: ["filetags", "CSystemCalls", "FlowTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
