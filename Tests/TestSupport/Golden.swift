import Foundation

/// Golden files: a test's output compared byte for byte with a file checked into the tree.
///
/// `RICHRULES_UPDATE_GOLDENS=1` writes the output over each golden it differs from, and the
/// test fails naming every file written, so an update never passes silently: review the
/// diff, then run again without the variable. Any other value of the variable is an error.
public enum Golden {
    public static let variable = "RICHRULES_UPDATE_GOLDENS"

    /// Compares `actual` with the golden file at `url` (`name`, as failures show it) or, in
    /// update mode, writes it there when it differs. `nil` when the golden holds `actual`;
    /// otherwise the failure to report.
    public static func check(
        _ actual: String, against url: URL, name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String? {
        let expected = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        switch environment[variable] {
        case nil:
            guard let expected else { return "\(name) is missing; write it with \(variable)=1 and review it" }
            guard actual != expected else { return nil }
            return "\(name) differs; if the change is intended, run with \(variable)=1 and review the diff\n"
                + firstDifference(expected: expected, actual: actual)
        case "1":
            guard actual != expected else { return nil }
            try Data(actual.utf8).write(to: url, options: .atomic)
            return "updated \(name); review the diff and run again without \(variable)"
        case let value?:
            return "\(variable)=\(value) is not understood: set it to 1 to update the golden files, or unset it to compare"
        }
    }
}
