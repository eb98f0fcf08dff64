import Foundation

/// The Swift names the compiler gives a spec, for every phase that needs one: Sema (the
/// style table's `name`) and `rulegen` (output file names).
public enum TypeNames {
    /// The UpperCamelCase name of the spec at `path`: `agreement.richrules` → `Agreement`,
    /// `social-feed.richrules` → `SocialFeed`, `2fa.richrules` → `Spec2fa`; `Rules` when the
    /// file name has no ASCII letter or digit.
    public static func spec(atPath path: String) -> String {
        var stem = (path as NSString).lastPathComponent
        if let dot = stem.firstIndex(of: ".") { stem = String(stem[..<dot]) }
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Rules" }
        if name.first!.isNumber { name = "Spec" + name }
        return name
    }
}
