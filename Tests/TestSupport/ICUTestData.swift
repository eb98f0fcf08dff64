import Foundation
import XCTest

/// ICU's regex test data (`icu-regextst.txt`), vendored as a resource of this target
/// (`Resources/ICU`, with its Unicode License V3 notice), for the parser's and the
/// automata's conformance tests.
public enum ICUTestData {
    public static var conformanceFile: URL {
        Bundle.module.url(forResource: "ICU/icu-regextst", withExtension: "txt")
            ?? Bundle.module.bundleURL.appendingPathComponent("ICU/icu-regextst.txt")
    }

    public static func conformanceText() throws -> String {
        do { return try String(contentsOf: conformanceFile, encoding: .utf8) } catch {
            XCTFail("ICU conformance file not readable at \(conformanceFile.path): \(error)")
            throw error
        }
    }
}
