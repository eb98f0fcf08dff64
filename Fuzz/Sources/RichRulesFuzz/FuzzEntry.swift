import Foundation

// The fuzz target: libFuzzer calls `fuzz` once per input. Every input goes through the
// whole pipeline a spec takes (`SpecPipeline`: compile, lint, emit, load the table and the
// automata back, render); an input that starts with `{` also goes the way of a style table
// that arrives at run time (`TablePipeline`): as JSON itself, and as the edits its bytes
// choose on a valid seed table (`TableMutator`). With `RICHRULES_FUZZ_TABLES=1` every
// input goes the table way only. A broken invariant prints what broke and aborts
// (`Failure.swift`), so libFuzzer saves the input as a crash.

/// `RICHRULES_FUZZ_TABLES=1`: only the table pipeline, for every input.
let tablesOnly = ProcessInfo.processInfo.environment["RICHRULES_FUZZ_TABLES"] == "1"
/// `RICHRULES_FUZZ_HTML=1`: every input is an HTML text, rendered by HTML specs (`HTMLPipeline`).
let htmlOnly = ProcessInfo.processInfo.environment["RICHRULES_FUZZ_HTML"] == "1"
/// `RICHRULES_FUZZ_STREAM=1`: every input is a text streamed in pieces (`StreamPipeline`).
let streamOnly = ProcessInfo.processInfo.environment["RICHRULES_FUZZ_STREAM"] == "1"

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if htmlOnly {
        HTMLPipeline.run(bytes)
        return 0
    }
    if streamOnly {
        StreamPipeline.run(bytes)
        return 0
    }
    let input = FuzzInput(bytes)
    if !tablesOnly { SpecPipeline.run(input) }
    if tablesOnly || bytes.first == UInt8(ascii: "{") {
        TablePipeline.run(Data(bytes), texts: input.texts)
        TablePipeline.runMutated(bytes, text: input.texts[0])
    }
    return 0
}

/// One input, split: the spec is everything before the first line `%%`, the text to render
/// everything after it (without the line, the spec's own text is rendered: it holds the
/// literal parts of its patterns). Invalid UTF-8 becomes U+FFFD, as in any `String`.
struct FuzzInput {
    /// The line that ends the spec and starts the text.
    static let separator = Array("\n%%\n".utf8)

    let spec: String
    /// The text derived from the input, then `SampleTexts.all`.
    let texts: [String]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let cut = Self.firstIndex(of: Self.separator, in: bytes) {
            spec = String(decoding: bytes[..<cut], as: UTF8.self)
            let text = String(decoding: bytes[(cut + Self.separator.count)...], as: UTF8.self)
            texts = [text] + SampleTexts.all
        } else {
            spec = String(decoding: bytes, as: UTF8.self)
            texts = [spec] + SampleTexts.all
        }
    }

    /// Where `needle` first occurs in `haystack`.
    static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            needle.indices.allSatisfy { haystack[start + $0] == needle[$0] }
        }
    }
}
