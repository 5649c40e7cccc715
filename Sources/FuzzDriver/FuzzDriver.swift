import CLibFuzzer
import Foundation

// The main of every fuzz target. Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer`
// (scripts/fuzz), it hands libFuzzer's driver the target's body; built normally, it replays the
// files named on the command line through the same body and prints what each gave, to
// reproduce a crash outside the fuzzer (`swift run TextFuzzer Tests/Fuzz/text-regressions/*`).

/// The body libFuzzer calls: a C function pointer cannot capture it, so the one fuzz target a
/// fuzzer process runs is handed over here. It belongs to the main actor: the process's main
/// thread sets it and runs libFuzzer's driver, which calls the body on that thread (checked at
/// run time by `MainActor.assumeIsolated`). Set once by ``fuzzMain(name:_:)``.
@MainActor private var target: (([UInt8]) -> String)?

/// Where each input is written before it runs when `FUZZ_LAST_INPUT` names a file (-1: not
/// asked for): a crash that corrupts the heap can deadlock libFuzzer's own handler before it
/// saves the input, and this copy is then the only one (scripts/fuzz keeps it as an artifact).
@MainActor private var lastInput: Int32 = -1

/// Runs `body` under libFuzzer, or over the files named on the command line (options starting
/// with `--` are left to the body). Never returns.
public func fuzzMain(name: String, _ body: sending @escaping ([UInt8]) -> String) -> Never {
    #if FUZZING
    MainActor.assumeIsolated {
        target = body
        if let path = ProcessInfo.processInfo.environment["FUZZ_LAST_INPUT"], !path.isEmpty {
            lastInput = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        _ = MainActor.assumeIsolated {
            if lastInput >= 0 { keep(bytes, in: lastInput) }
            return target?(bytes)
        }
        return 0
    })
    #else
    let paths = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
    guard !paths.isEmpty else {
        print("usage: \(name) FILE...   (replays inputs; scripts/fuzz builds the libFuzzer target)")
        exit(0)
    }
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
        print("\(path): \(body([UInt8](data)))")
    }
    exit(0)
    #endif
}

/// Replaces the contents of the open file `fd` with `bytes` (the kernel keeps what was written
/// when the process dies, so no flush is needed).
private func keep(_ bytes: [UInt8], in fd: Int32) {
    guard ftruncate(fd, 0) == 0 else { return }
    bytes.withUnsafeBytes { raw in
        var done = 0
        while done < raw.count {
            let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(done))
            guard n > 0 else { return }
            done += n
        }
    }
}
