// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// libFuzzer entry point for the engine. Built by Resources/scripts/fuzz.sh together with the
// engine's sources and Tests/FlowEngineTests/FuzzInput.swift:
//     swiftc -sanitize=fuzzer,address -parse-as-library Sources/FlowEngine/*.swift \
//            Sources/FlowEngine/LineBreaking/*.swift Sources/FlowEngine/LineTable/*.swift \
//            Tests/FlowEngineTests/FuzzInput.swift Tests/Fuzz/FlowEngineFuzzer.swift
// A broken invariant stops the run with the input saved; keep such inputs in Tests/Fuzz/Regressions/
// (FuzzRegressionTests replays them).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = FuzzCase(bytes).violation() {
        fatalError("invariant broken: \(problem)")
    }
    return 0
}
