import Foundation

/// Reports a broken invariant on stderr and aborts: libFuzzer catches the signal and saves
/// the input that broke it.
func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    FileHandle.standardError.write(Data("RichRulesFuzz: invariant broken at \(file):\(line): \(message)\n".utf8))
    abort()
}

/// `fail(message)` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fail(message(), file: file, line: line) }
}

/// The value of `body`, or `fail` with what it threw.
func expectNoThrow<T>(_ what: String, file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        fail("\(what) threw \(error)", file: file, line: line)
    }
}
